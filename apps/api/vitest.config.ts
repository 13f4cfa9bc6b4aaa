import { vitestConfig } from "@storyloom/vitest-config";
export default vitestConfig({ fileParallelism: true, maxWorkers: 2 });
