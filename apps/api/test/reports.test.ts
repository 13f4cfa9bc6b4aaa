import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf, stories } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { REPORT_THANKS } from "../src/services/reports";
import { callEndpoint, newGuest, signedInUser } from "./http";
import { chatMessageIds, makeStory, num, one, signInAs } from "./safety.support";

const STAFF = "report-staff@example.com";
let api: RunningApi;
let seeded: string;
beforeAll(async () => {
  // Every test client is 127.0.0.1: the per-address limit gets its own API below.
  api = await startTestApi({ ADMIN_EMAILS: [STAFF], REPORTS_PER_IP_PER_HOUR: 10_000 });
  const [s] = await api.ctx.db.select({ id: stories.id }).from(stories).where(sql`${stories.authorId} is null`).limit(1);
  seeded = s!.id;
});
afterAll(() => api?.stop());

const db = process.env.DATABASE_URL ? "postgres" : "pglite";
type Sent = { report: { id: string; status: string }; message: string };
const report = (token: string, body: Record<string, unknown>, on = api) => callEndpoint<Sent>(on, "reportCreate", body, token);
const reportCount = (on = api) => num(on, sql`select count(*)::int from reports`);
const hiddenAt = async (id: string) => (await one<{ hidden_at: unknown }>(api, sql`select hidden_at from stories where id = ${id}`)).hidden_at;

