import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EndpointName } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { rowCounts } from "./db";
import { callEndpoint, newGuest } from "./http";

let api: RunningApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi();
  token = (await newGuest(api)).token;
});
afterAll(() => api.stop());

// Every write of this area with bad input: a 4xx envelope and not one row written.
const cases: [EndpointName, unknown, number][] = [
  ["favoriteCreate", { story_id: "no-such-story" }, 404],
  ["favoriteDelete", { story_id: null }, 400],
  ["subscribe", { story_id: "ghost-writer", email: "nope" }, 400],
  ["subscribe", { story_id: "no-such-story", email: "a@example.com" }, 404],
  ["unsubscribe", { story_id: ["ghost-writer"] }, 400],
  ["taskPlayGame", { story_id: "no-such-story" }, 404],
  ["taskPlayGame", { story_id: 7 }, 400],
  ["taskShareGame", { story_id: "ghost-writer", channel: "carrier-pigeon" }, 400],
  ["taskShareGame", { story_id: "no-such-story" }, 404],
  ["taskCreateStory", { title: "", premise: "x" }, 400],
  ["taskCreateStory", { title: "t", premise: "x".repeat(2001) }, 400],
  ["taskInviteFriend", {}, 409],
  ["storyList", { limit: 10_000 }, 400],
  ["storyList", { cursor: "%%%" }, 400],
  ["storyList", { q: 5 }, 400],
];

describe("bad input", () => {
  it.each(cases.map(([n, i, s]) => [n, JSON.stringify(i), i, s] as const))("%s %s → %s, nothing written", async (name, _label, input, status) => {
    const before = await rowCounts(api.handle.db);
    const r = await callEndpoint(api, name, input, token);
    expect(r.status).toBe(status);
    expect(r.code).not.toBe("0");
    expect(typeof r.message).toBe("string");
    expect(await rowCounts(api.handle.db)).toEqual(before);
  });

  it("refuses a body that is not JSON and a wrong content type", async () => {
    const before = await rowCounts(api.handle.db);
    const bad = await fetch(`${api.url}/api/v1/favorite.create`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: "{oops" });
    expect(bad.status).toBe(400);
    const form = await fetch(`${api.url}/api/v1/user-checkin.create`, { method: "POST", headers: { "content-type": "text/plain", authorization: `Bearer ${token}` }, body: "x" });
    expect(form.status).toBe(415);
    expect(await rowCounts(api.handle.db)).toEqual(before);
  });
});
