import { describe, expect, it } from "vitest";
import { endpoints, errorStatus, Email, LORE_LIMITS, User } from "./index";

// Every call of spec section 7, by method and exact path.
const specCalls = [
  "GET /api/v1/user.whoami",
  "POST /api/v1/user-guest.sign-up",
  "POST /api/v1/user.refresh",
  "POST /api/v1/user.auth",
  "POST /api/v1/verify-code.send",
  "POST /api/v1/story.list",
  "GET /api/v1/category.list",
  "GET /api/v1/story.get",
  "POST /api/v1/user-subscribe.create",
  "POST /api/v1/user-subscribe.cancel",
  "POST /api/v1/favorite.create",
  "POST /api/v1/favorite.delete",
  "GET /api/v1/game-history.list",
  "GET /api/v1/favorite.list",
  "POST /api/v1/user-info.update",
  "GET /api/v1/user-checkin.get",
  "POST /api/v1/user-checkin.create",
  "GET /api/v1/daily-tasks.list",
  "POST /api/v1/daily-tasks.play-game",
  "POST /api/v1/daily-tasks.share-game",
  "POST /api/v1/daily-tasks.create-story",
  "POST /api/v1/daily-tasks.invite-friend",
  "GET /api/v1/daily-tasks.invite-code",
  "GET /api/v1/sysconfig.list",
  "GET /api/v1/price.list",
  "POST /api/v1/checkout.create",
  "POST /api/v1/onlypay/order.create",
  "POST /api/v1/actor/chat/game.history",
  "POST /api/v1/actor/chat/reasoning/game.history",
  "POST /api/v1/meta-api.forward",
];

