import { eq } from "drizzle-orm";
import { defaultSysconfig, sysconfig, type Db, type Tx } from "@storyloom/db";
import { Sysconfig } from "@storyloom/contract";

/** How long each process keeps the settings: a change is in effect on every instance within it. */
export const SYSCONFIG_TTL_MS = 5_000;
const cache = new WeakMap<object, { at: number; value: Sysconfig }>();

/**
 * Public settings (rewards, chat cost…), read from the sysconfig table over the defaults. Kept for
 * five seconds per process: it is the same for everyone and read on hot paths. Inside a transaction
 * pass it as `via`: a miss is then read through it (on PGlite the outer connection waits for the
 * transaction to end, so reading through `db` there would never return).
 */
export async function getSysconfig(db: Db, via: Db | Tx = db): Promise<Sysconfig> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < SYSCONFIG_TTL_MS) return hit.value;
  const rows = await via.select().from(sysconfig).where(eq(sysconfig.public, true));
  const merged: Record<string, unknown> = { ...defaultSysconfig };
  for (const r of rows) merged[r.key] = r.value;
  // Stored data from an older version may be malformed: fall back to the defaults field by field.
  const parsed = Sysconfig.safeParse(merged);
  const value = parsed.success ? parsed.data : Sysconfig.parse(defaultSysconfig);
  cache.set(db, { at: Date.now(), value });
  return value;
}

/** Forgets the cached settings (after an admin change, in tests). */
export const clearSysconfigCache = (db: Db) => cache.delete(db);