describe(`reports (${db})`, () => {
  it("a signed-in player and a guest each report a visible story, a character and their own chat message", async () => {
    const story = await makeStory(api);
    const u = await signedInUser(api, "Rhea");
    const g = await newGuest(api);
    const r = await report(u.token, { target_kind: "story", target_id: story.id, reason: "spam", details: "  ads everywhere  " });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ report: { id: expect.stringMatching(/^\d+$/), status: "open" }, message: REPORT_THANKS });
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    expect((await report(g.token, { target_kind: "character", target_id: story.slug, reason: "hate" })).status).toBe(200);
    const [greeting] = await chatMessageIds(api, g.token, seeded);
    expect((await report(g.token, { target_kind: "message", target_id: greeting!, reason: "violence" })).status).toBe(200);
    const rows = rowsOf(await api.ctx.db.execute(sql`select reporter_id, reporter_registered, target_kind, target_id, story_id, reason, details, status from reports where reporter_id in (${u.id}, ${g.id}) order by id`));
    expect(rows).toMatchObject([
      { reporter_id: u.id, reporter_registered: true, target_kind: "story", target_id: story.id, story_id: story.id, reason: "spam", details: "ads everywhere", status: "open" },
      { reporter_id: g.id, reporter_registered: false, target_kind: "character", target_id: story.slug, story_id: story.id, reason: "hate", status: "open" },
      { reporter_id: g.id, reporter_registered: false, target_kind: "message", target_id: greeting, story_id: seeded, reason: "violence" },
    ]);
  });

  it("concurrent reports of one target by one reporter count once and all answer the same open report", async () => {
    const story = await makeStory(api);
    const u = await signedInUser(api, "Twice");
    const answers = await Promise.all(Array.from({ length: 6 }, () => report(u.token, { target_kind: "story", target_id: story.id, reason: "minors" })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.data.report.id)).size).toBe(1);
    expect(await num(api, sql`select count(*)::int from reports where target_id = ${story.id}`)).toBe(1);
    // One account is one account: its repeats never reach the hiding threshold.
    expect(await hiddenAt(story.id)).toBeNull();
  });

  it("a repeat with the urgent reason raises the open report's reason instead of adding one", async () => {
    const story = await makeStory(api);
    const u = await signedInUser(api, "Raiser");
    const first = await report(u.token, { target_kind: "story", target_id: story.id, reason: "spam" });
    const again = await report(u.token, { target_kind: "story", target_id: story.id, reason: "minors", details: "a child" });
    expect(again.data.report.id).toBe(first.data.report.id);
    expect(await one(api, sql`select reason, details from reports where id = ${Number(first.data.report.id)}`)).toEqual({ reason: "minors", details: "a child" });
    // Never lowered back.
    await report(u.token, { target_kind: "story", target_id: story.id, reason: "other" });
    expect(await num(api, sql`select count(*)::int from reports where target_id = ${story.id} and reason = 'minors'`)).toBe(1);
  });

  it("three signed-in 'minors' reporters hide a story at once; three guests do not", async () => {
    const author = await signedInUser(api, "Hidden author");
    const story = await makeStory(api, { authorId: author.id });
    for (let i = 0; i < 3; i++) {
      const g = await newGuest(api);
      expect((await report(g.token, { target_kind: "story", target_id: story.id, reason: "minors" })).status).toBe(200);
    }
    expect(await hiddenAt(story.id)).toBeNull();
    const people = [await signedInUser(api, "One"), await signedInUser(api, "Two"), await signedInUser(api, "Three")];
    await report(people[0]!.token, { target_kind: "story", target_id: story.id, reason: "minors" });
    // Other reasons never count toward hiding.
    await report(people[1]!.token, { target_kind: "story", target_id: story.id, reason: "violence" });
    expect(await hiddenAt(story.id)).toBeNull();
    await report(people[2]!.token, { target_kind: "story", target_id: story.id, reason: "minors" });
    expect(await hiddenAt(story.id)).toBeNull();
    await report(people[1]!.token, { target_kind: "story", target_id: story.id, reason: "minors" });
    const row = await one<{ hidden_at: unknown; hidden_reason: string; visible: boolean }>(api, sql`select hidden_at, hidden_reason, visible from stories where id = ${story.id}`);
    expect(row.hidden_at).not.toBeNull();
    expect(row.visible).toBe(false);
    expect(row.hidden_reason).toMatch(/minors/);
    // Hidden: nobody else can find it to report it again.
    const late = await signedInUser(api, "Late");
    expect((await report(late.token, { target_kind: "story", target_id: story.id, reason: "spam" })).status).toBe(404);
    // The author is told; no staff acted, so there is no audit row.
    const told = await callEndpoint<{ notices: { body: string }[] }>(api, "noticeList", {}, author.token);
    expect(told.data.notices.map((n) => n.body)).toEqual([`Your story “${story.title}” was hidden after reports; staff will review it.`]);
    expect(await num(api, sql`select count(*)::int from staff_actions where target_id = ${story.id}`)).toBe(0);
  });

  it("three signed-in 'minors' reports sent at the same moment still hide the story (counted one after another)", async () => {
    const story = await makeStory(api);
    const people = await Promise.all(["Sa", "Sb", "Sc"].map((n) => signedInUser(api, n)));
    const answers = await Promise.all(people.map((p) => report(p.token, { target_kind: "story", target_id: story.id, reason: "minors" })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await hiddenAt(story.id)).not.toBeNull();
  });

  it("reports of a character count for its story: three signed-in reporters of a character hide the story", async () => {
    const story = await makeStory(api);
    for (const name of ["Ca", "Cb", "Cc"]) {
      const u = await signedInUser(api, name);
      await report(u.token, { target_kind: "character", target_id: story.slug, reason: "minors" });
    }
    expect(await hiddenAt(story.id)).not.toBeNull();
  });

  it("a staff member's 'minors' report hides the story alone, with an audit row", async () => {
    const story = await makeStory(api);
    const staff = await signInAs(api, STAFF);
    expect(staff.role).toBe("admin");
    expect((await report(staff.token, { target_kind: "story", target_id: story.id, reason: "minors" })).status).toBe(200);
    expect(await hiddenAt(story.id)).not.toBeNull();
    expect(await one(api, sql`select staff_id, action, target_kind, target_id from staff_actions where target_id = ${story.id}`)).toEqual({
      staff_id: staff.id,
      action: "report.hide",
      target_kind: "story",
      target_id: story.id,
    });
    // A staff report of another reason hides nothing.
    const other = await makeStory(api);
    await report(staff.token, { target_kind: "story", target_id: other.id, reason: "spam" });
    expect(await hiddenAt(other.id)).toBeNull();
  });

  it("only what the caller can see can be reported: unknown, hidden, pending, mature-for-a-guest and other players' messages are 404", async () => {
    const author = await signedInUser(api, "Author");
    const hidden = await makeStory(api, { hidden: true });
    const pending = await makeStory(api, { reviewState: "pending", authorId: author.id });
    const unpublished = await makeStory(api, { published: false });
    const mature = await makeStory(api, { rating: "mature" });
    const g = await newGuest(api);
    const other = await newGuest(api);
    const [theirs] = await chatMessageIds(api, other.token, seeded);
    const before = await reportCount();
    const cases: [string, string][] = [
      ["story", "no-such-story"],
      ["story", hidden.id],
      ["story", pending.id],
      ["story", unpublished.id],
      ["story", mature.id],
      ["character", "no-such-character"],
      ["character", hidden.slug],
      ["character", mature.slug],
      ["message", "999999999"],
      ["message", theirs!],
    ];
    for (const [kind, id] of cases) {
      const r = await report(g.token, { target_kind: kind, target_id: id, reason: "spam" });
      expect(r.status, `${kind} ${id}`).toBe(404);
      expect(r.code).toBe("NOT_FOUND");
    }
    expect(await reportCount()).toBe(before);
    // Its author can report their own pending story; an age-confirmed player can report a mature one.
    expect((await report(author.token, { target_kind: "story", target_id: pending.id, reason: "other" })).status).toBe(200);
    const adult = await signedInUser(api, "Adult");
    const unconfirmed = await report(adult.token, { target_kind: "story", target_id: mature.id, reason: "other" });
    expect(unconfirmed.status).toBe(404);
    await api.ctx.db.execute(sql`update users set adult_confirmed_at = now() where id = ${adult.id}`);
    expect((await report(adult.token, { target_kind: "story", target_id: mature.id, reason: "other" })).status).toBe(200);
  });

  it("refuses bad input with a clear 400 or 401 and writes nothing", async () => {
    const story = await makeStory(api);
    const g = await newGuest(api);
    const before = await reportCount();
    const cases: [string, unknown][] = [
      ["reason", { target_kind: "story", target_id: story.id }],
      ["reason", { target_kind: "story", target_id: story.id, reason: "boring" }],
      ["target_kind", { target_kind: "user", target_id: "1", reason: "spam" }],
      ["target_id", { target_kind: "story", target_id: "   ", reason: "spam" }],
      ["target_id", { target_kind: "story", target_id: "x".repeat(81), reason: "spam" }],
      ["target_id", { target_kind: "message", target_id: "abc", reason: "spam" }],
      ["target_id", { target_kind: "message", target_id: "-1", reason: "spam" }],
      ["target_id", { target_kind: "message", target_id: "99999999999999999999", reason: "spam" }],
      ["details", { target_kind: "story", target_id: story.id, reason: "spam", details: "x".repeat(1001) }],
      ["", { target_kind: "story", target_id: story.id, reason: "spam", extra: true }],
    ];
    for (const [path, body] of cases) {
      const r = await callEndpoint<{ fields: { path: string }[] }>(api, "reportCreate", body, g.token);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.code).toBe("VALIDATION_ERROR");
      if (path) expect(r.data.fields.map((f) => f.path)).toContain(path);
    }
    expect((await callEndpoint(api, "reportCreate", { target_kind: "story", target_id: story.id, reason: "spam" })).status).toBe(401);
    expect(await reportCount()).toBe(before);
  });

  it("a resolved report frees the reporter to report the same target again", async () => {
    const story = await makeStory(api);
    const u = await signedInUser(api, "Again");
    const first = await report(u.token, { target_kind: "story", target_id: story.id, reason: "spam" });
    await api.ctx.db.execute(sql`update reports set status = 'dismissed' where id = ${Number(first.data.report.id)}`);
    const second = await report(u.token, { target_kind: "story", target_id: story.id, reason: "spam" });
    expect(second.status).toBe(200);
    expect(second.data.report.id).not.toBe(first.data.report.id);
  });
});

