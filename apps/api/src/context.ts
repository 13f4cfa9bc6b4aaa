import type { Db } from "@storyloom/db";
import type { Config } from "./config";
import type { Outbox } from "./outbox/outbox";

/** What every route handler can reach: settings, the database and the outbox. */
export interface AppContext {
  config: Config;
  db: Db;
  outbox: Outbox;
}
