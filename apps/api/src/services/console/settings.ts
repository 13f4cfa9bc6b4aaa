import { isDeepStrictEqual } from "node:util";
import { eq, inArray, sql } from "drizzle-orm";
import { SettingKey, SettingValues, type EndpointData, type EndpointParsedInput, type Setting } from "@storyloom/contract";
import { defaultSysconfig, rowsOf, sysconfig, sysconfigHistory, type Db, type Tx } from "@storyloom/db";
import type { AuthedUser } from "../../auth/session";
import { ApiError } from "../../errors";
import { recordStaffAction } from "../audit";
import { clearSysconfigCache, SYSCONFIG_TTL_MS } from "../sysconfig";

/** Most earlier values each setting lists (newest first). */
export const SETTING_HISTORY_LIMIT = 20;
/**
 * How soon a change is in effect everywhere: each API instance keeps the settings for
 * SYSCONFIG_TTL_MS (the instance that made the change forgets them at once).
 */
const EFFECTIVE_WITHIN_S = Math.ceil(SYSCONFIG_TTL_MS / 1000);

type History = Setting["history"];

interface HistoryRow {
  id: unknown;
  key: string;
  value: unknown;
  previous: unknown;
  staff_id: unknown;
  name: string;
  reason: string;
  created_at: unknown;
}

/** The stored history of some settings, newest first, at most {@link SETTING_HISTORY_LIMIT} each. */
async function historyOf(db: Db | Tx, keys: SettingKey[]): Promise<Map<string, History>> {
  const rows = rowsOf<HistoryRow>(
    await db.execute(sql`
      select h.id, h.key, h.value, h.previous, h.staff_id, u.name, h.reason, h.created_at
      from (select *, row_number() over (partition by key order by id desc) as rank
            from sysconfig_history where key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})) h
      join users u on u.id = h.staff_id
      where h.rank <= ${SETTING_HISTORY_LIMIT}
      order by h.id desc`),
  );
  const out = new Map<string, History>();
  for (const h of rows) {
    const list = out.get(h.key) ?? [];
    const at = h.created_at instanceof Date ? h.created_at : new Date(String(h.created_at));
    list.push({ id: String(h.id), value: h.value, previous: h.previous ?? null, staff: { id: Number(h.staff_id), name: h.name }, reason: h.reason, created_at: at.toISOString() });
    out.set(h.key, list);
  }
  return out;
}

/** The settings as stored over their defaults, each with its history. */
async function settingsOf(db: Db | Tx, keys: SettingKey[]): Promise<Setting[]> {
  const stored = await db.select().from(sysconfig).where(inArray(sysconfig.key, keys));
  const values = new Map(stored.map((r) => [r.key, r.value]));
  const history = await historyOf(db, keys);
  const defaults = defaultSysconfig as Record<SettingKey, unknown>;
  return keys.map((key) => ({ key, value: values.get(key) ?? defaults[key], default: defaults[key], history: history.get(key) ?? [] }));
}

/** Every setting staff may change, with its value, default and history. */
export async function listSettings(db: Db): Promise<EndpointData<"adminSettingsList">> {
  return { settings: await settingsOf(db, SettingKey.options), effective_within_s: EFFECTIVE_WITHIN_S };
}

/** The new value checked by the contract's schema of its key; VALIDATION_ERROR naming the problem. */
function checkedValue(key: SettingKey, value: unknown): unknown {
  const parsed = SettingValues[key].safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = ["value", ...issue.path].join(".");
  throw new ApiError("VALIDATION_ERROR", `Invalid body: ${path} ${issue.message}`, { fields: [{ path, message: issue.message }] });
}

/**
 * Changes one setting (super admins only; the route checks): the value, its history row and the
 * audit row commit together. The value is in `sysconfig.list` on this instance at once and on every
 * other within {@link EFFECTIVE_WITHIN_S} seconds. CONFLICT when the value is already in effect.
 */
export async function updateSetting(db: Db, staff: AuthedUser["user"], input: EndpointParsedInput<"adminSettingsUpdate">): Promise<EndpointData<"adminSettingsUpdate">> {
  const value = checkedValue(input.key, input.value);
  const setting = await db.transaction(async (tx) => {
    // The row exists from here on (with the value in effect), so it can be locked against a concurrent change.
    const fallback = JSON.stringify((defaultSysconfig as Record<string, unknown>)[input.key]);
    await tx.execute(sql`insert into sysconfig (key, value, public) values (${input.key}, ${fallback}::jsonb, true) on conflict (key) do nothing`);
    const [row] = await tx.select().from(sysconfig).where(eq(sysconfig.key, input.key)).for("update");
    if (isDeepStrictEqual(row!.value, value)) throw new ApiError("CONFLICT", `${input.key} already has this value`);
    await tx.update(sysconfig).set({ value, public: true }).where(eq(sysconfig.key, input.key));
    await tx.insert(sysconfigHistory).values({ key: input.key, value, previous: row!.value, staffId: staff.id, reason: input.reason });
    await recordStaffAction(tx, { staffId: staff.id, action: "sysconfig.update", targetKind: "sysconfig", targetId: input.key, reason: input.reason, detail: { from: row!.value, to: value } });
    const [s] = await settingsOf(tx, [input.key]);
    return s!;
  });
  clearSysconfigCache(db);
  return { setting, effective_within_s: EFFECTIVE_WITHIN_S };
}
