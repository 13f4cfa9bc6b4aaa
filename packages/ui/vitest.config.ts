import { vitestConfig } from "@storyloom/vitest-config";
// Components need a DOM; happy-dom is the lighter of the two supported ones.
export default vitestConfig({ environment: "happy-dom" });
