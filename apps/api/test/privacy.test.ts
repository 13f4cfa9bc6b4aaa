import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@storyloom/db";
import { readCode } from "@storyloom/test-api";
import type { User } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { applyLedger } from "../src/services/ledger";
import { DELETED_NAME, EXPORT_ROWS_PER_TABLE, EXPORTS_PER_HOUR, eraseDueAccounts } from "../src/services/privacy";
import { balanceAndLedger } from "./db";
import { callEndpoint, newGuest } from "./http";

let api: RunningApi;
let db: Db;
beforeAll(async () => {
  // Deletions are due at once, and the worker's timer never fires during the suite: the tests run its passes.
  api = await startTestApi({ ACCOUNT_DELETION_DAYS: 0, DELETION_POLL_MS: 3_600_000 });
  db = api.handle.db;
});
afterAll(() => api.stop());

const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q));
const one = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0]!;
const unique = (tag: string) => `${tag}${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
/** An id for rows that keep their ids after erasure (orders, stories): no marker in it. */
const rowId = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** Every table of the export, as the service names them. */
const TABLES = [
  "sessions", "coin_ledger", "orders", "chat_messages", "chat_branches", "chat_memories", "game_history", "favorites", "subscriptions", "check_ins", "task_progress",
  "story_drafts", "story_versions", "stories", "reports", "notices", "meta_events", "flagged_messages", "account_deletions",
];

let people = 0;
/** A player signed in by e-mail (a guest first, converted), named with `marker` so a scan can find every trace of them. */
async function player(marker: string) {
  const g = await newGuest(api);
  const email = `privacy-${process.pid}-${++people}-${marker}@example.com`;
  await callEndpoint(api, "sendCode", { email });
  const login = await callEndpoint<{ auth: { access_token: string; refresh_token: string }; user: { id: number } }>(api, "login", {
    email,
    code: await readCode(api, email),
    user_id: g.uuid,
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.message}`);
  const token = login.data.auth.access_token;
  expect((await callEndpoint(api, "updateUserInfo", { name: `Name ${marker}`, username: marker.slice(0, 30), avatar_url: `https://example.com/${marker}.png` }, token)).status).toBe(200);
  return { token, refresh: login.data.auth.refresh_token, id: login.data.user.id, email, device: g.device_id };
}

/** A seeded catalogue story another player's rows can point at. */
async function seededStory(): Promise<{ id: string; category: string }> {
  return one<{ id: string; category: string }>(sql`select id, category_id as category from stories where author_id is null order by id limit 1`);
}

/**
 * Gives a player a row (with `marker` in its text where it has text) in every table that holds a
 * player's data: through the API where it is cheap, else as the services write them.
 */
