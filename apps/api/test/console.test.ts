import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { EndpointName, PlayerSummary, Setting, StaffAction, StaffLedgerEntry } from "@storyloom/contract";
import { stories } from "@storyloom/db";
import { SYSCONFIG_TTL_MS } from "../src/services/sysconfig";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { balanceAndLedger } from "./db";
import { callEndpoint, newGuest, signedInUser } from "./http";
import { chatMessageIds, makeStory, num, one, signInAs } from "./safety.support";

const ADMIN = "console.admin@example.com";
const SUPER = "console.super@example.com";
/** Listed in ADMIN_EMAILS, then demoted by a super admin. */
const LISTED = "console.listed@example.com";
let api: RunningApi;
let admin: { token: string; id: number };
let sup: { token: string; id: number };
let seeded: string;
beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: [ADMIN, SUPER, LISTED] });
  admin = await signInAs(api, ADMIN);
  sup = await signInAs(api, SUPER);
  await api.ctx.db.execute(sql`update users set role = 'super_admin' where id = ${sup.id}`);
  const [s] = await api.ctx.db.select({ id: stories.id }).from(stories).where(sql`${stories.authorId} is null`).limit(1);
  seeded = s!.id;
});
afterAll(() => api?.stop());

const db = process.env.DATABASE_URL ? "postgres" : "pglite";
const as = <T = Record<string, unknown>>(name: EndpointName, input: Record<string, unknown>, token = admin.token) => callEndpoint<T>(api, name, input, token);
const audits = (targetId: string, action?: string) =>
  num(api, sql`select count(*)::int from staff_actions where target_id = ${targetId} and (${action ?? null}::text is null or action = ${action ?? null})`);
const ledgerRows = (userId: number) => num(api, sql`select count(*)::int from coin_ledger where user_id = ${userId}`);
const coinsOf = async (userId: number) => (await balanceAndLedger(api.ctx.db, userId)).coins;
let keys = 0;
const newKey = () => `test-key-${process.pid}-${++keys}-${Math.random().toString(36).slice(2, 8)}`;
/** Polls `read` until it answers `want` or `seconds` pass (a settings change reaches every instance within its TTL). */
async function eventually<T>(read: () => Promise<T>, want: T, seconds: number): Promise<T> {
  const until = Date.now() + seconds * 1000;
  let got = await read();
  while (JSON.stringify(got) !== JSON.stringify(want) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    got = await read();
  }
  return got;
}
const listed = async <K extends string>(key: K) => (await callEndpoint<Record<K, unknown>>(api, "sysconfigList")).data[key];
type Adjusted = { applied: boolean; balance: number; entry: StaffLedgerEntry };

describe(`who may call the console (${db})`, () => {
  it("normal users and guests get 403 on every console route, no token 401, admins 403 on super-admin routes; nothing changes", async () => {
    const victim = await signedInUser(api, "Victim");
    const victimCoins = await coinsOf(victim.id);
    const reason = "a staff reason";
    const staffCalls: [EndpointName, Record<string, unknown>][] = [
      ["adminPlayerSearch", { q: "person" }],
      ["adminPlayerGet", { user_id: victim.id }],
      ["adminPlayerLedger", { user_id: victim.id }],
      ["adminPlayerChat", { user_id: victim.id, story_id: seeded }],
      ["adminCoinsAdjust", { user_id: victim.id, amount: 5, reason, idempotency_key: newKey() }],
      ["adminSessionsRevoke", { user_id: victim.id, reason }],
      ["adminAuditList", {}],
    ];
    const superCalls: [EndpointName, Record<string, unknown>][] = [
      ["adminSettingsList", {}],
      ["adminSettingsUpdate", { key: "invite_reward", value: 31, reason }],
      ["adminStaffList", {}],
      ["adminStaffSetRole", { user_id: victim.id, role: "admin", reason }],
    ];
    const normal = await signedInUser(api, "Normal");
    const guest = await newGuest(api);
    for (const [name, input] of [...staffCalls, ...superCalls]) {
      for (const [who, token] of [["normal", normal.token], ["guest", guest.token]] as const) {
        const r = await as(name, input, token);
        expect(r.status, `${name} as ${who}`).toBe(403);
        expect(r.code).toBe("FORBIDDEN");
      }
      expect((await callEndpoint(api, name, input)).status, `${name} without a token`).toBe(401);
    }
    for (const [name, input] of superCalls) expect((await as(name, input)).status, `${name} as admin`).toBe(403);
    expect(await coinsOf(victim.id)).toBe(victimCoins);
    expect(await audits(String(victim.id))).toBe(0);
    expect(await audits("invite_reward")).toBe(0);
    expect(await num(api, sql`select count(*)::int from sysconfig_history`)).toBe(0);
    expect((await one<{ role: string }>(api, sql`select role from users where id = ${victim.id}`)).role).toBe("normal");
    // The victim's session still works: the refused revocations did nothing.
    expect((await callEndpoint(api, "whoami", {}, victim.token)).status).toBe(200);
    // Staff get through: every staff route answers an admin, every route a super admin.
    for (const [name, input] of staffCalls.filter(([n]) => !n.startsWith("adminCoins") && !n.startsWith("adminSessions"))) {
      const r = await as(name, input);
      expect(r.status, `${name} as admin`).toBe(200);
      expect(r.headers.get("cache-control")).toBe("private, no-store");
    }
    expect((await as("adminSettingsList", {}, sup.token)).status).toBe(200);
    expect((await as("adminStaffList", {}, sup.token)).status).toBe(200);
  });
});

