import { brandNextConfig } from "@storyloom/next-config";

// This app is the storyloom brand; everything else is shared.
export default brandNextConfig("storyloom");