async function fill(p: { id: number; token: string; email: string }, marker: string): Promise<{ storyId: string; orderId: string }> {
  const story = await seededStory();
  const ref = rowId();
  expect((await callEndpoint(api, "checkInCreate", {}, p.token)).status).toBe(200);
  expect((await callEndpoint(api, "favoriteCreate", { story_id: story.id }, p.token)).status).toBe(200);
  const orderId = `ord-${ref}`;
  await db.execute(sql`insert into orders (id, user_id, provider, price_id, amount, coins, status, paid_at) values (${orderId}, ${p.id}, 'stripe', 'coins-100', 499, 100, 'paid', now())`);
  await applyLedger(db, { userId: p.id, amount: 100, reason: "purchase", idempotencyKey: `purchase:${orderId}`, meta: { order_id: orderId } });
  // A chat with a branch of its own (issue 45), its memory keyed to it.
  const branch = await one<{ id: number }>(sql`insert into chat_branches (user_id, story_id, active) values (${p.id}, ${story.id}, true) returning id`);
  await db.execute(sql`insert into chat_messages (user_id, story_id, role, content, source, reasoning, branch_id) values (${p.id}, ${story.id}, 'user', ${`chat ${marker}`}, 'typed', ${`why ${marker}`}, ${branch.id})`);
  await db.execute(sql`insert into chat_memories (user_id, story_id, branch_id, summary, pins) values (${p.id}, ${story.id}, ${String(branch.id)}, ${`summary ${marker}`}, ${JSON.stringify([`pin ${marker}`])}::jsonb)`);
  await db.execute(sql`insert into game_history (user_id, story_id) values (${p.id}, ${story.id})`);
  await db.execute(sql`insert into subscriptions (user_id, story_id, email, token) values (${p.id}, ${story.id}, ${p.email}, ${`tok-a-${marker}`})`);
  await db.execute(sql`insert into task_progress (user_id, task, day, progress) values (${p.id}, 'play-game', '2026-01-02', 1)`);
  const storyId = `story-${ref}`;
  await db.execute(sql`insert into stories (id, title, hook, description, category_id, cover_url, script, author_id) values
    (${storyId}, ${`story ${marker}`}, ${`hook ${marker}`}, ${`desc ${marker}`}, ${story.category}, '/covers/x.png', ${`script ${marker}`}, ${p.id})`);
  await db.execute(sql`insert into actors (id, slug, story_id, name, tagline, persona, greeting, avatar_url) values
    (${`actor-${ref}`}, ${`actor-${ref}`}, ${storyId}, 'Wren', ${`tagline ${marker}`}, ${`persona ${marker}`}, ${`greeting ${marker}`}, '/a.png')`);
  const characters = JSON.stringify([{ name: "Wren", persona: `persona ${marker}`, greeting: `greeting ${marker}` }]);
  const draft = await one<{ id: number }>(sql`insert into story_drafts (user_id, title, premise, hook, category_id, characters, script, story_id, published_at) values
    (${p.id}, ${`draft ${marker}`}, ${`premise ${marker}`}, ${`hook ${marker}`}, ${story.category}, ${characters}::jsonb, ${`script ${marker}`}, ${storyId}, now()) returning id`);
  await db.execute(sql`insert into story_versions (draft_id, story_id, user_id, title, hook, category_id, characters, script, opening, state) values
    (${draft.id}, ${storyId}, ${p.id}, ${`version ${marker}`}, ${`hook ${marker}`}, ${story.category}, ${characters}::jsonb, ${`script ${marker}`}, ${`opening ${marker}`}, 'approved')`);
  await db.execute(sql`insert into reports (reporter_id, reporter_registered, target_kind, target_id, story_id, reason, details) values
    (${p.id}, true, 'story', ${story.id}, ${story.id}, 'spam', ${`report ${marker}`})`);
  await db.execute(sql`insert into notices (user_id, kind, body) values (${p.id}, 'report', ${`notice ${marker}`})`);
  const payload = JSON.stringify({ event_name: "PageView", event_id: `ev-${ref}`, event_source_url: `https://site/${marker}`, user_data: { em: `em-${marker}`, client_ip_address: "203.0.113.9" } });
  await db.execute(sql`insert into meta_events (user_id, event_name, event_id, payload) values (${p.id}, 'PageView', ${`ev-${ref}`}, ${payload}::jsonb)`);
  await db.execute(sql`insert into flagged_messages (user_id, story_id, categories) values (${p.id}, ${story.id}, '{hate}')`);
  return { storyId, orderId };
}

type Export = { export: { user_id: number; truncated: string[]; rows_per_table_limit: number; tables: Record<string, unknown> } };

