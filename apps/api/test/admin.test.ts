import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { EndpointName, Notice, ReportGroup } from "@storyloom/contract";
import { accountDeletions, orders, rowsOf, stories, storyDrafts, storyVersions } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { banUser } from "../src/services/staff";
import { balanceAndLedger } from "./db";
import { callEndpoint, newGuest, signedInUser } from "./http";
import { chatMessageIds, makeStory, num, one, signInAs } from "./safety.support";

const STAFF = "staff@example.com";
const STAFF2 = "staff.two@example.com";
let api: RunningApi;
let staff: { token: string; id: number; role: string };
let seeded: string;
beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: [STAFF, STAFF2], REPORTS_PER_IP_PER_HOUR: 10_000 });
  staff = await signInAs(api, STAFF);
  const [s] = await api.ctx.db.select({ id: stories.id }).from(stories).where(sql`${stories.authorId} is null`).limit(1);
  seeded = s!.id;
});
afterAll(() => api?.stop());

const db = process.env.DATABASE_URL ? "postgres" : "pglite";
const as = <T = Record<string, unknown>>(name: EndpointName, input: Record<string, unknown>, token = staff.token) => callEndpoint<T>(api, name, input, token);
const audits = (targetId: string) => num(api, sql`select count(*)::int from staff_actions where target_id = ${targetId}`);
const report = (token: string, body: Record<string, unknown>) => callEndpoint<{ report: { id: string } }>(api, "reportCreate", body, token);
const notices = async (token: string) => (await callEndpoint<{ notices: Notice[]; unread: number }>(api, "noticeList", {}, token)).data;
const storyRow = (id: string) => one<{ published: boolean; hidden_at: unknown; rating: string; visible: boolean }>(api, sql`select published, hidden_at, rating, visible from stories where id = ${id}`);

describe(`who is staff (${db})`, () => {
  it("an account signing in with an ADMIN_EMAILS address is an admin; anyone else is a normal user", async () => {
    expect(staff.role).toBe("admin");
    expect((await one<{ role: string }>(api, sql`select role from users where id = ${staff.id}`)).role).toBe("admin");
    const normal = await signInAs(api, "not-staff@example.com");
    expect(normal.role).toBe("normal");
  });

  it("a normal user, a guest and a caller without a token are refused on every /admin route, and nothing changes", async () => {
    const story = await makeStory(api);
    const victim = await signedInUser(api, "Victim");
    await report(victim.token, { target_kind: "story", target_id: story.id, reason: "spam" });
    const reason = "a staff reason";
    const calls: [EndpointName, Record<string, unknown>][] = [
      ["adminReviewList", {}],
      ["adminReviewDecide", { version_id: "1", decision: "approve" }],
      ["adminStoryRate", { story_id: story.id, rating: "mature", reason }],
      ["adminStoryUnpublish", { story_id: story.id, reason }],
      ["adminStoryRestore", { story_id: story.id, reason }],
      ["adminReportList", {}],
      ["adminReportResolve", { target_kind: "story", target_id: story.id, action: "hide", reason }],
      ["adminUserBan", { user_id: victim.id, scope: "account", reason }],
      ["adminUserUnban", { user_id: victim.id, scope: "account", reason }],
      ["adminHistory", { story_id: story.id }],
      ["adminDeletionList", {}],
    ];
    const normal = await signedInUser(api, "Normal");
    const guest = await newGuest(api);
    for (const [name, input] of calls) {
      for (const [who, token] of [["normal", normal.token], ["guest", guest.token]] as const) {
        const r = await as(name, input, token);
        expect(r.status, `${name} as ${who}`).toBe(403);
        expect(r.code).toBe("FORBIDDEN");
      }
      expect((await callEndpoint(api, name, input)).status, `${name} without a token`).toBe(401);
      // Staff are let through (the answer depends on the call: never 401 or 403).
      expect([401, 403]).not.toContain((await as(name, input)).status);
    }
    // Every audit row is staff's: the refused calls wrote none.
    expect(await num(api, sql`select count(*)::int from staff_actions where staff_id <> ${staff.id}`)).toBe(0);
    expect(await num(api, sql`select count(*)::int from staff_actions where staff_id = ${staff.id}`)).toBe(6);
  });
});

