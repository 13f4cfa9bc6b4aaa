// The first-staff command: `pnpm --filter @storyloom/api admin:grant <email> [--super]`.
// Makes the account with that e-mail staff (admin; super_admin with --super), creating a normal
// account first when there is none, so the person signs in with the e-mail code flow. Reads the
// API's configuration: DATABASE_URL (PostgreSQL, the API may run) or PGLITE_DIR (the embedded
// database, which only one process may open: stop the API first). The grant is in the audit log
// (staff_actions) as the account's own action ("staff.grant", staff id = the account granted, no
// other staff exists to name), with `detail.via = "cli"`. Exit codes: 0 done (or nothing to do),
// 1 refused or failed, 2 usage.
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { Email } from "@storyloom/contract";
import { migrate, openDb, users, type Db } from "@storyloom/db";
import { loadConfig, type Config } from "../config";
import { nameFromEmail, outranks } from "../services/accounts";
import { recordStaffAction } from "../services/audit";
import { newInviteCode } from "../services/invites";

/** How to call the command. */
export const USAGE = "usage: pnpm --filter @storyloom/api admin:grant <email> [--super]";

/** The command's arguments, or null when they are not `<email> [--super]`. */
export function parseGrantArgs(argv: string[]): { email: string; superAdmin: boolean } | null {
  const flags = argv.filter((a) => a.startsWith("-"));
  const rest = argv.filter((a) => !a.startsWith("-"));
  if (rest.length !== 1 || flags.some((f) => f !== "--super")) return null;
  const email = Email.safeParse(rest[0]);
  return email.success ? { email: email.data, superAdmin: flags.includes("--super") } : null;
}

/** What a grant did. */
export interface GrantOutcome {
  userId: number;
  email: string;
  /** the account's role before (null: the account was made now) and after */
  previous: string | null;
  role: string;
  /** false when the account already had this role or a higher one (nothing written) */
  changed: boolean;
}

/**
 * Makes the account of `email` an admin (or super admin), creating it when missing, and writes the
 * audit row in the same transaction. A role is only raised: a super admin granted admin stays one.
 * Refuses a banned or deleted account (throws).
 */
export async function grantStaff(db: Db, email: string, opts: { superAdmin: boolean }): Promise<GrantOutcome> {
  const role = opts.superAdmin ? "super_admin" : "admin";
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(users).where(eq(users.email, email)).for("update");
    if (found && (found.status !== "normal" || found.deletedAt)) {
      throw new Error(`the account of ${email} is ${found.deletedAt ? "deleted" : "banned"}; it cannot be made staff`);
    }
    if (found && !outranks(role, found.role)) return { userId: found.id, email, previous: found.role, role: found.role, changed: false };
    const [row] = found
      ? await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, found.id)).returning()
      : await tx.insert(users).values({ email, isGuest: false, role, name: nameFromEmail(email), inviteCode: newInviteCode() }).returning();
    const previous = found?.role ?? null;
    await recordStaffAction(tx, {
      staffId: row!.id,
      action: "staff.grant",
      targetKind: "user",
      targetId: String(row!.id),
      reason: "admin:grant command line",
      detail: { via: "cli", role, previous, created: !found },
    });
    return { userId: row!.id, email, previous, role, changed: true };
  });
}

/**
 * Whether an API answers at the configured HOST:PORT: on the embedded database it would hold the
 * same PGLITE_DIR, which PGlite does not lock, and two processes writing it corrupt it.
 */
async function apiIsUp(config: Config): Promise<boolean> {
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  try {
    const res = await fetch(`http://${host.includes(":") ? `[${host}]` : host}:${config.PORT}/healthz`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Runs the command with `argv` (without node and the script); answers the exit code. */
export async function runAdminGrant(argv: string[], config: Config, print: (line: string) => void, open = () => openDb({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.PGLITE_DIR })): Promise<number> {
  const args = parseGrantArgs(argv);
  if (!args) {
    print(USAGE);
    return 2;
  }
  if (!config.DATABASE_URL && (await apiIsUp(config))) {
    print(`✖ the embedded database ${config.PGLITE_DIR} is in use by the API at ${config.HOST}:${config.PORT}: stop the API first (PGlite serves one process), or set DATABASE_URL`);
    return 1;
  }
  const handle = await open();
  try {
    await migrate(handle);
    const out = await grantStaff(handle.db, args.email, args);
    if (!out.changed) print(`${out.email} is already ${out.role}; nothing changed`);
    else print(`${out.email} is now ${out.role}${out.previous ? ` (was ${out.previous})` : " (new account: sign in with the e-mail code)"}`);
    return 0;
  } catch (err) {
    print(`✖ ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const print = (line: string) => process.stdout.write(`${line}\n`);
  let config: Config | undefined;
  try {
    config = loadConfig();
  } catch (err) {
    print(`✖ ${(err as Error).message}`);
    process.exitCode = 1;
  }
  if (config) process.exitCode = await runAdminGrant(process.argv.slice(2), config, print);
}