describe("age confirmation", () => {
  it("refuses a guest with a clear message and stores nothing", async () => {
    const g = await newGuest(api);
    const r = await callEndpoint(api, "ageConfirm", { confirm: true }, g.token);
    expect(r.status).toBe(403);
    expect(r).toMatchObject({ code: "FORBIDDEN", message: "Sign in with your e-mail to confirm your age" });
    expect((await one<{ at: unknown }>(sql`select adult_confirmed_at as at from users where id = ${g.id}`)).at).toBeNull();
  });

  it("stores the first confirmation of a signed-in player; a repeat keeps it", async () => {
    const p = await player(unique("age"));
    expect((await callEndpoint(api, "ageConfirm", { confirm: false }, p.token)).status).toBe(400);
    const first = await callEndpoint<{ user: User }>(api, "ageConfirm", { confirm: true }, p.token);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const at = first.data.user.adult_confirmed_at;
    expect(at).toEqual(expect.any(String));
    const again = await callEndpoint<{ user: User }>(api, "ageConfirm", { confirm: true }, p.token);
    expect(again.data.user.adult_confirmed_at).toBe(at);
    expect((await callEndpoint<{ user: User }>(api, "whoami", {}, p.token)).data.user.adult_confirmed_at).toBe(at);
  });
});

describe("data export", () => {
  it("holds every table of the caller's data and nothing of another player's", async () => {
    const mine = unique("alpha");
    const theirs = unique("bravo");
    const a = await player(mine);
    const b = await player(theirs);
    const { storyId, orderId } = await fill(a, mine);
    await fill(b, theirs);
    // B's rows that touch A: a report about A's story, a chat on it, a subscription by e-mail only for A.
    await db.execute(sql`insert into reports (reporter_id, reporter_registered, target_kind, target_id, story_id, reason, details) values
      (${b.id}, true, 'story', ${storyId}, ${storyId}, 'hate', ${`about-a ${theirs}`})`);
    await db.execute(sql`insert into chat_messages (user_id, story_id, role, content) values (${b.id}, ${storyId}, 'user', ${`on-a ${theirs}`})`);
    const story = await seededStory();
    await db.execute(sql`insert into subscriptions (story_id, email, token) values (${storyId}, ${a.email}, ${`tok-e-${mine}`})`);
    // An account_deletions row exists only for a closed account; one far off, to show the section.
    await db.execute(sql`insert into account_deletions (user_id, due_at) values (${a.id}, now() + interval '30 days'), (${b.id}, now() + interval '30 days')`);

    const r = await callEndpoint<Export>(api, "dataExport", {}, a.token);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    const doc = r.data.export;
    expect(doc.user_id).toBe(a.id);
    expect(doc.truncated).toEqual([]);
    expect(doc.tables.profile).toMatchObject({ id: a.id, email: a.email, name: `Name ${mine}` });
    for (const t of TABLES) expect((doc.tables[t] as unknown[]).length, t).toBeGreaterThan(0);
    const text = (t: string) => JSON.stringify(doc.tables[t]);
    for (const t of ["chat_messages", "chat_memories", "story_drafts", "story_versions", "stories", "reports", "notices", "meta_events"]) expect(text(t), t).toContain(mine);
    expect(text("orders")).toContain(orderId);
    expect(text("coin_ledger")).toContain(`purchase:${orderId}`);
    expect(text("favorites")).toContain(story.id);
    // Both of A's subscriptions: by id, and by e-mail alone.
    expect(doc.tables.subscriptions as unknown[]).toHaveLength(2);
    const all = JSON.stringify(doc);
    expect(all).not.toContain(theirs);
    expect(all).not.toContain(b.email);
    // No secrets: tokens, token and code hashes.
    expect(all).not.toContain(a.refresh);
    expect(all).not.toContain(a.token);
    expect(all).not.toMatch(/token_hash|code_hash|tok-a-|tok-e-/);
    // The thread holds only A's own message; B's message on A's story is B's. It names its branch, exported too.
    expect(doc.tables.chat_messages as unknown[]).toEqual([expect.objectContaining({ story_id: story.id, parked: false, origin_id: null, branch_id: expect.any(Number) })]);
    const [branch] = doc.tables.chat_branches as { id: number; story_id: string; active: boolean }[];
    expect(doc.tables.chat_branches as unknown[]).toHaveLength(1);
    expect(branch).toMatchObject({ story_id: story.id, active: true, parent_id: null });
    expect((doc.tables.chat_messages as { branch_id: number }[])[0]!.branch_id).toBe(branch!.id);
    expect(doc.tables.chat_memories as unknown[]).toEqual([expect.objectContaining({ branch_id: String(branch!.id), pins: [`pin ${mine}`] })]);
    await db.execute(sql`delete from account_deletions where user_id in (${a.id}, ${b.id})`);
  });

  it("answers a guest too, and refuses a caller without a token", async () => {
    const g = await newGuest(api);
    const r = await callEndpoint<Export>(api, "dataExport", {}, g.token);
    expect(r.status).toBe(200);
    expect(r.data.export.tables.profile).toMatchObject({ id: g.id, is_guest: true });
    expect((r.data.export.tables.coin_ledger as unknown[]).length).toBeGreaterThan(0);
    expect((await callEndpoint(api, "dataExport", {})).status).toBe(401);
  });

  it("cuts a table past its row limit (newest kept) and says so", async () => {
    const g = await newGuest(api);
    const story = await seededStory();
    await db.execute(sql`insert into chat_messages (user_id, story_id, role, content)
      select ${g.id}, ${story.id}, 'user', 'line ' || n from generate_series(1, ${EXPORT_ROWS_PER_TABLE + 1}) n`);
    const r = await callEndpoint<Export>(api, "dataExport", {}, g.token);
    expect(r.status).toBe(200);
    const msgs = r.data.export.tables.chat_messages as { content: string }[];
    expect(msgs).toHaveLength(EXPORT_ROWS_PER_TABLE);
    expect(msgs[0]!.content).toBe(`line ${EXPORT_ROWS_PER_TABLE + 1}`);
    expect(r.data.export.truncated).toEqual(["chat_messages"]);
    expect(r.data.export.rows_per_table_limit).toBe(EXPORT_ROWS_PER_TABLE);
  });

  it(`allows ${EXPORTS_PER_HOUR} exports an hour per account, then 429`, async () => {
    const g = await newGuest(api);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) expect((await callEndpoint(api, "dataExport", {}, g.token)).status).toBe(200);
    const r = await callEndpoint(api, "dataExport", {}, g.token);
    expect(r.status).toBe(429);
    expect(r.code).toBe("RATE_LIMITED");
    // Another account is not limited by it.
    expect((await callEndpoint(api, "dataExport", {}, (await newGuest(api)).token)).status).toBe(200);
  });
});