describe("the endpoint table", () => {
  const table = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
  it("holds every call of the spec exactly once", () => {
    for (const c of specCalls) expect(table.filter((t) => t === c), c).toHaveLength(1);
    expect(new Set(table).size).toBe(table.length);
  });
  it("sends no bearer token only for code-send, login, guest sign-up and refresh", () => {
    const tokenless = Object.values(endpoints).filter((e) => e.auth === "none").map((e) => e.path).sort();
    expect(tokenless).toEqual(["/api/v1/user-guest.sign-up", "/api/v1/user.auth", "/api/v1/user.refresh", "/api/v1/verify-code.send"]);
  });
  it("defaults code_type to login and guest gender to unknown", () => {
    expect(endpoints.sendCode.input.parse({ email: "A@B.co" })).toEqual({ email: "a@b.co", code_type: "login" });
    expect(endpoints.guestSignUp.input.parse({ device_id: "abcdefgh" }).gender).toBe("unknown");
  });
  it("caps page sizes and rejects malformed cursors", () => {
    expect(endpoints.storyList.input.safeParse({ limit: 51 }).success).toBe(false);
    expect(endpoints.storyList.input.safeParse({ cursor: "a b" }).success).toBe(false);
    expect(endpoints.storyList.input.parse({})).toMatchObject({ sort: "popular", limit: 20 });
  });
  it("refuses an empty event list for the ad-platform forward", () => {
    const r = endpoints.metaForward.input.safeParse({ data: [] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("No events to send");
  });
  it("takes only known ad-platform event fields, at most 50 events, none older than 7 days", () => {
    const now = Math.floor(Date.now() / 1000);
    const ok = { event_name: "CheckIn", event_time: now, user_data: {} };
    expect(endpoints.metaForward.input.parse({ data: [ok] }).data[0]).toMatchObject({ action_source: "website" });
    expect(endpoints.metaForward.input.safeParse({ data: [{ ...ok, email: "a@b.co" }] }).success).toBe(false);
    expect(endpoints.metaForward.input.safeParse({ data: [{ ...ok, user_data: { email: "a@b.co" } }] }).success).toBe(false);
    expect(endpoints.metaForward.input.safeParse({ data: [{ ...ok, event_time: now - 7 * 86400 + 60 }] }).success).toBe(true);
    expect(endpoints.metaForward.input.safeParse({ data: [{ ...ok, event_time: now - 7 * 86400 - 60 }] }).success).toBe(false);
    expect(endpoints.metaForward.input.safeParse({ data: Array(50).fill(ok) }).success).toBe(true);
    expect(endpoints.metaForward.input.safeParse({ data: Array(51).fill(ok) }).success).toBe(false);
  });
  it("takes only the event names the product sends", () => {
    const now = Math.floor(Date.now() / 1000);
    for (const event_name of ["CompleteRegistration", "CheckIn", "Purchase"]) {
      expect(endpoints.metaForward.input.safeParse({ data: [{ event_name, event_time: now, user_data: {} }] }).success, event_name).toBe(true);
    }
    const bad = endpoints.metaForward.input.safeParse({ data: [{ event_name: "Lead", event_time: now, user_data: {} }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("must be one of CompleteRegistration, CheckIn, Purchase");
  });
  it("passes unknown login fields through", () => {
    expect(endpoints.login.input.parse({ email: "x@y.co", code: "123456", extra: 1 })).toMatchObject({ extra: 1 });
  });
});

describe("the chat calls", () => {
  it("takes at most one of content, choice or restart, and trims typed text", () => {
    expect(endpoints.chatSend.input.safeParse({ story_id: "s", content: "hi", choice: 0 }).success).toBe(false);
    // A pick names the message that offered it, so a pick sent twice is played (and charged) once.
    expect(endpoints.chatSend.input.safeParse({ story_id: "s", choice: 0 }).success).toBe(false);
    expect(endpoints.chatSend.input.safeParse({ story_id: "s", choice: 0, choice_of: "12" }).success).toBe(true);
    expect(endpoints.chatSend.input.parse({ story_id: "s", content: "  hi  ", mode: "group" })).toEqual({ story_id: "s", content: "hi", mode: "group" });
    expect(endpoints.chatSend.input.safeParse({ story_id: "s", content: "x".repeat(2001) }).success).toBe(false);
    expect(endpoints.chatSend.input.safeParse({ story_id: "s", mode: "solo" }).success).toBe(false);
  });
  it("edits by a decimal message id and selects alternatives 0..19", () => {
    expect(endpoints.chatEdit.input.safeParse({ story_id: "s", message_id: "12", content: "again" }).success).toBe(true);
    expect(endpoints.chatEdit.input.safeParse({ story_id: "s", message_id: "1e3", content: "again" }).success).toBe(false);
    expect(endpoints.chatSelect.input.safeParse({ story_id: "s", message_id: "7", index: 20 }).success).toBe(false);
  });
  it("says in the history whether typed messages are answered", () => {
    expect(endpoints.chatHistory.output.safeParse({ messages: [], ended: false }).success).toBe(false);
    expect(endpoints.chatHistory.output.safeParse({ messages: [], ended: false, free_text: true }).success).toBe(true);
  });
});

describe("entities and errors", () => {
  it("maps UNAUTHORIZED to 401 and VALIDATION_ERROR to 400", () => {
    expect(errorStatus.UNAUTHORIZED).toBe(401);
    expect(errorStatus.VALIDATION_ERROR).toBe(400);
  });
  it("lower-cases e-mails and refuses non-addresses", () => {
    expect(Email.parse(" Reader@Example.COM ")).toBe("reader@example.com");
    expect(Email.safeParse("reader").success).toBe(false);
  });
  it("knows super_admin as a role", () => {
    expect(User.shape.role.options).toContain("super_admin");
  });
});

describe("story drafts", () => {
  it("holds the seven story-draft calls, all with a token", () => {
    const calls = Object.values(endpoints).filter((e) => e.path.startsWith("/api/v1/story-draft."));
    expect(calls.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      "GET /api/v1/story-draft.get",
      "GET /api/v1/story-draft.list",
      "POST /api/v1/story-draft.cowrite",
      "POST /api/v1/story-draft.create",
      "POST /api/v1/story-draft.publish",
      "POST /api/v1/story-draft.unpublish",
      "POST /api/v1/story-draft.update",
    ]);
    expect(calls.every((e) => e.auth === "required")).toBe(true);
  });
  it("fills a new draft's empty fields, and an update changes only what it sends", () => {
    expect(endpoints.storyDraftCreate.input.parse({ title: " Low Tide " })).toEqual({ title: "Low Tide", hook: "", category_id: null, tags: [], characters: [], script: "", rating: "general", lorebook: [] });
    expect(endpoints.storyDraftUpdate.input.parse({ id: "3", hook: "New" })).toEqual({ id: "3", hook: "New" });
  });
  it("refuses control characters, markup in names, repeated names and oversized scripts", () => {
    const bad = (input: unknown) => endpoints.storyDraftCreate.input.safeParse(input).success;
    expect(bad({ title: "Bell\u0007" })).toBe(false);
    expect(bad({ title: "Right\u202eto left" })).toBe(false);
    expect(bad({ title: "ok", characters: [{ name: "<img>" }] })).toBe(false);
    expect(bad({ title: "ok", characters: [{ name: "Mira" }, { name: "MIRA" }] })).toBe(false);
    expect(bad({ title: "ok", script: "x".repeat(60_001) })).toBe(false);
    expect(bad({ title: "ok", characters: [{ name: "Zoë O'Hara-Lin" }], tags: ["slow burn"] })).toBe(true);
    expect(endpoints.storyDraftGet.input.safeParse({ id: "01" }).success).toBe(false);
  });
  it("asks the co-writer for a knot or a character's persona, with a short one-line note", () => {
    const ok = (input: unknown) => endpoints.storyDraftCowrite.input.safeParse(input).success;
    expect(ok({ id: "3", kind: "knot" })).toBe(true);
    expect(ok({ id: "3", kind: "knot", note: "Wren finds the key" })).toBe(true);
    expect(ok({ id: "3", kind: "persona", character: 0 })).toBe(true);
    expect(ok({ id: "3", kind: "persona" })).toBe(false);
    expect(ok({ id: "3", kind: "persona", character: 6 })).toBe(false);
    expect(ok({ id: "3", kind: "chapter" })).toBe(false);
    expect(ok({ id: "3", kind: "knot", note: "x".repeat(201) })).toBe(false);
    expect(ok({ id: "3", kind: "knot", note: "two\nlines" })).toBe(false);
    expect(ok({ id: "3", kind: "knot", script: "mine" })).toBe(false);
  });
});

describe("lorebooks", () => {
  const create = (lorebook: unknown) => endpoints.storyDraftCreate.input.safeParse({ title: "T", lorebook });
  it("fills an entry's defaults and keeps words and patterns as written", () => {
    const r = endpoints.storyDraftCreate.input.parse({ title: "T", lorebook: [{ name: " Lamp ", keys: ["lighthouse", "/lamp ?room/i"], content: " Dark. " }] });
    expect(r.lorebook).toEqual([{ name: "Lamp", keys: ["lighthouse", "/lamp ?room/i"], content: "Dark.", always: false, priority: 50, position: "after_persona", share: 10 }]);
    expect(create([{ name: "Tides", always: true, content: "Out all day." }]).success).toBe(true);
  });
  it("refuses entries past their bounds, without keys unless always on, and unknown fields", () => {
    const e = (over: Record<string, unknown>) => [{ name: "E", keys: ["k"], content: "c", ...over }];
    expect(create(e({ keys: [] })).success).toBe(false);
    expect(create(e({ content: "x".repeat(LORE_LIMITS.contentChars + 1) })).success).toBe(false);
    expect(create(e({ keys: Array.from({ length: LORE_LIMITS.keysPerEntry + 1 }, (_, i) => `k${i}`) })).success).toBe(false);
    expect(create(e({ keys: [`/${"a".repeat(LORE_LIMITS.regexChars)}/i`] })).success).toBe(true);
    expect(create(e({ keys: [`/${"a".repeat(LORE_LIMITS.regexChars + 1)}/`] })).success).toBe(false);
    expect(create(e({ keys: ["x".repeat(LORE_LIMITS.keyChars + 1)] })).success).toBe(false);
    expect(create(e({ keys: ["two\nlines"] })).success).toBe(false);
    expect(create(e({ share: 0 })).success).toBe(false);
    expect(create(e({ position: "anywhere" })).success).toBe(false);
    expect(create(e({ extra: 1 })).success).toBe(false);
    expect(create(Array.from({ length: LORE_LIMITS.entries + 1 }, () => e({})[0])).success).toBe(false);
  });
});
