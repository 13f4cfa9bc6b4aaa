import { vitestConfig } from "@storyloom/vitest-config";

// *.scale-out.test.ts test the load balancer in front of several instances: they run only in the
// scale-out stage (API_TEST_INSTANCES ≥ 2, `pnpm test:scale-out`), where nginx is there.
const scaledOut = Number(process.env.API_TEST_INSTANCES ?? 1) > 1;
export default vitestConfig({ fileParallelism: true, maxWorkers: 2, ...(scaledOut ? {} : { exclude: ["**/node_modules/**", "test/**/*.scale-out.test.ts"] }) });