describe(`finding players (${db})`, () => {
  it("finds a player by e-mail (exact or prefix, any case), uuid, username (exact or prefix) and invite code", async () => {
    const p = await signedInUser(api, "Findable");
    const row = await one<{ uuid: string; email: string; invite_code: string | null }>(api, sql`select uuid, email, invite_code from users where id = ${p.id}`);
    const code = row.invite_code ?? `INV${p.id}X`;
    const username = `Finder_${process.pid}_${p.id}`;
    await api.ctx.db.execute(sql`update users set username = ${username}, invite_code = ${code} where id = ${p.id}`);
    const find = async (q: string) => (await as<{ players: PlayerSummary[] }>("adminPlayerSearch", { q, limit: 100 })).data.players.map((x) => x.id);
    for (const q of [row.email, row.email.toUpperCase(), row.email.slice(0, row.email.indexOf("@")), row.uuid, row.uuid.toUpperCase(), username, username.toLowerCase().slice(0, -2), code]) {
      expect(await find(q), q).toContain(p.id);
    }
    // LIKE wildcards are literal: "%" and "_" match no e-mail that does not start with them.
    expect(await find("%")).toEqual([]);
    expect(await find("_")).toEqual([]);
    expect(await find(code.slice(0, -1))).not.toContain(p.id); // invite codes match exactly
    const [found] = (await as<{ players: PlayerSummary[] }>("adminPlayerSearch", { q: row.uuid })).data.players;
    expect(found).toMatchObject({ id: p.id, uuid: row.uuid, email: row.email, username, invite_code: code, is_guest: false, brand: null, banned: false, deleted: false });
    expect(await find(String(p.id))).toContain(p.id);
    await api.ctx.db.execute(sql`update users set brand = 'playshot' where id = ${p.id}`);
    expect((await as<{ players: PlayerSummary[] }>("adminPlayerSearch", { q: row.uuid })).data.players[0]!.brand).toBe("playshot");
  });

  it("pages the results newest first without repeats; bad input is refused", async () => {
    for (let i = 0; i < 3; i++) await signedInUser(api, `Paged ${i}`);
    const q = `person-${process.pid}-`;
    const all = (await as<{ players: PlayerSummary[] }>("adminPlayerSearch", { q, limit: 100 })).data.players.map((x) => x.id);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const r: { players: PlayerSummary[]; next_cursor: string | null } = (await as<{ players: PlayerSummary[]; next_cursor: string | null }>("adminPlayerSearch", { q, limit: 2, ...(cursor ? { cursor } : {}) })).data;
      expect(r.players.length).toBeLessThanOrEqual(2);
      seen.push(...r.players.map((x) => x.id));
      cursor = r.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
    for (const bad of [{}, { q: "" }, { q: "   " }, { q: "x".repeat(255) }, { q: "a", cursor: "abc" }, { q: "a", limit: 0 }, { q: "a", limit: 101 }]) {
      expect((await as("adminPlayerSearch", bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe(`a player's detail (${db})`, () => {
  it("shows profile, sessions, chats (read-only, paged), ledger (paged) and reports sent", async () => {
    const p = await signedInUser(api, "Detailed");
    const ids = await chatMessageIds(api, p.token, seeded);
    const before = await coinsOf(p.id);
    const report = await callEndpoint(api, "reportCreate", { target_kind: "story", target_id: seeded, reason: "spam" }, p.token);
    expect(report.status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await as("adminCoinsAdjust", { user_id: p.id, amount: i + 1, reason: "bug refund", idempotency_key: newKey() })).status).toBe(200);
    type Detail = { player: PlayerSummary; sessions: { id: string; revoked_at: string | null }[]; chats: { story_id: string; messages: number }[]; reports_sent: { target_id: string }[] };
    const d = await as<Detail>("adminPlayerGet", { user_id: p.id });
    expect(d.status).toBe(200);
    expect(d.data.player).toMatchObject({ id: p.id, name: "Detailed", coins: before + 6 });
    expect(d.data.sessions.some((s) => s.revoked_at === null)).toBe(true);
    expect(d.data.chats).toEqual([expect.objectContaining({ story_id: seeded, messages: ids.length })]);
    expect(d.data.reports_sent.map((r) => r.target_id)).toEqual([seeded]);
    // Reports about the player: of a story they wrote. A ban through #43's route shows on the profile.
    const theirs = await makeStory(api, { authorId: p.id });
    const reporter = await signedInUser(api, "Reporter");
    expect((await callEndpoint(api, "reportCreate", { target_kind: "story", target_id: theirs.id, reason: "hate" }, reporter.token)).status).toBe(200);
    expect((await as("adminUserBan", { user_id: p.id, scope: "publish", reason: "hateful stories" })).status).toBe(200);
    const later = await as<Detail & { reports_about: { target_id: string; reporter_id: number }[] }>("adminPlayerGet", { user_id: p.id });
    expect(later.data.reports_about).toEqual([expect.objectContaining({ target_id: theirs.id, reporter_id: reporter.id })]);
    expect(later.data.player).toMatchObject({ publish_banned: true, banned: false });
    const ledger = await as<{ entries: StaffLedgerEntry[]; next_cursor: string }>("adminPlayerLedger", { user_id: p.id, limit: 2 });
    expect(ledger.data.entries.map((e) => e.amount)).toEqual([3, 2]);
    expect(ledger.data.entries[0]).toMatchObject({ reason: "staff-adjustment", balance_after: before + 6, meta: { staff_id: admin.id, reason: "bug refund" } });
    const rest = await as<{ entries: StaffLedgerEntry[]; next_cursor: string | null }>("adminPlayerLedger", { user_id: p.id, limit: 2, cursor: ledger.data.next_cursor });
    expect(rest.data.entries[0]).toMatchObject({ amount: 1, reason: "staff-adjustment" });
    expect(rest.data.entries.every((e) => Number(e.id) < Number(ledger.data.next_cursor))).toBe(true);
    const chat = await as<{ messages: { id: string }[]; next_cursor: string | null }>("adminPlayerChat", { user_id: p.id, story_id: seeded, limit: 1 });
    expect(chat.data.messages.map((m) => m.id)).toEqual([ids[ids.length - 1]]);
    const all = await as<{ messages: { id: string }[] }>("adminPlayerChat", { user_id: p.id, story_id: seeded, limit: 100 });
    expect(all.data.messages.map((m) => m.id)).toEqual([...ids].reverse());
    for (const [name, bad] of [
      ["adminPlayerGet", { user_id: "abc" }],
      ["adminPlayerGet", { user_id: 0 }],
      ["adminPlayerGet", {}],
      ["adminPlayerLedger", { user_id: p.id, cursor: "-1" }],
      ["adminPlayerChat", { user_id: p.id, story_id: "Not A Slug" }],
    ] as const) {
      expect((await as(name, bad)).status, `${name} ${JSON.stringify(bad)}`).toBe(400);
    }
    expect((await as("adminPlayerGet", { user_id: 2_000_000_000 })).status).toBe(404);
    expect((await as("adminPlayerLedger", { user_id: 2_000_000_000 })).status).toBe(404);
  });
});

describe(`granting and deducting coins (${db})`, () => {
  it("a grant writes one staff-adjustment ledger row and one audit row; a repeat of its key changes nothing", async () => {
    const p = await signedInUser(api, "Granted");
    const before = await coinsOf(p.id);
    const key = newKey();
    const input = { user_id: p.id, amount: 50, reason: "compensation for a bug", idempotency_key: key };
    const r = await as<Adjusted>("adminCoinsAdjust", input);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ applied: true, balance: before + 50, entry: { reason: "staff-adjustment", amount: 50, balance_after: before + 50 } });
    const row = await one<{ reason: string; meta: { staff_id: number; reason: string } }>(api, sql`select reason, meta from coin_ledger where id = ${Number(r.data.entry.id)}`);
    expect(row).toEqual({ reason: "staff-adjustment", meta: { staff_id: admin.id, reason: "compensation for a bug" } });
    const audit = await one<{ action: string; staff_id: number; reason: string; detail: { amount: number; ledger_id: string } }>(
      api,
      sql`select action, staff_id, reason, detail from staff_actions where target_kind = 'user' and target_id = ${String(p.id)}`,
    );
    expect(audit).toMatchObject({ action: "coins.grant", staff_id: admin.id, reason: "compensation for a bug", detail: { amount: 50, ledger_id: r.data.entry.id } });
    const again = await as<Adjusted>("adminCoinsAdjust", input);
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ applied: false, balance: before + 50, entry: { id: r.data.entry.id } });
    expect(await coinsOf(p.id)).toBe(before + 50);
    expect(await audits(String(p.id))).toBe(1);
    const { coins, sum } = await balanceAndLedger(api.ctx.db, p.id);
    expect(coins).toBe(sum);
  });

  it("the same key for another amount or another player is a 409 and changes nothing", async () => {
    const p = await signedInUser(api, "Keyed");
    const other = await signedInUser(api, "Other");
    const [before, otherRows] = [await coinsOf(p.id), await ledgerRows(other.id)];
    const key = newKey();
    expect((await as("adminCoinsAdjust", { user_id: p.id, amount: 10, reason: "first use", idempotency_key: key })).status).toBe(200);
    const rows = await ledgerRows(p.id);
    for (const input of [
      { user_id: p.id, amount: 11, reason: "other amount", idempotency_key: key },
      { user_id: p.id, amount: -10, reason: "other sign", idempotency_key: key },
      { user_id: other.id, amount: 10, reason: "other player", idempotency_key: key },
    ]) {
      const r = await as("adminCoinsAdjust", input);
      expect(r.status, JSON.stringify(input)).toBe(409);
      expect(r.message).toMatch(/idempotency key/);
    }
    expect(await ledgerRows(p.id)).toBe(rows);
    expect(await ledgerRows(other.id)).toBe(otherRows);
    expect(await coinsOf(p.id)).toBe(before + 10);
    expect(await audits(String(p.id))).toBe(1);
    expect(await audits(String(other.id))).toBe(0);
  });

  it("a deduction never takes the balance below 0: 409 naming the balance, nothing written; the exact balance can be taken", async () => {
    const p = await signedInUser(api, "Deducted");
    const start = await coinsOf(p.id);
    await as("adminCoinsAdjust", { user_id: p.id, amount: 30 - start, reason: "setup: 30 coins", idempotency_key: newKey() });
    expect(await coinsOf(p.id)).toBe(30);
    const rows = await ledgerRows(p.id);
    const r = await as("adminCoinsAdjust", { user_id: p.id, amount: -31, reason: "too much", idempotency_key: newKey() });
    expect(r.status).toBe(409);
    expect(r.code).toBe("CONFLICT");
    expect(r.message).toContain("only has 30 coins");
    expect(await ledgerRows(p.id)).toBe(rows);
    expect(await audits(String(p.id), "coins.deduct")).toBe(0);
    const all = await as<Adjusted>("adminCoinsAdjust", { user_id: p.id, amount: -30, reason: "take it all", idempotency_key: newKey() });
    expect(all.data).toMatchObject({ applied: true, balance: 0 });
    expect(await coinsOf(p.id)).toBe(0);
    expect(await audits(String(p.id), "coins.deduct")).toBe(1);
    expect((await as("adminCoinsAdjust", { user_id: p.id, amount: -1, reason: "from nothing", idempotency_key: newKey() })).message).toContain("only has 0 coins");
  });

  it("refuses bad input, unknown or merged players and the caller's own account, writing nothing", async () => {
    const p = await signedInUser(api, "Validated");
    const rows = await ledgerRows(p.id);
    const ok = { user_id: p.id, amount: 5, reason: "a reason", idempotency_key: newKey() };
    const bad: Record<string, unknown>[] = [
      { ...ok, amount: 0 },
      { ...ok, amount: 1.5 },
      { ...ok, amount: 1_000_001 },
      { ...ok, amount: -1_000_001 },
      { ...ok, amount: 1e20 },
      { ...ok, amount: "5" },
      { ...ok, amount: undefined },
      { ...ok, reason: undefined },
      { ...ok, reason: "  " },
      { ...ok, reason: "ab" },
      { ...ok, reason: "x".repeat(1001) },
      { ...ok, idempotency_key: undefined },
      { ...ok, idempotency_key: "short" },
      { ...ok, idempotency_key: "has spaces in it" },
      { ...ok, user_id: "abc" },
      { ...ok, user_id: 0 },
      { ...ok, user_id: -3 },
      { ...ok, extra: true },
    ];
    for (const input of bad) expect((await as("adminCoinsAdjust", input)).status, JSON.stringify(input)).toBe(400);
    expect((await as("adminCoinsAdjust", { ...ok, user_id: 2_000_000_000 })).status).toBe(404);
    const self = await as("adminCoinsAdjust", { ...ok, user_id: admin.id });
    expect(self.status).toBe(403);
    const guest = await newGuest(api);
    const merged = await signedInUser(api, "Merger");
    await api.ctx.db.execute(sql`update users set merged_into = ${merged.id} where id = ${guest.id}`);
    expect((await as("adminCoinsAdjust", { ...ok, user_id: guest.id })).status).toBe(409);
    expect(await ledgerRows(p.id)).toBe(rows);
    expect(await audits(String(p.id))).toBe(0);
    expect(await audits(String(admin.id))).toBe(0);
  });

  it("20 concurrent identical grants with one key credit once, with one ledger row and one audit row", async () => {
    const p = await signedInUser(api, "Concurrent");
    const before = await coinsOf(p.id);
    const input = { user_id: p.id, amount: 7, reason: "concurrent grant", idempotency_key: newKey() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => as<Adjusted>("adminCoinsAdjust", input)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.data.applied)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.data.entry.id)).size).toBe(1);
    expect(await coinsOf(p.id)).toBe(before + 7);
    expect(await num(api, sql`select count(*)::int from coin_ledger where user_id = ${p.id} and reason = 'staff-adjustment'`)).toBe(1);
    expect(await audits(String(p.id), "coins.grant")).toBe(1);
    const { coins, sum } = await balanceAndLedger(api.ctx.db, p.id);
    expect(coins).toBe(sum);
  });
});