/** The newest deletion code mailed to an address (the dev mailbox). */
async function deletionCode(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${api.url}/dev/mail?to=${encodeURIComponent(email)}`);
    const mail = ((await res.json()) as { data: { mail: { id: number; subject: string; text: string }[] } }).data.mail;
    const m = mail.filter((x) => /deletion code/.test(x.subject)).sort((x, y) => y.id - x.id)[0];
    const code = m && /\b(\d{6})\b/.exec(m.text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no deletion code mailed to ${email}`);
}

/** Tables (every one of the schema) whose rows mention `needle` anywhere, with their counts. */
async function tablesMentioning(needle: string): Promise<Record<string, number>> {
  const names = await rows<{ t: string }>(sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%'`);
  const found: Record<string, number> = {};
  for (const { t } of names) {
    const n = Number((await one<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(t)} r where strpos(r::text, ${needle}) > 0`)).n);
    if (n > 0) found[t] = n;
  }
  return found;
}

/** Whether the ledger of a user is a chain: each balance_after is the one before plus its amount. */
async function ledgerChainIntact(userId: number): Promise<boolean> {
  const entries = await rows<{ amount: number; balance_after: number }>(sql`select amount, balance_after from coin_ledger where user_id = ${userId} order by id`);
  let balance = 0;
  for (const e of entries) {
    balance += Number(e.amount);
    if (balance !== Number(e.balance_after)) return false;
  }
  return true;
}

describe("account deletion", () => {
  it("is for signed-in players only", async () => {
    const g = await newGuest(api);
    const r = await callEndpoint(api, "accountDeleteCode", {}, g.token);
    expect(r).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect((await callEndpoint(api, "accountDelete", { code: "123456" }, g.token)).status).toBe(403);
    expect((await callEndpoint(api, "accountDeleteCode", {})).status).toBe(401);
    expect((await callEndpoint(api, "accountDelete", { code: "123456" })).status).toBe(401);
  });

  it("refuses a wrong code and changes nothing; a code cannot be resent at once; a sign-in code does not delete", async () => {
    const p = await player(unique("wrong"));
    const sent = await callEndpoint<{ expires_in: number; resend_in: number }>(api, "accountDeleteCode", {}, p.token);
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ expires_in: 600, resend_in: 60 });
    expect((await callEndpoint(api, "accountDeleteCode", {}, p.token)).status).toBe(429);
    const code = await deletionCode(p.email);
    const wrong = code === "000000" ? "000001" : "000000";
    const before = await one(sql`select * from users where id = ${p.id}`);
    const r = await callEndpoint(api, "accountDelete", { code: wrong }, p.token);
    expect(r).toMatchObject({ status: 400, code: "CODE_INVALID" });
    expect((await callEndpoint(api, "accountDelete", { code: "12ab56" }, p.token)).status).toBe(400);
    // A sign-in code of the same e-mail is not a deletion code.
    await callEndpoint(api, "sendCode", { email: p.email });
    const login = await readCode(api, p.email);
    if (login !== code) expect((await callEndpoint(api, "accountDelete", { code: login }, p.token)).code).toBe("CODE_INVALID");
    expect(await one(sql`select * from users where id = ${p.id}`)).toEqual(before);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from account_deletions where user_id = ${p.id}`)).n).toBe(0);
    expect((await callEndpoint(api, "whoami", {}, p.token)).status).toBe(200);
    // Five misses kill the code: even the right one is refused after.
    for (let i = 0; i < 4; i++) await callEndpoint(api, "accountDelete", { code: wrong }, p.token);
    expect((await callEndpoint(api, "accountDelete", { code }, p.token)).code).toBe("CODE_INVALID");
    expect((await callEndpoint(api, "whoami", {}, p.token)).status).toBe(200);
  });

  it("closes the account at once, the worker erases it, the ledger still balances and the e-mail signs up anew", async () => {
    const marker = unique("delta");
    const p = await player(marker);
    const { storyId, orderId } = await fill(p, marker);
    // A message of another player on this player's story is the other player's: it stays.
    const other = await newGuest(api);
    await db.execute(sql`insert into chat_messages (user_id, story_id, role, content) values (${other.id}, ${storyId}, 'user', 'kept by its owner')`);
    const ledgerBefore = await rows(sql`select id, amount, balance_after, reason from coin_ledger where user_id = ${p.id} order by id`);
    expect(ledgerBefore.length).toBeGreaterThanOrEqual(3);

    expect((await callEndpoint(api, "accountDeleteCode", {}, p.token)).status).toBe(200);
    const r = await callEndpoint<{ erase_by: string }>(api, "accountDelete", { code: await deletionCode(p.email) }, p.token);
    expect(r.status).toBe(200);
    expect(Math.abs(Date.parse(r.data.erase_by) - Date.now())).toBeLessThan(60_000);
    // At once: every token is dead, the account closed, the e-mail and username free, the stories out.
    expect((await callEndpoint(api, "whoami", {}, p.token)).status).toBe(401);
    expect((await callEndpoint(api, "refresh", { refresh_token: p.refresh })).status).toBe(401);
    const closed = await one<{ email: unknown; username: unknown; status: string; deleted_at: unknown }>(sql`select email, username, status, deleted_at from users where id = ${p.id}`);
    expect(closed).toMatchObject({ email: null, username: null, status: "disabled" });
    expect(closed.deleted_at).not.toBeNull();
    expect((await one<{ published: boolean }>(sql`select published from stories where id = ${storyId}`)).published).toBe(false);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${p.id} and revoked_at is null`)).n).toBe(0);
    expect(await tablesMentioning(p.email)).toEqual({});

    // Two passes at once (two instances): each due account is erased once.
    const [x, y] = await Promise.all([eraseDueAccounts(db), eraseDueAccounts(db)]);
    expect(x + y).toBe(1);
    expect(await eraseDueAccounts(db)).toBe(0);
    expect((await one<{ done: unknown }>(sql`select done_at as done from account_deletions where user_id = ${p.id}`)).done).not.toBeNull();

    // No personal field or text remains anywhere in the database.
    expect(await tablesMentioning(marker)).toEqual({});
    expect(await tablesMentioning(p.device)).toEqual({});
    const u = await one(sql`select name, username, email, avatar_url, device_id, invite_code, invited_by from users where id = ${p.id}`);
    expect(u).toEqual({ name: DELETED_NAME, username: null, email: null, avatar_url: null, device_id: null, invite_code: null, invited_by: null });
    for (const t of ["chat_messages", "chat_branches", "chat_memories", "favorites", "game_history", "subscriptions", "notices", "check_ins", "task_progress"]) {
      expect((await one<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(t)} where user_id = ${p.id}`)).n, t).toBe(0);
    }
    expect((await one<{ n: number }>(sql`select count(*)::int as n from chat_messages where user_id = ${other.id}`)).n).toBe(1);
    expect((await one<{ details: string }>(sql`select details from reports where reporter_id = ${p.id}`)).details).toBe("");
    expect((await one<{ p: { user_data: unknown } }>(sql`select payload as p from meta_events where user_id = ${p.id}`)).p.user_data).toEqual({});
    expect((await one<{ n: number }>(sql`select count(*)::int as n from refresh_tokens t join sessions s on s.id = t.session_id where s.user_id = ${p.id}`)).n).toBe(0);

    // Accounting keeps its rows: the ledger unchanged, still a chain summing to the balance; the order kept.
    expect(await rows(sql`select id, amount, balance_after, reason from coin_ledger where user_id = ${p.id} order by id`)).toEqual(ledgerBefore);
    const { coins, sum } = await balanceAndLedger(db, p.id);
    expect(coins).toBe(sum);
    expect(await ledgerChainIntact(p.id)).toBe(true);
    expect(await one(sql`select user_id, amount, coins, status from orders where id = ${orderId}`)).toEqual({ user_id: p.id, amount: 499, coins: 100, status: "paid" });

    // The e-mail signs up again, as a new account.
    await callEndpoint(api, "sendCode", { email: p.email });
    const again = await callEndpoint<{ user: User }>(api, "login", { email: p.email, code: await readCode(api, p.email) });
    expect(again.status).toBe(200);
    expect(again.data.user.id).not.toBe(p.id);
    expect(again.data.user).toMatchObject({ email: p.email, is_guest: false, adult_confirmed_at: null });
  });

  it("an erase pass is idempotent: a repeat over an erased account changes nothing", async () => {
    const marker = unique("echo");
    const p = await player(marker);
    await fill(p, marker);
    expect((await callEndpoint(api, "accountDeleteCode", {}, p.token)).status).toBe(200);
    expect((await callEndpoint(api, "accountDelete", { code: await deletionCode(p.email) }, p.token)).status).toBe(200);
    expect(await eraseDueAccounts(db)).toBe(1);
    const snapshot = async () => ({
      user: await one(sql`select name, email, status, coins from users where id = ${p.id}`),
      ledger: await rows(sql`select id, balance_after from coin_ledger where user_id = ${p.id} order by id`),
    });
    const first = await snapshot();
    await db.execute(sql`update account_deletions set done_at = null where user_id = ${p.id}`);
    expect(await eraseDueAccounts(db)).toBe(1);
    expect(await snapshot()).toEqual(first);
    expect(await tablesMentioning(marker)).toEqual({});
  });
});
