import { vitestConfig } from "@storyloom/vitest-config";
export default vitestConfig();