describe(`reports as staff see them (${db})`, () => {
  it("groups reports by target with counts, registered reporters, reasons, details and an excerpt; pages without repeats", async () => {
    const story = await makeStory(api);
    const a = await signedInUser(api, "Ga");
    const b = await signedInUser(api, "Gb");
    const g = await newGuest(api);
    await report(a.token, { target_kind: "story", target_id: story.id, reason: "spam", details: "buy now" });
    await report(b.token, { target_kind: "story", target_id: story.id, reason: "hate" });
    await report(g.token, { target_kind: "story", target_id: story.id, reason: "spam", details: "ads" });
    await report(g.token, { target_kind: "character", target_id: story.slug, reason: "other" });
    const [msg] = await chatMessageIds(api, g.token, seeded);
    await report(g.token, { target_kind: "message", target_id: msg!, reason: "violence" });
    const list = await as<{ groups: ReportGroup[]; next_cursor: string | null }>("adminReportList", { limit: 100 });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const group = list.data.groups.find((x) => x.target_kind === "story" && x.target_id === story.id)!;
    expect(group).toMatchObject({
      story_id: story.id,
      excerpt: story.title,
      count: 3,
      registered_reporters: 2,
      reasons: [
        { reason: "spam", count: 2 },
        { reason: "hate", count: 1 },
      ],
      details: ["ads", "buy now"],
      status: "open",
      hidden: false,
    });
    const character = list.data.groups.find((x) => x.target_kind === "character" && x.target_id === story.slug)!;
    expect(character.excerpt).toContain(story.title);
    expect(character.registered_reporters).toBe(0);
    const message = list.data.groups.find((x) => x.target_kind === "message" && x.target_id === msg)!;
    expect(message.excerpt.length).toBeGreaterThan(0);
    expect(message.story_id).toBe(seeded);
    // Paging one group at a time walks the same groups in the same order, none twice.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { groups: ReportGroup[]; next_cursor: string | null } = (await as<{ groups: ReportGroup[]; next_cursor: string | null }>("adminReportList", { limit: 1, ...(cursor ? { cursor } : {}) })).data;
      seen.push(...page.groups.map((x) => `${x.target_kind}:${x.target_id}`));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(list.data.groups.map((x) => `${x.target_kind}:${x.target_id}`));
    expect((await as("adminReportList", { status: "dismissed" })).status).toBe(200);
    for (const bad of [{ cursor: "nonsense" }, { cursor: "1-0" }, { status: "closed" }, { limit: 0 }, { limit: 101 }]) {
      expect((await as("adminReportList", bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("'minors' groups come first", async () => {
    const story = await makeStory(api);
    const u = await signedInUser(api, "Urgent");
    await report(u.token, { target_kind: "story", target_id: story.id, reason: "minors" });
    const later = await makeStory(api);
    await report(u.token, { target_kind: "story", target_id: later.id, reason: "spam" });
    const first = (await as<{ groups: ReportGroup[] }>("adminReportList", { limit: 100 })).data.groups[0]!;
    expect(first.reasons.map((r) => r.reason)).toContain("minors");
  });
});

describe(`resolving reports (${db})`, () => {
  it("hide: every open report of the target is actioned, the story hidden, reporters and the author told, one audit row", async () => {
    const author = await signedInUser(api, "Writer");
    const story = await makeStory(api, { authorId: author.id });
    const a = await signedInUser(api, "Ra");
    const g = await newGuest(api);
    await report(a.token, { target_kind: "story", target_id: story.id, reason: "hate" });
    await report(g.token, { target_kind: "story", target_id: story.id, reason: "spam" });
    const r = await as<{ group: ReportGroup }>("adminReportResolve", { target_kind: "story", target_id: story.id, action: "hide", reason: "hateful content" });
    expect(r.status).toBe(200);
    expect(r.data.group).toMatchObject({ target_id: story.id, status: "actioned", count: 2, hidden: true });
    expect((await storyRow(story.id)).visible).toBe(false);
    expect(await num(api, sql`select count(*)::int from reports where target_id = ${story.id} and status = 'actioned' and resolved_by = ${staff.id} and resolution = 'hide'`)).toBe(2);
    expect(await one(api, sql`select staff_id, action, target_kind, reason, detail ->> 'story_id' as story from staff_actions where target_id = ${story.id}`)).toEqual({
      staff_id: staff.id,
      action: "report.hide",
      target_kind: "story",
      reason: "hateful content",
      story: story.id,
    });
    for (const t of [a.token, g.token]) {
      const n = await notices(t);
      expect(n.unread).toBe(1);
      expect(n.notices[0]).toMatchObject({ kind: "report.actioned", read: false });
      expect(n.notices[0]!.body).toContain(`We acted on your report of the story “${story.title}”`);
    }
    expect((await notices(author.token)).notices[0]!.body).toContain("hateful content");
    // Marking read: the reporter's unread count drops; another player's ids change nothing.
    const id = (await notices(a.token)).notices[0]!.id;
    expect((await callEndpoint<{ unread: number }>(api, "noticeRead", { ids: [id] }, g.token)).data.unread).toBe(1);
    expect((await callEndpoint<{ unread: number }>(api, "noticeRead", { ids: [id] }, a.token)).data.unread).toBe(0);
    // Nothing open is left: resolving again is 404 and writes no second audit row.
    const again = await as("adminReportResolve", { target_kind: "story", target_id: story.id, action: "hide", reason: "again" });
    expect(again.status).toBe(404);
    expect(await audits(story.id)).toBe(1);
    // Restore brings it back.
    const back = await as<{ story: { visible: boolean; hidden: boolean } }>("adminStoryRestore", { story_id: story.id, reason: "reviewed again" });
    expect(back.data.story).toMatchObject({ visible: true, hidden: false });
  });

  it("two staff resolving one target at the same moment: one resolves it, the other is told nothing is open; one audit row", async () => {
    const story = await makeStory(api);
    const a = await signedInUser(api, "Race");
    await report(a.token, { target_kind: "story", target_id: story.id, reason: "spam" });
    const other = await signInAs(api, STAFF2);
    const answers = await Promise.all([
      as("adminReportResolve", { target_kind: "story", target_id: story.id, action: "hide", reason: "first staff" }),
      as("adminReportResolve", { target_kind: "story", target_id: story.id, action: "dismiss", reason: "second staff" }, other.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await audits(story.id)).toBe(1);
    expect(await num(api, sql`select count(*)::int from reports where target_id = ${story.id} and status = 'open'`)).toBe(0);
  });

  it("reports of a target arriving while staff resolve it never fail (no lock waits in a circle)", async () => {
    const a = await signedInUser(api, "Busy");
    for (let round = 0; round < 5; round++) {
      const story = await makeStory(api);
      await report(a.token, { target_kind: "story", target_id: story.id, reason: "spam" });
      const answers = await Promise.all([
        as("adminReportResolve", { target_kind: "story", target_id: story.id, action: "hide", reason: "taken down" }),
        ...Array.from({ length: 3 }, () => report(a.token, { target_kind: "story", target_id: story.id, reason: "spam" })),
      ]);
      // A report after the hide finds nothing it may see (404); before it, the open one (200).
      for (const r of answers) expect([200, 404], r.message).toContain(r.status);
      expect(answers[0]!.status).toBe(200);
    }
  });

  it("dismiss: reports closed, the target untouched, no notice to anyone", async () => {
    const story = await makeStory(api);
    const a = await signedInUser(api, "Da");
    await report(a.token, { target_kind: "character", target_id: story.slug, reason: "other" });
    const r = await as<{ group: ReportGroup }>("adminReportResolve", { target_kind: "character", target_id: story.slug, action: "dismiss", reason: "nothing wrong" });
    expect(r.data.group).toMatchObject({ status: "dismissed", count: 1, hidden: false });
    expect((await storyRow(story.id)).visible).toBe(true);
    expect((await notices(a.token)).notices).toEqual([]);
    expect(await audits(story.slug)).toBe(1);
  });

  it("unpublish: the story leaves the catalogue (published false)", async () => {
    const story = await makeStory(api);
    const a = await signedInUser(api, "Ua");
    await report(a.token, { target_kind: "story", target_id: story.id, reason: "copyright" });
    const r = await as("adminReportResolve", { target_kind: "story", target_id: story.id, action: "unpublish", reason: "not theirs to publish" });
    expect(r.status).toBe(200);
    expect(await storyRow(story.id)).toMatchObject({ published: false, visible: false, hidden_at: null });
    expect((await notices(a.token)).unread).toBe(1);
  });

  it("delete_message: the message's text is gone and the thread keeps a removed row", async () => {
    const g = await newGuest(api);
    const [msg] = await chatMessageIds(api, g.token, seeded);
    await report(g.token, { target_kind: "message", target_id: msg!, reason: "violence" });
    const r = await as<{ group: ReportGroup }>("adminReportResolve", { target_kind: "message", target_id: msg!, action: "delete_message", reason: "graphic violence" });
    expect(r.status).toBe(200);
    expect(r.data.group).toMatchObject({ status: "actioned", hidden: true, excerpt: "(message removed)" });
    expect(await one(api, sql`select content, removed_at is not null as removed from chat_messages where id = ${Number(msg)}`)).toEqual({ content: "", removed: true });
    expect((await notices(g.token)).notices[0]!.body).toContain("a chat message");
  });

  it("refuses a wrong action for the target, unknown targets and bad input with a clear 4xx, changing nothing", async () => {
    const story = await makeStory(api);
    const a = await signedInUser(api, "Wa");
    await report(a.token, { target_kind: "story", target_id: story.id, reason: "spam" });
    const before = await num(api, sql`select count(*)::int from staff_actions`);
    const cases: [number, Record<string, unknown>][] = [
      [400, { target_kind: "story", target_id: story.id, action: "delete_message", reason: "wrong kind" }],
      [400, { target_kind: "message", target_id: "1", action: "unpublish", reason: "wrong kind" }],
      [400, { target_kind: "message", target_id: "abc", action: "dismiss", reason: "bad id" }],
      [400, { target_kind: "story", target_id: story.id, action: "hide" }],
      [400, { target_kind: "story", target_id: story.id, action: "hide", reason: "no" }],
      [400, { target_kind: "story", target_id: story.id, action: "burn", reason: "bad action" }],
      [404, { target_kind: "story", target_id: "no-such-story", action: "hide", reason: "nothing open" }],
      [404, { target_kind: "message", target_id: "123456789", action: "dismiss", reason: "nothing open" }],
    ];
    for (const [status, body] of cases) expect((await as("adminReportResolve", body)).status, JSON.stringify(body)).toBe(status);
    expect(await num(api, sql`select count(*)::int from staff_actions`)).toBe(before);
    expect(await num(api, sql`select count(*)::int from reports where target_id = ${story.id} and status = 'open'`)).toBe(1);
    expect((await storyRow(story.id)).visible).toBe(true);
  });
});

describe(`staff decisions on stories (${db})`, () => {
  it("rate, unpublish and restore answer the story's state; each writes exactly one audit row, a no-op none", async () => {
    const author = await signedInUser(api, "Rater");
    const story = await makeStory(api, { authorId: author.id });
    const rate = await as<{ story: Record<string, unknown> }>("adminStoryRate", { story_id: story.id, rating: "mature", reason: "graphic scenes" });
    expect(rate.data.story).toEqual({ id: story.id, title: story.title, published: true, review_state: "approved", rating: "mature", hidden: false, visible: true });
    const same = await as("adminStoryRate", { story_id: story.id, rating: "mature", reason: "graphic scenes" });
    expect(same.status).toBe(409);
    const down = await as<{ story: Record<string, unknown> }>("adminStoryUnpublish", { story_id: story.id, reason: "breaks the rules" });
    expect(down.data.story).toMatchObject({ published: false, visible: false });
    expect((await as("adminStoryUnpublish", { story_id: story.id, reason: "breaks the rules" })).status).toBe(409);
    const up = await as<{ story: Record<string, unknown> }>("adminStoryRestore", { story_id: story.id, reason: "fixed" });
    expect(up.data.story).toMatchObject({ published: true, visible: true });
    expect((await as("adminStoryRestore", { story_id: story.id, reason: "fixed" })).status).toBe(409);
    expect(rowsOf<{ action: string }>(await api.ctx.db.execute(sql`select action from staff_actions where target_id = ${story.id} order by id`)).map((r) => r.action)).toEqual([
      "story.rate",
      "story.unpublish",
      "story.restore",
    ]);
    expect((await notices(author.token)).notices.map((n) => n.body)).toEqual([
      expect.stringContaining("restored"),
      expect.stringContaining("unpublished"),
      expect.stringContaining("rated"),
    ]);
  });

  it("unknown stories are 404 and bad input 400, with no audit row", async () => {
    const before = await num(api, sql`select count(*)::int from staff_actions`);
    expect((await as("adminStoryRate", { story_id: "no-such-story", rating: "mature", reason: "why not" })).status).toBe(404);
    expect((await as("adminStoryUnpublish", { story_id: "no-such-story", reason: "why not" })).status).toBe(404);
    expect((await as("adminStoryRestore", { story_id: "no-such-story", reason: "why not" })).status).toBe(404);
    expect((await as("adminStoryRate", { story_id: seeded, rating: "adult", reason: "why not" })).status).toBe(400);
    expect((await as("adminStoryUnpublish", { story_id: seeded })).status).toBe(400);
    expect((await as("adminStoryUnpublish", { story_id: seeded, reason: " " })).status).toBe(400);
    expect((await as("adminStoryUnpublish", { story_id: "../etc", reason: "why not" })).status).toBe(400);
    expect(await num(api, sql`select count(*)::int from staff_actions`)).toBe(before);
  });

  it("the audit log is append-only: no row can be changed or removed", async () => {
    const story = await makeStory(api);
    await as("adminStoryRate", { story_id: story.id, rating: "mature", reason: "graphic scenes" });
    await expect(api.ctx.db.execute(sql`update staff_actions set reason = 'edited' where target_id = ${story.id}`)).rejects.toThrow();
    await expect(api.ctx.db.execute(sql`delete from staff_actions where target_id = ${story.id}`)).rejects.toThrow();
    expect(await audits(story.id)).toBe(1);
  });
});

describe(`bans (${db})`, () => {
  it("an account ban revokes every session at once (the next call is 401), refuses sign-in, and leaves orders and the ledger untouched", async () => {
    const email = "to-be-banned@example.com";
    const victim = await signInAs(api, email);
    const second = await signInAs(api, email);
    await api.ctx.db.insert(orders).values({ id: `order-ban-${victim.id}`, userId: victim.id, provider: "stripe", priceId: "p", amount: 499, coins: 100, status: "paid" });
    const money = await balanceAndLedger(api.ctx.db, victim.id);
    const ledgerRows = await num(api, sql`select count(*)::int from coin_ledger where user_id = ${victim.id}`);
    expect((await callEndpoint(api, "whoami", {}, victim.token)).status).toBe(200);
    const r = await as<{ user: Record<string, unknown> }>("adminUserBan", { user_id: victim.id, scope: "account", reason: "abuse of other players" });
    expect(r.status).toBe(200);
    expect(r.data.user).toMatchObject({ id: victim.id, status: "disabled", banned: true, publish_banned: false });
    for (const t of [victim.token, second.token]) expect((await callEndpoint(api, "whoami", {}, t)).status).toBe(401);
    expect(await num(api, sql`select count(*)::int from sessions where user_id = ${victim.id} and revoked_at is null`)).toBe(0);
    await expect(signInAs(api, email)).rejects.toThrow(/403/);
    expect(await balanceAndLedger(api.ctx.db, victim.id)).toEqual(money);
    expect(await num(api, sql`select count(*)::int from coin_ledger where user_id = ${victim.id}`)).toBe(ledgerRows);
    expect(await one(api, sql`select status, amount, coins from orders where user_id = ${victim.id}`)).toEqual({ status: "paid", amount: 499, coins: 100 });
    expect((await as("adminUserBan", { user_id: victim.id, scope: "account", reason: "again" })).status).toBe(409);
    expect(await audits(String(victim.id))).toBe(1);
    // Unbanned, the account signs in again.
    const un = await as<{ user: Record<string, unknown> }>("adminUserUnban", { user_id: victim.id, scope: "account", reason: "appeal accepted" });
    expect(un.data.user).toMatchObject({ status: "normal", banned: false });
    expect((await signInAs(api, email)).id).toBe(victim.id);
    expect((await as("adminUserUnban", { user_id: victim.id, scope: "account", reason: "again" })).status).toBe(409);
    expect(await audits(String(victim.id))).toBe(2);
  });

  it("a publish ban keeps the account signed in, sets publish_banned and tells the player", async () => {
    const u = await signedInUser(api, "Publisher");
    const r = await as<{ user: Record<string, unknown> }>("adminUserBan", { user_id: u.id, scope: "publish", reason: "repeated spam stories" });
    expect(r.data.user).toMatchObject({ status: "normal", banned: false, publish_banned: true });
    expect((await callEndpoint(api, "whoami", {}, u.token)).status).toBe(200);
    expect((await notices(u.token)).notices[0]!.body).toContain("You can no longer publish stories");
    const back = await as<{ user: Record<string, unknown> }>("adminUserUnban", { user_id: u.id, scope: "publish", reason: "served its time" });
    expect(back.data.user).toMatchObject({ publish_banned: false });
  });

  it("staff cannot ban themselves, nor a super admin unless they are one; unknown users are 404", async () => {
    expect((await as("adminUserBan", { user_id: staff.id, scope: "account", reason: "myself" })).status).toBe(403);
    const boss = await signedInUser(api, "Boss");
    await api.ctx.db.execute(sql`update users set role = 'super_admin' where id = ${boss.id}`);
    const other = await signInAs(api, STAFF2);
    expect((await as("adminUserBan", { user_id: boss.id, scope: "publish", reason: "a coup" }, other.token)).status).toBe(403);
    expect((await as("adminUserBan", { user_id: 2_000_000_000, scope: "publish", reason: "nobody" })).status).toBe(404);
    for (const bad of [{ user_id: 0 }, { user_id: -3 }, { user_id: "abc" }, { user_id: 3_000_000_000 }]) {
      expect((await as("adminUserBan", { ...bad, scope: "publish", reason: "bad id" })).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await as("adminUserBan", { user_id: boss.id, scope: "forever", reason: "bad scope" })).status).toBe(400);
    expect(await audits(String(boss.id))).toBe(0);
    expect(await audits(String(staff.id))).toBe(0);
    // A super admin may ban another super admin (and an admin).
    const superStaff = await signedInUser(api, "Super");
    await api.ctx.db.execute(sql`update users set role = 'super_admin' where id = ${superStaff.id}`);
    expect((await as("adminUserBan", { user_id: boss.id, scope: "publish", reason: "super decided" }, superStaff.token)).status).toBe(200);
    expect((await as("adminUserBan", { user_id: other.id, scope: "publish", reason: "super decided" }, superStaff.token)).status).toBe(200);
  });

  it("a change and its audit row commit together: when the audit row cannot be written, the ban is not made", async () => {
    const u = await signedInUser(api, "Kept");
    // A staff member the database does not know: the audit row's foreign key fails after the ban was written.
    const ghost = { id: 2_000_000_001, role: "admin", isGuest: false } as Parameters<typeof banUser>[1];
    await expect(banUser(api.ctx.db, ghost, { user_id: u.id, scope: "account", reason: "no audit" })).rejects.toThrow();
    expect(await one(api, sql`select status, banned_at from users where id = ${u.id}`)).toEqual({ status: "normal", banned_at: null });
    expect((await callEndpoint(api, "whoami", {}, u.token)).status).toBe(200);
    expect(await audits(String(u.id))).toBe(0);
  });
});

describe(`history and deletions (${db})`, () => {
  it("a story's history lists its audit rows and reports; a user's lists what was done to them and their stories", async () => {
    const author = await signedInUser(api, "Storied");
    const story = await makeStory(api, { authorId: author.id });
    const a = await signedInUser(api, "Ha");
    await report(a.token, { target_kind: "character", target_id: story.slug, reason: "hate" });
    await as("adminReportResolve", { target_kind: "character", target_id: story.slug, action: "hide", reason: "hateful persona" });
    await as("adminStoryRate", { story_id: story.id, rating: "mature", reason: "graphic scenes" });
    await as("adminUserBan", { user_id: author.id, scope: "publish", reason: "repeat offender" });
    type H = { actions: { action: string; staff: { id: number } }[]; versions: unknown[]; reports: { target_id: string; status: string }[] };
    const s = await as<H>("adminHistory", { story_id: story.id });
    expect(s.status).toBe(200);
    expect(s.data.actions.map((x) => x.action)).toEqual(["story.rate", "report.hide"]);
    expect(s.data.actions[0]!.staff.id).toBe(staff.id);
    expect(s.data.reports).toMatchObject([{ target_id: story.slug, status: "actioned" }]);
    const u = await as<H>("adminHistory", { user_id: author.id });
    expect(u.data.actions.map((x) => x.action)).toEqual(["user.ban", "story.rate", "report.hide"]);
    expect(u.data.reports).toHaveLength(1);
    const reporter = await as<H>("adminHistory", { user_id: a.id });
    expect(reporter.data.reports).toHaveLength(1);
    expect(reporter.data.actions).toEqual([]);
    expect((await as("adminHistory", {})).status).toBe(400);
    expect((await as("adminHistory", { story_id: story.id, user_id: author.id })).status).toBe(400);
    expect((await as("adminHistory", { story_id: "no-such-story" })).status).toBe(404);
    expect((await as("adminHistory", { user_id: 2_000_000_000 })).status).toBe(404);
  });

  it("the deletion list shows deletions not yet carried out, soonest due first", async () => {
    const a = await signedInUser(api, "Leaving");
    const b = await signedInUser(api, "Left");
    const c = await signedInUser(api, "Leaving soon");
    const day = 86_400_000;
    await api.ctx.db.insert(accountDeletions).values([
      { userId: a.id, dueAt: new Date(Date.now() + 20 * day) },
      { userId: b.id, dueAt: new Date(Date.now() - day), doneAt: new Date() },
      { userId: c.id, dueAt: new Date(Date.now() + 2 * day) },
    ]);
    const r = await as<{ deletions: { user_id: number; done_at: unknown }[] }>("adminDeletionList", {});
    expect(r.status).toBe(200);
    expect(r.data.deletions.map((d) => d.user_id)).toEqual([c.id, a.id]);
  });
});

describe(`review through the staff routes (${db})`, () => {
  /** A pending submission written straight into the database (publishing itself is the review suite's). */
  async function pendingVersion(userId: number): Promise<string> {
    const characters = [{ name: "Wren", persona: "Wry.", greeting: "Hi." }];
    const [d] = await api.ctx.db.insert(storyDrafts).values({ userId, title: "Pending tale", hook: "A hook.", categoryId: "mystery", characters, script: "Once.\n-> END\n" }).returning();
    const [v] = await api.ctx.db
      .insert(storyVersions)
      .values({ draftId: d!.id, storyId: `pending-tale-${d!.id}`, userId, title: "Pending tale", hook: "A hook.", categoryId: "mystery", characters, script: "Once.\n-> END\n" })
      .returning();
    return String(v!.id);
  }

  it("lists the pending queue and rejects with a reason (audit row and state together); no reason is a 400 that changes nothing", async () => {
    const author = await signedInUser(api, "Queued");
    const id = await pendingVersion(author.id);
    const list = await as<{ items: { version_id: string; state: string }[] }>("adminReviewList", { limit: 100 });
    expect(list.status).toBe(200);
    expect(list.data.items.map((i) => i.version_id)).toContain(id);
    const bare = await as("adminReviewDecide", { version_id: id, decision: "reject" });
    expect(bare.status).toBe(400);
    expect(await audits(id)).toBe(0);
    const r = await as<{ item: { state: string; reason: string } }>("adminReviewDecide", { version_id: id, decision: "reject", reason: "the script is empty" });
    expect(r.status).toBe(200);
    expect(r.data.item).toMatchObject({ state: "rejected", reason: "the script is empty" });
    expect(await audits(id)).toBe(1);
    expect((await as("adminReviewDecide", { version_id: id, decision: "approve" })).status).toBe(409);
    expect(await audits(id)).toBe(1);
    expect((await as("adminReviewDecide", { version_id: "999999999", decision: "approve" })).status).toBe(404);
    expect((await as("adminReviewDecide", { version_id: "abc", decision: "approve" })).status).toBe(400);
  });
});