describe(`report limits (${db})`, () => {
  let limited: RunningApi;
  beforeAll(async () => {
    limited = await startTestApi({ REPORTS_PER_USER_PER_HOUR: 3, REPORTS_PER_IP_PER_HOUR: 5 });
  });
  afterAll(() => limited?.stop());

  it("an account past its hourly limit gets 429 and writes nothing, repeats and refused targets count too; then the address limit holds for everyone on it", async () => {
    const targets = await Promise.all(Array.from({ length: 6 }, () => makeStory(limited)));
    const a = await signedInUser(limited, "Limited");
    // A repeat and a refused target are attempts too: a stranger cannot probe past the limit.
    expect((await report(a.token, { target_kind: "story", target_id: targets[0]!.id, reason: "spam" }, limited)).status).toBe(200);
    expect((await report(a.token, { target_kind: "story", target_id: targets[0]!.id, reason: "spam" }, limited)).status).toBe(200);
    expect((await report(a.token, { target_kind: "story", target_id: "no-such-story", reason: "spam" }, limited)).status).toBe(404);
    const over = await report(a.token, { target_kind: "story", target_id: targets[1]!.id, reason: "spam" }, limited);
    expect(over.status).toBe(429);
    expect(over.code).toBe("RATE_LIMITED");
    expect(over.data).toMatchObject({ retry_after: expect.any(Number) });
    expect(await reportCount(limited)).toBe(1);
    // Same address, fresh accounts (a new guest is free): 5 attempts an hour from it in all, 3 counted so far
    // (the refused 4th stopped at the account's limit).
    const b = await newGuest(limited);
    for (const t of [targets[2]!, targets[3]!]) expect((await report(b.token, { target_kind: "story", target_id: t.id, reason: "spam" }, limited)).status).toBe(200);
    const c = await newGuest(limited);
    const blocked = await report(c.token, { target_kind: "story", target_id: targets[4]!.id, reason: "spam" }, limited);
    expect(blocked.status).toBe(429);
    expect(blocked.message).toMatch(/network/);
    expect(await reportCount(limited)).toBe(3);
  });
});

