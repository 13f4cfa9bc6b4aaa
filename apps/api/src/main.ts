// The API process: `pnpm --filter @storyloom/api start`.
import { mkdirSync } from "node:fs";
import { loadConfig } from "./config";
import { startApi } from "./server";

const config = loadConfig();
if (!config.DATABASE_URL) mkdirSync(config.PGLITE_DIR, { recursive: true });
const api = await startApi(config);
api.app.log.info(`API ready at ${api.url}/api/v1 (${api.handle.kind})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    api.app.log.info(`${signal}: shutting down`);
    void api.stop().then(() => process.exit(0));
  });
}
