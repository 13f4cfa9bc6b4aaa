import { brandNextConfig } from "@storyloom/next-config";

// This app is the playshot brand; everything else is shared.
export default brandNextConfig("playshot");
