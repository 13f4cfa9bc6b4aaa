import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { orders, rowsOf, staffActions, users } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { readCode } from "@storyloom/test-api";
import { startTestApi } from "../src/testing";
import { loadConfig, type Config } from "../src/config";
import { requestBrand } from "../src/services/activity";
import { utcDay } from "../src/services/day";
import { grantStaff, parseGrantArgs, runAdminGrant, USAGE } from "../src/cli/adminGrant";
import type { RunningApi } from "../src/server";
import { call, callEndpoint } from "./http";
import { num, signInAs } from "./safety.support";
import { addTestStory } from "./chat.support";
import { CANCEL_URL, SUCCESS_URL } from "./payments.support";

// The operator console's base: the brand of sign-ups and orders, the daily activity rollup, the
// admin:grant command and the staff e-mail settings, on the real server and database.

const STORYLOOM = "http://localhost:3000";
const PLAYSHOT = "http://127.0.0.1:3001";
const SEND = "/api/v1/actor/chat/message.send";
let api: RunningApi;
let peer: ModelPeer;
let story: { storyId: string; mara: string; tobin: string };

beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "sk-test" });
  api = await startTestApi({
    LLM_BASE_URL: peer.url,
    LLM_API_KEY: "sk-test",
    LLM_MODEL: "peer-model",
    LLM_RETRIES: 1,
    ADMIN_EMAILS: ["staff-by-config@example.com", "stays-super@example.com"],
    SUPER_ADMIN_EMAILS: ["boss-by-config@example.com", "raised-later@example.com"],
  });
  story = await addTestStory(api.ctx.db);
});
afterAll(async () => {
  await api?.stop();
  await peer?.close();
});
beforeEach(() => peer.reset());

let devices = 0;
/** Signs up a fresh guest, sending `headers` (an Origin, a forged header) with the sign-up. */
async function guestFrom(headers: Record<string, string>) {
  const device_id = `console-${process.pid}-${++devices}-${Math.random().toString(36).slice(2, 8)}`;
  const r = await call<{ auth: { access_token: string }; user: { id: number; uuid: string } }>(api, "POST", "/api/v1/user-guest.sign-up", { body: { device_id, gender: "unknown" }, headers });
  expect(r.code).toBe("0");
  return { token: r.data.auth.access_token, id: r.data.user.id, uuid: r.data.user.uuid };
}

let mails = 0;
/** Signs in with a fresh e-mail from `origin` (turning `guestUuid` into the account when given). */
async function login(headers: Record<string, string>, guestUuid?: string) {
  const email = `console-${process.pid}-${++mails}@example.com`;
  await callEndpoint(api, "sendCode", { email });
  const code = await readCode(api, email);
  const r = await call<{ auth: { access_token: string }; user: { id: number; role: string } }>(api, "POST", "/api/v1/user.auth", { body: { email, code, ...(guestUuid ? { user_id: guestUuid } : {}) }, headers });
  expect(r.code).toBe("0");
  return { token: r.data.auth.access_token, id: r.data.user.id, email };
}

const brandOf = async (id: number) => (await api.ctx.db.select({ brand: users.brand }).from(users).where(eq(users.id, id)))[0]!.brand;
/** Today's counter `metric` of `brand`. */
const counter = (brand: string, metric: string) =>
  num(api, sql`select coalesce(sum(value), 0)::int from activity_daily where day = ${utcDay()}::date and brand = ${brand} and metric = ${metric}`);