describe(`coins under concurrency (${db})`, () => {
  it("20 concurrent deductions of 10 from 50 coins: exactly 5 go through, the rest are 409, the balance ends at 0", async () => {
    const p = await signedInUser(api, "Drained");
    const start = await coinsOf(p.id);
    await as("adminCoinsAdjust", { user_id: p.id, amount: 50 - start, reason: "setup: 50 coins", idempotency_key: newKey() });
    const answers = await Promise.all(Array.from({ length: 20 }, () => as<Adjusted>("adminCoinsAdjust", { user_id: p.id, amount: -10, reason: "drain", idempotency_key: newKey() })));
    expect(answers.filter((a) => a.status === 200 && a.data.applied)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(15);
    expect(await coinsOf(p.id)).toBe(0);
    expect(await audits(String(p.id), "coins.deduct")).toBe(5);
    const { coins, sum } = await balanceAndLedger(api.ctx.db, p.id);
    expect(coins).toBe(sum);
  });

  it("one key sent at once with two amounts: one is applied, the other is a 409", async () => {
    const p = await signedInUser(api, "Raced");
    const before = await coinsOf(p.id);
    const key = newKey();
    const amounts = [5, 6, 5, 6];
    const answers = await Promise.all(amounts.map((amount) => as<Adjusted>("adminCoinsAdjust", { user_id: p.id, amount, reason: "race", idempotency_key: key })));
    const won = answers.find((a) => a.status === 200 && a.data.applied)!;
    expect(answers.filter((a) => a.status === 200 && a.data.applied)).toHaveLength(1);
    const amount = won.data.entry.amount;
    answers.forEach((a, i) => expect(a.status).toBe(amounts[i] === amount ? 200 : 409));
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
    expect(await coinsOf(p.id)).toBe(before + amount);
    expect(await audits(String(p.id))).toBe(1);
  });
});

describe(`revoking a player's sessions (${db})`, () => {
  it("ends every live session at once, audited; again is a 409 that writes nothing; a reason is required", async () => {
    const p = await signedInUser(api, "Revoked");
    expect((await callEndpoint(api, "whoami", {}, p.token)).status).toBe(200);
    expect((await as("adminSessionsRevoke", { user_id: p.id })).status).toBe(400);
    expect((await as("adminSessionsRevoke", { user_id: p.id, reason: "x" })).status).toBe(400);
    expect((await as("adminSessionsRevoke", { user_id: "nope", reason: "stolen account" })).status).toBe(400);
    expect((await as("adminSessionsRevoke", { user_id: 2_000_000_000, reason: "stolen account" })).status).toBe(404);
    expect((await callEndpoint(api, "whoami", {}, p.token)).status).toBe(200);
    const r = await as<{ revoked: number }>("adminSessionsRevoke", { user_id: p.id, reason: "stolen account" });
    expect(r.status).toBe(200);
    expect(r.data.revoked).toBeGreaterThanOrEqual(1);
    expect((await callEndpoint(api, "whoami", {}, p.token)).status).toBe(401);
    expect(await audits(String(p.id), "user.sessions_revoke")).toBe(1);
    expect((await as("adminSessionsRevoke", { user_id: p.id, reason: "stolen account" })).status).toBe(409);
    expect(await audits(String(p.id), "user.sessions_revoke")).toBe(1);
    // An admin cannot end a super admin's sessions.
    expect((await as("adminSessionsRevoke", { user_id: sup.id, reason: "not allowed" })).status).toBe(403);
    expect((await callEndpoint(api, "whoami", {}, sup.token)).status).toBe(200);
  });
});

describe(`the audit log (${db})`, () => {
  it("lists staff actions newest first, filtered by staff, action, target and dates, paged without repeats", async () => {
    const p = await signedInUser(api, "Audited");
    const t0 = new Date(Date.now() - 1000).toISOString();
    for (const amount of [1, 2, 3]) await as("adminCoinsAdjust", { user_id: p.id, amount, reason: `grant ${amount}`, idempotency_key: newKey() });
    await as("adminCoinsAdjust", { user_id: p.id, amount: -1, reason: "deduct one", idempotency_key: newKey(), }, sup.token);
    type List = { actions: StaffAction[]; next_cursor: string | null };
    const mine = await as<List>("adminAuditList", { target_kind: "user", target_id: String(p.id) });
    expect(mine.data.actions.map((a) => a.reason)).toEqual(["deduct one", "grant 3", "grant 2", "grant 1"]);
    expect(mine.data.actions[0]!.staff).toEqual({ id: sup.id, name: expect.any(String) });
    const grants = await as<List>("adminAuditList", { target_id: String(p.id), action: "coins.grant" });
    expect(grants.data.actions.map((a) => a.reason)).toEqual(["grant 3", "grant 2", "grant 1"]);
    const bySuper = await as<List>("adminAuditList", { staff_id: sup.id, target_id: String(p.id) });
    expect(bySuper.data.actions.map((a) => a.reason)).toEqual(["deduct one"]);
    const inRange = await as<List>("adminAuditList", { target_id: String(p.id), from: t0, to: new Date(Date.now() + 60_000).toISOString() });
    expect(inRange.data.actions).toHaveLength(4);
    const before = await as<List>("adminAuditList", { target_id: String(p.id), to: t0 });
    expect(before.data.actions).toHaveLength(0);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: List = (await as<List>("adminAuditList", { target_id: String(p.id), limit: 3, ...(cursor ? { cursor } : {}) })).data;
      seen.push(...r.actions.map((a) => a.id));
      cursor = r.next_cursor;
    } while (cursor);
    expect(seen).toEqual(mine.data.actions.map((a) => a.id));
    for (const bad of [{ from: "yesterday" }, { to: "2026-13-01" }, { from: "2026-02-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }, { staff_id: "x" }, { cursor: "0" }, { limit: 101 }]) {
      expect((await as("adminAuditList", bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe(`settings (${db})`, () => {
  it("a super admin changes a setting: in sysconfig.list at once, with a history row and an audit row", async () => {
    const list = await as<{ settings: Setting[]; effective_within_s: number }>("adminSettingsList", {}, sup.token);
    expect(list.status, list.message).toBe(200);
    expect(list.data.effective_within_s).toBeLessThanOrEqual(60);
    const cost = list.data.settings.find((s) => s.key === "chat_cost_per_reply")!;
    expect(cost).toMatchObject({ value: 1, default: 1, history: [] });
    expect(list.data.settings.map((s) => s.key).sort()).toEqual(["chat_cost_per_reply", "checkin_rewards", "currency", "invite_reward", "new_guest_coins", "task_rewards"]);
    expect((await callEndpoint<{ chat_cost_per_reply: number }>(api, "sysconfigList")).data.chat_cost_per_reply).toBe(1);
    const r = await as<{ setting: Setting; effective_within_s: number }>("adminSettingsUpdate", { key: "chat_cost_per_reply", value: 2, reason: "price change" }, sup.token);
    expect(r.status).toBe(200);
    expect(r.data.setting).toMatchObject({ key: "chat_cost_per_reply", value: 2, default: 1, history: [{ value: 2, previous: 1, reason: "price change", staff: { id: sup.id } }] });
    expect(await eventually(() => listed("chat_cost_per_reply"), 2, r.data.effective_within_s)).toBe(2);
    expect(await audits("chat_cost_per_reply", "sysconfig.update")).toBe(1);
    // The same value again changes nothing.
    expect((await as("adminSettingsUpdate", { key: "chat_cost_per_reply", value: 2, reason: "again" }, sup.token)).status).toBe(409);
    expect(await audits("chat_cost_per_reply")).toBe(1);
    expect(await num(api, sql`select count(*)::int from sysconfig_history where key = 'chat_cost_per_reply'`)).toBe(1);
    const rewards = [1, 2, 3, 4, 5, 6, 7];
    expect((await as("adminSettingsUpdate", { key: "checkin_rewards", value: rewards, reason: "new calendar" }, sup.token)).status).toBe(200);
    expect(await eventually(() => listed("checkin_rewards"), rewards, r.data.effective_within_s)).toEqual(rewards);
    const after = await as<{ settings: Setting[] }>("adminSettingsList", {}, sup.token);
    expect(after.data.settings.find((s) => s.key === "checkin_rewards")!.history).toHaveLength(1);
    // Put the price back for the rest of the file.
    expect((await as("adminSettingsUpdate", { key: "chat_cost_per_reply", value: 1, reason: "price back" }, sup.token)).status).toBe(200);
    expect(await eventually(() => listed("chat_cost_per_reply"), 1, r.data.effective_within_s)).toBe(1);
  });

  it("a change made elsewhere (another instance) is in sysconfig.list once this instance's cache lapses", async () => {
    const list = await as<{ effective_within_s: number }>("adminSettingsList", {}, sup.token);
    expect(list.data.effective_within_s).toBe(Math.ceil(SYSCONFIG_TTL_MS / 1000));
    expect(await listed("new_guest_coins")).toBe(20); // now cached here
    await api.ctx.db.execute(sql`insert into sysconfig (key, value, public) values ('new_guest_coins', '25'::jsonb, true)
      on conflict (key) do update set value = excluded.value`);
    const started = Date.now();
    expect(await eventually(() => listed("new_guest_coins"), 25, list.data.effective_within_s + 1)).toBe(25);
    expect(Date.now() - started).toBeLessThanOrEqual((list.data.effective_within_s + 1) * 1000);
    await api.ctx.db.execute(sql`update sysconfig set value = '20'::jsonb where key = 'new_guest_coins'`);
  });

  it("refuses values the contract's schema refuses, unknown keys and a missing reason, writing nothing", async () => {
    const history = await num(api, sql`select count(*)::int from sysconfig_history`);
    const bad: Record<string, unknown>[] = [
      { key: "chat_cost_per_reply", value: -1 },
      { key: "chat_cost_per_reply", value: 1.5 },
      { key: "chat_cost_per_reply", value: "3" },
      { key: "chat_cost_per_reply", value: 100_001 },
      { key: "chat_cost_per_reply", value: null },
      { key: "checkin_rewards", value: [1, 2, 3] },
      { key: "task_rewards", value: { "play-game": 1 } },
      { key: "task_rewards", value: { "play-game": 1, "share-game": 1, "create-story": 1, "invite-friend": 1, "mine-gold": 5 } },
      { key: "currency", value: "US Dollars" },
      { key: "limits", value: 3 },
      { key: "invite_reward" },
    ];
    for (const input of bad) {
      const r = await as("adminSettingsUpdate", { reason: "a reason", ...input }, sup.token);
      expect(r.status, JSON.stringify(input)).toBe(400);
      expect(r.code).toBe("VALIDATION_ERROR");
    }
    expect((await as("adminSettingsUpdate", { key: "invite_reward", value: 40 }, sup.token)).status).toBe(400);
    expect((await as("adminSettingsUpdate", { key: "invite_reward", value: 40, reason: "no" }, sup.token)).status).toBe(400);
    expect(await num(api, sql`select count(*)::int from sysconfig_history`)).toBe(history);
    expect(await listed("invite_reward")).toBe(30);
  });
});

describe(`staff roles (${db})`, () => {
  it("a super admin grants and removes the admin role, audited; the new admin gets through at once", async () => {
    const p = await signedInUser(api, "Promoted");
    expect((await as("adminPlayerSearch", { q: "x" }, p.token)).status).toBe(403);
    const r = await as<{ user: { id: number; role: string } }>("adminStaffSetRole", { user_id: p.id, role: "admin", reason: "new hire" }, sup.token);
    expect(r.data.user).toMatchObject({ id: p.id, role: "admin" });
    expect((await as("adminPlayerSearch", { q: "x" }, p.token)).status).toBe(200);
    const staff = await as<{ staff: { id: number; role: string }[] }>("adminStaffList", {}, sup.token);
    expect(staff.data.staff.map((s) => s.id)).toEqual(expect.arrayContaining([admin.id, sup.id, p.id]));
    expect((await as("adminStaffSetRole", { user_id: p.id, role: "admin", reason: "twice" }, sup.token)).status).toBe(409);
    expect((await as("adminStaffSetRole", { user_id: p.id, role: "normal", reason: "left the company" }, sup.token)).status).toBe(200);
    expect((await as("adminPlayerSearch", { q: "x" }, p.token)).status).toBe(403);
    expect(await audits(String(p.id), "staff.grant")).toBe(1);
    expect(await audits(String(p.id), "staff.remove")).toBe(1);
  });

  it("an ADMIN_EMAILS address a super admin demoted stays demoted at its next sign-in", async () => {
    const listed = await signInAs(api, LISTED);
    expect(listed.role).toBe("admin");
    expect((await as("adminStaffSetRole", { user_id: listed.id, role: "normal", reason: "left the team" }, sup.token)).status).toBe(200);
    expect((await signInAs(api, LISTED)).role).toBe("normal");
    expect((await one<{ role: string }>(api, sql`select role from users where id = ${listed.id}`)).role).toBe("normal");
  });

  it("a super admin cannot demote themselves nor change a super admin; guests cannot be staff; bad input is refused", async () => {
    expect((await as("adminStaffSetRole", { user_id: sup.id, role: "normal", reason: "step down" }, sup.token)).status).toBe(403);
    expect((await one<{ role: string }>(api, sql`select role from users where id = ${sup.id}`)).role).toBe("super_admin");
    const other = await signInAs(api, "console.super2@example.com");
    await api.ctx.db.execute(sql`update users set role = 'super_admin' where id = ${other.id}`);
    expect((await as("adminStaffSetRole", { user_id: other.id, role: "normal", reason: "coup" }, sup.token)).status).toBe(403);
    const guest = await newGuest(api);
    expect((await as("adminStaffSetRole", { user_id: guest.id, role: "admin", reason: "a guest" }, sup.token)).status).toBe(409);
    for (const bad of [{ user_id: guest.id, role: "super_admin", reason: "promote" }, { user_id: guest.id, role: "admin" }, { user_id: "x", role: "admin", reason: "abc" }]) {
      expect((await as("adminStaffSetRole", bad, sup.token)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await as("adminStaffSetRole", { user_id: 2_000_000_000, role: "admin", reason: "nobody" }, sup.token)).status).toBe(404);
    expect(await audits(String(sup.id))).toBe(0);
    expect(await audits(String(other.id))).toBe(0);
    expect(await audits(String(guest.id))).toBe(0);
  });
});