describe(`a threshold of one (${db})`, () => {
  let strict: RunningApi;
  beforeAll(async () => {
    strict = await startTestApi({ REPORT_HIDE_THRESHOLD: 1 });
  });
  afterAll(() => strict?.stop());

  it("one signed-in 'minors' report removes a chat message at once (its text gone); a guest's never does", async () => {
    const [s] = await strict.ctx.db.select({ id: stories.id }).from(stories).limit(1);
    const g = await newGuest(strict);
    const [guestMsg] = await chatMessageIds(strict, g.token, s!.id);
    await report(g.token, { target_kind: "message", target_id: guestMsg!, reason: "minors" }, strict);
    expect(await one(strict, sql`select removed_at is null as kept from chat_messages where id = ${Number(guestMsg)}`)).toEqual({ kept: true });
    const u = await signedInUser(strict, "Strict");
    const ids = await chatMessageIds(strict, u.token, s!.id);
    expect((await report(u.token, { target_kind: "message", target_id: ids[0]!, reason: "minors" }, strict)).status).toBe(200);
    const row = await one<{ content: string; removed: boolean; alternatives: unknown }>(
      strict,
      sql`select content, removed_at is not null as removed, alternatives from chat_messages where id = ${Number(ids[0])}`,
    );
    expect(row).toEqual({ content: "", removed: true, alternatives: null });
    // A removed message cannot be reported again.
    expect((await report(u.token, { target_kind: "message", target_id: ids[0]!, reason: "spam" }, strict)).status).toBe(404);
  });
});
