import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoryDetail, StorySummary } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { rowCounts } from "./db";
import { callEndpoint, newGuest } from "./http";

let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

type Mail = { to: string; subject: string; text: string; headers?: Record<string, string> };
async function mailTo(email: string): Promise<Mail[]> {
  const res = await fetch(`${api.url}/dev/mail?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { data: { mail: Mail[] } }).data.mail;
}

describe("favourites", () => {
  it("likes idempotently and keeps like_count equal to the likes", async () => {
    const a = await newGuest(api);
    const b = await newGuest(api);
    const like = (t: string) => callEndpoint<{ liked: boolean; like_count: number }>(api, "favoriteCreate", { story_id: "below-the-ice" }, t);
    const first = await like(a.token);
    expect(first.data).toMatchObject({ liked: true, like_count: 1 });
    expect((await like(a.token)).data.like_count).toBe(1);
    await Promise.all(Array.from({ length: 10 }, () => like(b.token)));
    expect((await like(b.token)).data.like_count).toBe(2);
    const un = await callEndpoint<{ liked: boolean; like_count: number }>(api, "favoriteDelete", { story_id: "below-the-ice" }, a.token);
    expect(un.data).toMatchObject({ liked: false, like_count: 1 });
    expect((await callEndpoint<{ like_count: number }>(api, "favoriteDelete", { story_id: "below-the-ice" }, a.token)).data.like_count).toBe(1);
    const detail = await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: "below-the-ice" }, b.token);
    expect(detail.data.story).toMatchObject({ liked: true, like_count: 1 });
  });

  it("lists liked stories newest first and needs a token", async () => {
    const g = await newGuest(api);
    await callEndpoint(api, "favoriteCreate", { story_id: "ghost-writer" }, g.token);
    await callEndpoint(api, "favoriteCreate", { story_id: "roommate-roulette" }, g.token);
    const r = await callEndpoint<{ stories: StorySummary[] }>(api, "favoriteList", {}, g.token);
    expect(r.data.stories.map((s) => s.id)).toEqual(["roommate-roulette", "ghost-writer"]);
    expect((await callEndpoint(api, "favoriteList")).status).toBe(401);
    expect((await callEndpoint(api, "favoriteCreate", { story_id: "ghost-writer" })).code).toBe("UNAUTHORIZED");
  });

  it("refuses unknown stories and wrong types without writing", async () => {
    const g = await newGuest(api);
    const before = await rowCounts(api.handle.db);
    const missing = await callEndpoint(api, "favoriteCreate", { story_id: "no-such-story" }, g.token);
    expect(missing.status).toBe(404);
    expect(missing.code).toBe("NOT_FOUND");
    for (const body of [{ story_id: 42 }, {}, { story_id: "ghost-writer", extra: true }, { story_id: "UPPER" }]) {
      const r = await callEndpoint(api, "favoriteCreate", body, g.token);
      expect(r.status).toBe(400);
      expect(r.code).toBe("VALIDATION_ERROR");
    }
    expect(await rowCounts(api.handle.db)).toEqual(before);
  });
});

describe("game history", () => {
  it("records plays through the play-game task, newest first", async () => {
    const g = await newGuest(api);
    expect((await callEndpoint<{ stories: StorySummary[] }>(api, "gameHistoryList", {}, g.token)).data.stories).toEqual([]);
    const before = (await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: "midnight-in-kyoto" }, g.token)).data.story.play_count;
    await callEndpoint(api, "taskPlayGame", { story_id: "midnight-in-kyoto" }, g.token);
    await callEndpoint(api, "taskPlayGame", { story_id: "the-rival-bakery" }, g.token);
    const r = await callEndpoint<{ stories: StorySummary[] }>(api, "gameHistoryList", {}, g.token);
    expect(r.data.stories.map((s) => s.id)).toEqual(["the-rival-bakery", "midnight-in-kyoto"]);
    expect(r.data.stories[0]!.last_played_at).toBeTruthy();
    await callEndpoint(api, "taskPlayGame", { story_id: "midnight-in-kyoto" }, g.token);
    const again = await callEndpoint<{ stories: StorySummary[] }>(api, "gameHistoryList", {}, g.token);
    expect(again.data.stories.map((s) => s.id)).toEqual(["midnight-in-kyoto", "the-rival-bakery"]);
    const after = (await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: "midnight-in-kyoto" }, g.token)).data.story.play_count;
    expect(after).toBe(before + 2);
  });
});

describe("subscriptions", () => {
  it("mails one confirmation with a logged-out unsubscribe link, and no duplicates", async () => {
    const g = await newGuest(api);
    const email = `reader-${g.id}@example.com`;
    const sub = await callEndpoint<{ subscribed: boolean; email: string }>(api, "subscribe", { story_id: "the-night-nurse", email: email.toUpperCase() }, g.token);
    expect(sub.status).toBe(200);
    expect(sub.data).toMatchObject({ subscribed: true, email });
    await callEndpoint(api, "subscribe", { story_id: "the-night-nurse", email }, g.token);
    await Promise.all(Array.from({ length: 5 }, () => callEndpoint(api, "subscribe", { story_id: "the-night-nurse", email }, g.token)));
    const mail = await mailTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain("The Night Nurse");
    expect(mail[0]!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /<(.+)>/.exec(mail[0]!.headers!["List-Unsubscribe"]!)![1]!;
    expect(link.startsWith(`${api.url}/api/v1/user-subscribe.unsubscribe?token=`)).toBe(true);
    expect((await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: "the-night-nurse" }, g.token)).data.story.subscribed).toBe(true);

    // GET only shows the confirm page (link scanners must not unsubscribe), POST cancels.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("<form method=\"post\"");
    expect((await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: "the-night-nurse" }, g.token)).data.story.subscribed).toBe(true);
    const oneClick = await fetch(link, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("unsubscribed");
    expect((await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: "the-night-nurse" }, g.token)).data.story.subscribed).toBe(false);
    expect((await fetch(link, { method: "POST" })).status).toBe(200);
    expect((await fetch(`${api.url}/api/v1/user-subscribe.unsubscribe?token=${"x".repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${api.url}/api/v1/user-subscribe.unsubscribe`)).status).toBe(404);

    // Subscribing again after cancelling is a new subscription with a new mail.
    await callEndpoint(api, "subscribe", { story_id: "the-night-nurse", email }, g.token);
    expect(await mailTo(email)).toHaveLength(2);
  });

  it("cancels by story for the logged-in caller", async () => {
    const g = await newGuest(api);
    await callEndpoint(api, "subscribe", { story_id: "static-on-channel-nine", email: `c-${g.id}@example.com` }, g.token);
    const r = await callEndpoint<{ subscribed: boolean }>(api, "unsubscribe", { story_id: "static-on-channel-nine" }, g.token);
    expect(r.data.subscribed).toBe(false);
    expect((await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: "static-on-channel-nine" }, g.token)).data.story.subscribed).toBe(false);
    expect((await callEndpoint(api, "unsubscribe", { story_id: "static-on-channel-nine" }, g.token)).status).toBe(200);
  });

  it("refuses invalid e-mails and unknown stories without writing", async () => {
    const g = await newGuest(api);
    const before = await rowCounts(api.handle.db);
    for (const email of ["not-an-email", "", "a@", 42, "x".repeat(300) + "@example.com"]) {
      const r = await callEndpoint(api, "subscribe", { story_id: "ghost-writer", email }, g.token);
      expect(r.status).toBe(400);
      expect(r.code).toBe("VALIDATION_ERROR");
    }
    const missing = await callEndpoint(api, "subscribe", { story_id: "no-such-story", email: "ok@example.com" }, g.token);
    expect(missing.status).toBe(404);
    expect(await rowCounts(api.handle.db)).toEqual(before);
  });
});
