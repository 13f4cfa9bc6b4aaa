import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { endpoints, type EndpointName } from "@storyloom/contract";
import { createApiClient } from "../client";
import { memoryStorage } from "../storage";
import { applyInvalidations } from "./hooks";
import { invalidations, queryKeyOf, scopeOf } from "./keys";

describe("query keys and invalidation", () => {
  it("keys personal calls under 'me' and the rest under 'public'", () => {
    expect(queryKeyOf("favoriteList")).toEqual(["storyloom", "me", "favoriteList"]);
    expect(queryKeyOf("storyGet", { id: "x" })).toEqual(["storyloom", "public", "storyGet", { id: "x" }]);
    for (const name of Object.keys(endpoints) as EndpointName[]) expect(scopeOf(name)).toBe(endpoints[name].auth === "required" ? "me" : "public");
  });

  it("coin-changing calls (buying, check-in, task claims, chat) make the balance and ledger stale", () => {
    const coinChanging: EndpointName[] = ["checkoutCreate", "onlypayOrderCreate", "checkInCreate", "taskPlayGame", "taskShareGame", "taskCreateStory", "taskInviteFriend", "chatSend"];
    for (const name of coinChanging) expect(invalidations[name]).toEqual(expect.arrayContaining(["whoami", "ledgerList"]));
    for (const name of ["favoriteCreate", "favoriteDelete"] as const) expect(invalidations[name]).toEqual(expect.arrayContaining(["favoriteList", "storyGet"]));
  });

  it("the age confirmation makes cached stories and lists stale; reading notices makes their count stale", () => {
    expect(invalidations.ageConfirm).toEqual(expect.arrayContaining(["whoami", "storyGet", "storyList", "characterGet"]));
    expect(invalidations.noticeRead).toEqual(["noticeList"]);
  });

  it("invalidates the listed queries and applies a coin balance the answer carried", async () => {
    const client = createApiClient({ baseUrl: "http://127.0.0.1:1", storage: memoryStorage() });
    const user = { uuid: "00000000-0000-4000-8000-000000000000", id: 1, name: "A", username: null, email: null, role: "guest", status: "normal", is_guest: true, coins: 5, avatar_url: null, level: 1, vip_level: 0, create_time: "2026-01-01T00:00:00Z" } as const;
    client.session.storeUser(user);
    const qc = new QueryClient();
    qc.setQueryData(queryKeyOf("ledgerList", {}), { entries: [], next_cursor: null });
    qc.setQueryData(queryKeyOf("checkInGet", {}), { streak: 0 });
    qc.setQueryData(queryKeyOf("storyGet", { id: "a" }), { story: {} });
    await applyInvalidations(client, qc, "checkInCreate", { coins: 42 });
    expect(client.session.getSnapshot().user?.coins).toBe(42);
    expect(qc.getQueryState(queryKeyOf("ledgerList", {}))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(queryKeyOf("checkInGet", {}))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(queryKeyOf("storyGet", { id: "a" }))?.isInvalidated).toBe(false);
  });
});
