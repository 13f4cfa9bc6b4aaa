// The API process: `pnpm --filter @storyloom/api start`.
import { mkdirSync } from "node:fs";
import { embeddedDefaults, loadConfig, type Config } from "./config";
import { startApi } from "./server";

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A readable refusal, not a stack trace: the message names every setting to fix.
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
if (!config.DATABASE_URL) mkdirSync(config.PGLITE_DIR, { recursive: true });
const api = await startApi(config);
const defaults = embeddedDefaults(config);
if (defaults.length > 0) api.app.log.warn(`embedded defaults active:\n  - ${defaults.join("\n  - ")}`);
api.app.log.info(`API ready at ${api.url}/api/v1 (${api.handle.kind})`);
// Started by another process (src/cluster/instances.ts): tell it where, and end with it.
if (process.send && process.env.API_READY_IPC === "1") {
  process.send({ type: "ready", url: api.url });
  process.once("disconnect", () => void api.stop().then(() => process.exit(0)));
}

// A signal stops new connections, lets open replies finish within SHUTDOWN_GRACE_MS, then exits.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    api.app.log.info(`${signal}: shutting down (open replies get ${config.SHUTDOWN_GRACE_MS} ms)`);
    void api.drain(config.SHUTDOWN_GRACE_MS).then(
      () => process.exit(0),
      (err: unknown) => {
        api.app.log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