describe(`brand of sign-ups and orders (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a guest records the brand site of its Origin and counts as that brand's guest sign-up", async () => {
    const before = { storyloom: await counter("storyloom", "guest_signups"), playshot: await counter("playshot", "guest_signups") };
    const a = await guestFrom({ origin: STORYLOOM });
    const b = await guestFrom({ origin: PLAYSHOT });
    expect(await brandOf(a.id)).toBe("storyloom");
    expect(await brandOf(b.id)).toBe("playshot");
    expect(await counter("storyloom", "guest_signups")).toBe(before.storyloom + 1);
    expect(await counter("playshot", "guest_signups")).toBe(before.playshot + 1);
  });

  it("an unknown, malformed or missing Origin, or a brand header, records no brand and is no error", async () => {
    const unknownBefore = await counter("unknown", "guest_signups");
    const tries: Record<string, string>[] = [{ origin: "http://evil.example" }, { origin: "http://localhost:3000/" }, { origin: "null" }, {}, { "x-storyloom-brand": "playshot" }];
    for (const headers of tries) {
      const g = await guestFrom(headers);
      expect(await brandOf(g.id)).toBeNull();
    }
    expect(await counter("unknown", "guest_signups")).toBe(unknownBefore + 5);
    // The brand column takes only the two brands: a write of any other value fails.
    await expect(api.ctx.db.execute(sql`update users set brand = 'other' where id = (select min(id) from users)`)).rejects.toThrow();
  });

  it("a guest becoming an account keeps its brand; a new account takes the login's; each is one user sign-up", async () => {
    const before = { storyloom: await counter("storyloom", "user_signups"), playshot: await counter("playshot", "user_signups") };
    const g = await guestFrom({ origin: PLAYSHOT });
    const converted = await login({ origin: STORYLOOM }, g.uuid);
    expect(converted.id).toBe(g.id);
    expect(await brandOf(g.id)).toBe("playshot");
    const fresh = await login({ origin: STORYLOOM });
    expect(await brandOf(fresh.id)).toBe("storyloom");
    const older = await guestFrom({});
    await login({ origin: STORYLOOM }, older.uuid);
    expect(await brandOf(older.id)).toBe("storyloom");
    expect(await counter("playshot", "user_signups")).toBe(before.playshot + 1);
    expect(await counter("storyloom", "user_signups")).toBe(before.storyloom + 2);
    // Signing in again is no new sign-up, and does not move the account's brand.
    const again = await signInAs(api, fresh.email);
    expect(again.id).toBe(fresh.id);
    expect(await brandOf(fresh.id)).toBe("storyloom");
    expect(await counter("storyloom", "user_signups")).toBe(before.storyloom + 2);
  });

  it("an order records the brand site it was paid on (none for an unknown or absent Origin)", async () => {
    const u = await login({ origin: STORYLOOM });
    const checkout = (headers: Record<string, string>) =>
      call<{ order_id: string }>(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-100", success_url: SUCCESS_URL, cancel_url: CANCEL_URL }, headers });
    const brands: (string | null)[] = [];
    const tries: Record<string, string>[] = [{ origin: PLAYSHOT }, { origin: STORYLOOM }, { origin: "https://forged.example" }, { "x-storyloom-brand": "storyloom" }];
    for (const headers of tries) {
      const r = await checkout(headers);
      expect(r.code).toBe("0");
      brands.push((await api.ctx.db.select({ brand: orders.brand }).from(orders).where(eq(orders.id, r.data.order_id)))[0]!.brand);
    }
    expect(brands).toEqual(["playshot", "storyloom", null, null]);
  });

  it("BRAND_ORIGINS maps origins to brands, and a wrong brand or a URL that is not an origin is refused", () => {
    const config = loadConfig({ BRAND_ORIGINS: "storyloom=https://storyloom.example; playshot=https://playshot.example,https://m.playshot.example:8443" });
    expect(requestBrand(config, "https://m.playshot.example:8443")).toBe("playshot");
    expect(requestBrand(config, "https://storyloom.example")).toBe("storyloom");
    expect(requestBrand(config, "http://localhost:3000")).toBeNull();
    expect(requestBrand(config, ["https://storyloom.example"])).toBeNull();
    expect(requestBrand(config, "constructor")).toBeNull();
    expect(requestBrand(loadConfig({}), "http://127.0.0.1:3001")).toBe("playshot");
    expect(() => loadConfig({ BRAND_ORIGINS: "acme=https://acme.example" })).toThrow(/unknown brand "acme"/);
    expect(() => loadConfig({ BRAND_ORIGINS: "storyloom=https://storyloom.example/shop" })).toThrow(/not an origin/);
    expect(() => loadConfig({ BRAND_ORIGINS: "storyloom=javascript:alert(1)" })).toThrow(/not an origin/);
  });
});

describe("daily activity", () => {
  it("two concurrent first plays of one story by one player count one story started and one active player", async () => {
    const p = await guestFrom({ origin: PLAYSHOT });
    const before = { started: await counter("playshot", "stories_started"), active: await counter("playshot", "daily_active") };
    const target = { story_id: story.storyId, actor_id: story.mara };
    const plays = await Promise.all([0, 1, 2].map(() => call(api, "POST", SEND, { token: p.token, body: target })));
    // Each opens the story or finds it busy (another turn holds it): never a second start.
    for (const r of plays) expect(["0", "CONFLICT"]).toContain(r.code);
    expect(plays.some((r) => r.code === "0")).toBe(true);
    expect(await counter("playshot", "stories_started")).toBe(before.started + 1);
    expect(await counter("playshot", "daily_active")).toBe(before.active + 1);
    // Playing on (a choice, a restart) is no new start, and the player is active once today.
    const [at] = rowsOf<{ id: number; state: { choices: { index: number }[] } }>(
      await api.ctx.db.execute(sql`select id, state from chat_messages where user_id = ${p.id} and state is not null order by id desc limit 1`),
    );
    const choice = await call(api, "POST", SEND, { token: p.token, body: { ...target, choice: at!.state.choices[0]!.index, choice_of: String(at!.id) } });
    expect(choice.code).toBe("0");
    const restart = await call(api, "POST", SEND, { token: p.token, body: { ...target, restart: true } });
    expect(restart.code).toBe("0");
    expect(await counter("playshot", "stories_started")).toBe(before.started + 1);
    expect(await counter("playshot", "daily_active")).toBe(before.active + 1);
    expect(await num(api, sql`select count(*)::int from activity_players where user_id = ${p.id}`)).toBe(1);
  });

  it("a typed reply is counted when the model's reply is stored, not when the model fails", async () => {
    const p = await guestFrom({ origin: STORYLOOM });
    const target = { story_id: story.storyId, actor_id: story.mara };
    expect((await call(api, "POST", SEND, { token: p.token, body: target })).code).toBe("0");
    const before = { typed: await counter("storyloom", "typed_replies"), active: await counter("storyloom", "daily_active") };
    peer.script({ content: "A wry answer." });
    const said = await call(api, "POST", SEND, { token: p.token, body: { ...target, content: "Who are you?" } });
    expect(said.code).toBe("0");
    expect(await counter("storyloom", "typed_replies")).toBe(before.typed + 1);
    peer.script({ status: 500 }, { status: 500 });
    const failed = await call(api, "POST", SEND, { token: p.token, body: { ...target, content: "Hello?" } });
    expect(failed.code).not.toBe("0");
    expect(await counter("storyloom", "typed_replies")).toBe(before.typed + 1);
    // The same player, many requests: active once today.
    expect(await counter("storyloom", "daily_active")).toBe(before.active);
  });

  it("many players' turns at once: each player is active once, under their brand", async () => {
    const players = await Promise.all([0, 1, 2, 3].map(() => guestFrom({ origin: PLAYSHOT })));
    const before = await counter("playshot", "daily_active");
    const target = { story_id: story.storyId, actor_id: story.mara };
    await Promise.all(players.flatMap((p) => [0, 1].map(() => call(api, "POST", SEND, { token: p.token, body: target }))));
    await Promise.all(players.map((p) => call(api, "POST", SEND, { token: p.token, body: { ...target, restart: true } })));
    expect(await counter("playshot", "daily_active")).toBe(before + players.length);
  });
});

describe("admin:grant and the staff e-mail settings", () => {
  // The command against the test database: its handle stays open for the suite.
  const cli = (argv: string[], config: Config = api.ctx.config) => {
    const lines: string[] = [];
    const run = runAdminGrant(argv, config, (l) => lines.push(l), async () => ({ ...api.handle, close: async () => {} }));
    return run.then((code) => ({ code, out: lines.join("\n") }));
  };
  const roleOf = async (email: string) => (await api.ctx.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;
  const grants = (id: number) => api.ctx.db.select().from(staffActions).where(sql`${staffActions.targetKind} = 'user' and ${staffActions.targetId} = ${String(id)} and ${staffActions.action} = 'staff.grant'`);

  it("answers the usage line and exit code 2 for wrong arguments, touching nothing", async () => {
    const count = await num(api, sql`select count(*)::int from users`);
    for (const argv of [[], ["not-an-email"], ["a@example.com", "b@example.com"], ["a@example.com", "--root"], ["--super"]]) {
      expect(await cli(argv)).toEqual({ code: 2, out: USAGE });
    }
    expect(parseGrantArgs(["  New.Admin@Example.COM ", "--super"])).toEqual({ email: "new.admin@example.com", superAdmin: true });
    expect(await num(api, sql`select count(*)::int from users`)).toBe(count);
  });

  it("makes a new account staff, audited as its own action; the person signs in with the code flow as admin", async () => {
    const email = `granted-${process.pid}@example.com`;
    const r = await cli([email]);
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toContain(`${email} is now admin`);
    const signed = await signInAs(api, email);
    expect(signed.role).toBe("admin");
    const audit = await grants(signed.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: signed.id, reason: "admin:grant command line", detail: { via: "cli", role: "admin", previous: null, created: true } });
    // --super raises it; a later plain grant never lowers it, and writes nothing.
    expect((await cli([email, "--super"])).code).toBe(0);
    expect(await roleOf(email)).toBe("super_admin");
    const again = await cli([email]);
    expect(again).toEqual({ code: 0, out: `${email} is already super_admin; nothing changed` });
    expect(await roleOf(email)).toBe("super_admin");
    expect(await grants(signed.id)).toHaveLength(2);
  });

  it("promotes an existing player, and refuses a banned account", async () => {
    const player = await login({ origin: STORYLOOM });
    expect((await cli([player.email, "--super"])).code).toBe(0);
    expect(await roleOf(player.email)).toBe("super_admin");
    const banned = await login({});
    await api.ctx.db.update(users).set({ status: "disabled", bannedAt: new Date() }).where(eq(users.id, banned.id));
    const r = await cli([banned.email]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/banned/);
    expect(await roleOf(banned.email)).toBe("normal");
    expect(await grants(banned.id)).toHaveLength(0);
  });

  it("on the embedded database, refuses while an API answers at HOST:PORT (PGlite serves one process)", async () => {
    const port = Number(new URL(api.url).port);
    const config = { ...api.ctx.config, DATABASE_URL: undefined, HOST: "127.0.0.1", PORT: port };
    let opened = false;
    const lines: string[] = [];
    const code = await runAdminGrant([`locked-${process.pid}@example.com`], config, (l) => lines.push(l), async () => {
      opened = true;
      return { ...api.handle, close: async () => {} };
    });
    expect(code).toBe(1);
    expect(opened).toBe(false);
    expect(lines.join("\n")).toMatch(/stop the API first/);
  });

  it("grantStaff's account and its audit row commit together: a refused audit row leaves no account", async () => {
    const email = `atomic-${process.pid}@example.com`;
    await api.ctx.db.execute(sql`create function refuse_grant() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`);
    await api.ctx.db.execute(sql`create trigger refuse_grant before insert on staff_actions for each row when (new.action = 'staff.grant') execute function refuse_grant()`);
    try {
      await expect(grantStaff(api.ctx.db, email, { superAdmin: false })).rejects.toThrow();
      expect(await roleOf(email)).toBeUndefined();
    } finally {
      await api.ctx.db.execute(sql`drop trigger refuse_grant on staff_actions`);
      await api.ctx.db.execute(sql`drop function refuse_grant()`);
    }
    expect(await grantStaff(api.ctx.db, email, { superAdmin: false })).toMatchObject({ email, role: "admin", previous: null, changed: true });
  });

  it("ADMIN_EMAILS and SUPER_ADMIN_EMAILS make staff at sign-in, raising a role and never lowering it", async () => {
    expect((await signInAs(api, "staff-by-config@example.com")).role).toBe("admin");
    expect((await signInAs(api, "boss-by-config@example.com")).role).toBe("super_admin");
    // An admin listed as super admin is raised at the next sign-in; a super admin listed as admin stays one.
    expect((await cli(["raised-later@example.com"])).code).toBe(0);
    expect((await signInAs(api, "raised-later@example.com")).role).toBe("super_admin");
    expect((await cli(["stays-super@example.com", "--super"])).code).toBe(0);
    expect((await signInAs(api, "stays-super@example.com")).role).toBe("super_admin");
    expect((await signInAs(api, `nobody-${process.pid}@example.com`)).role).toBe("normal");
  });
});
