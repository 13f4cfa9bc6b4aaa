// `pnpm --filter @storyloom/db seed`: migrate and seed the configured database.
import { openDb } from "../client";
import { migrate } from "../migrate";
import { seed } from "./index";

const handle = await openDb({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR ?? ".data/pglite" });
await migrate(handle);
await seed(handle.db);
await handle.close();
process.stdout.write(`seeded ${handle.kind}\n`);
