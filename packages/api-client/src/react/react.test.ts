// @vitest-environment happy-dom
import { createElement, StrictMode, type ReactNode } from "react";
import { act, cleanup, render, renderHook, configure, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, inject, it } from "vitest";
import { readCode } from "@storyloom/test-api";
import { createApiClient, type ApiClient } from "../client";
import { memoryStorage } from "../storage";
import { recordingFetch } from "../test-helpers";
import { queryKeyOf } from "./keys";
import { ApiProvider, createQueryClient, useApiClient, useSession } from "./provider";
import { useApiMutation, useApiQuery, useClaimCheckIn, useFavorites, useLedger, useStory, useStoryList, useToggleFavorite } from "./hooks";

// These tests wait on a real API: on a loaded 2-core machine its first answer can take over the
// default 1 s of waitFor (a fresh-clone run failed the start-up test at 1259 ms).
configure({ asyncUtilTimeout: 10_000 });

const baseUrl = inject("apiUrl");
afterEach(() => cleanup());

function harness(opts: { autoStart?: boolean } = {}) {
  const rec = recordingFetch();
  const client = createApiClient({ baseUrl, storage: memoryStorage(), fetch: rec.fetch });
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children?: ReactNode }) => createElement(ApiProvider, { client, queryClient, ...opts }, children);
  return { client, rec, queryClient, wrapper };
}

describe("ApiProvider and the session store", () => {
  it("renders first as 'not ready' (matching the server), then runs the start-up sequence", async () => {
    const { wrapper, rec } = harness();
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current).toMatchObject({ ready: false, status: "none", displayName: "Guest" });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current).toMatchObject({ status: "valid", userType: "guest", isLoggedIn: false });
    expect(result.current.user?.is_guest).toBe(true);
    expect(rec.count("guestSignUp")).toBe(1);
  });

  it("creates the client and store once per tree, not per render, and separate trees do not share them", async () => {
    const seen: ApiClient[] = [];
    function Probe() {
      seen.push(useApiClient());
      useSession((s) => s.status);
      return null;
    }
    const tree = () => createElement(StrictMode, null, createElement(ApiProvider, { baseUrl, storage: memoryStorage(), autoStart: false }, createElement(Probe)));
    const a = render(tree());
    a.rerender(tree());
    a.rerender(tree());
    expect(new Set(seen).size).toBe(1);
    render(tree());
    expect(new Set(seen).size).toBe(2);
  });

  it("re-renders a reader only when its selected value changes, and readers never disagree", async () => {
    const { wrapper } = harness();
    // Two readers of the store in one component: with useSyncExternalStore they see the same state
    // in every render (the hand-made useState + startTransition copy could tear them apart).
    const seen: [boolean, string][] = [];
    const { result } = renderHook(
      () => {
        const ready = useSession((s) => s.ready);
        const status = useSession((s) => s.status);
        seen.push([ready, status]);
        return ready;
      },
      { wrapper },
    );
    let nameRenders = 0;
    const name = renderHook(
      () => {
        nameRenders++;
        return useSession((s) => s.displayName);
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current).toBe(true));
    expect(seen[0]).toEqual([false, "none"]);
    expect(seen.at(-1)).toEqual([true, "valid"]);
    // Start-up sets the token (valid) before it marks the session ready: ready never comes first.
    expect(seen).not.toContainEqual([true, "none"]);
    // A guest is "Guest" before and after the start-up: never re-rendered.
    expect(name.result.current).toBe("Guest");
    expect(nameRenders).toBe(1);
  });

  it("hands a whole-state reader the same object until the session changes", () => {
    const { wrapper, client } = harness({ autoStart: false });
    const { result, rerender } = renderHook(() => useSession(), { wrapper });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    act(() => client.session.markReady());
    expect(result.current).not.toBe(first);
    expect(result.current).toMatchObject({ ready: true, status: "none" });
    expect(typeof result.current.logout).toBe("function");
  });

  it("code login through the store replaces the guest and drops the previous person's cached lists", async () => {
    const { wrapper, queryClient } = harness();
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.ready).toBe(true));
    queryClient.setQueryData(queryKeyOf("favoriteList"), { stories: [] });
    const email = `react.${Date.now().toString(36)}@example.com`;
    await act(async () => {
      await result.current.sendCode({ email });
    });
    const code = await readCode({ url: baseUrl }, email);
    await act(async () => {
      const r = await result.current.loginWithCode({ email, code });
      expect(r.ok).toBe(true);
    });
    expect(result.current).toMatchObject({ userType: "user", isLoggedIn: true, displayName: email.split("@")[0] });
    expect(queryClient.getQueryData(queryKeyOf("favoriteList"))).toBeUndefined();
  });

  it("logout clears the played and liked lists, fires the event, and continues as a guest", async () => {
    const { wrapper, queryClient, rec } = harness();
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.ready).toBe(true));
    queryClient.setQueryData(queryKeyOf("gameHistoryList"), { stories: [] });
    queryClient.setQueryData(queryKeyOf("favoriteList"), { stories: [] });
    queryClient.setQueryData(queryKeyOf("categoryList"), { categories: [] });
    let domEvents = 0;
    window.addEventListener("storyloom:logout", () => domEvents++);
    rec.reset();
    act(() => result.current.logout());
    expect(domEvents).toBe(1);
    expect(queryClient.getQueryData(queryKeyOf("gameHistoryList"))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeyOf("favoriteList"))).toBeUndefined();
    expect(queryClient.getQueryState(queryKeyOf("categoryList"))?.isInvalidated).toBe(true);
    await waitFor(() => expect(result.current.status).toBe("valid"));
    expect(rec.count("guestSignUp")).toBe(1);
  });
});

describe("query hooks", () => {
  it("reads through the client with the endpoint's key, and surfaces failures as ApiError", async () => {
    const { wrapper, queryClient } = harness();
    const { result } = renderHook(() => useApiQuery("whoami"), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.user.is_guest).toBe(true);
    expect(queryClient.getQueryData(queryKeyOf("whoami", {}))).toEqual(result.current.data);
    const bad = renderHook(() => useApiQuery("storyGet", { id: "NOT A SLUG" }), { wrapper });
    await waitFor(() => expect(bad.result.current.isError).toBe(true));
    expect(bad.result.current.error).toMatchObject({ name: "ApiError", code: "VALIDATION_ERROR" });
  });

  it("a mutation marks stale what it changed (profile update → whoami) and the store shows the new user", async () => {
    const { wrapper, queryClient, rec } = harness();
    const { result } = renderHook(() => ({ me: useApiQuery("whoami"), update: useApiMutation("updateUserInfo"), user: useSession((s) => s.user) }), { wrapper });
    await waitFor(() => expect(result.current.me.isSuccess).toBe(true));
    const before = rec.count("whoami");
    await act(async () => {
      await result.current.update.mutateAsync({ name: "Ada" });
    });
    await waitFor(() => expect(result.current.me.data?.user.name).toBe("Ada"));
    expect(rec.count("whoami")).toBeGreaterThan(before);
    expect(queryClient.getQueryState(queryKeyOf("whoami", {}))?.status).toBe("success");
  });
});

describe("invalidation against the real server", () => {
  it("a favourite toggle updates the story at once and refetches the liked list", async () => {
    const { wrapper } = harness();
    const list = renderHook(() => useStoryList({ limit: 1 }), { wrapper });
    await waitFor(() => expect(list.result.current.isSuccess).toBe(true));
    const id = list.result.current.data!.stories[0]!.id;
    const { result } = renderHook(() => ({ story: useStory(id), likes: useFavorites(), toggle: useToggleFavorite() }), { wrapper });
    await waitFor(() => expect(result.current.story.isSuccess && result.current.likes.isSuccess).toBe(true));
    expect(result.current.story.data!.story.liked).toBe(false);
    await act(async () => {
      await result.current.toggle.mutateAsync({ story_id: id, liked: true });
    });
    expect(result.current.story.data!.story.liked).toBe(true);
    await waitFor(() => expect(result.current.likes.data!.stories.map((s) => s.id)).toContain(id));
  });

  it("claiming the check-in shows the new coin balance and makes the ledger stale", async () => {
    const { wrapper, rec } = harness();
    const { result } = renderHook(() => ({ coins: useSession((s) => s.user?.coins), ledger: useLedger(), claim: useClaimCheckIn() }), { wrapper });
    await waitFor(() => expect(result.current.ledger.isSuccess).toBe(true));
    const before = result.current.coins!;
    const ledgerCalls = rec.count("ledgerList");
    let reward = 0;
    await act(async () => {
      const r = await result.current.claim.mutateAsync();
      reward = r.reward;
    });
    await waitFor(() => expect(result.current.coins).toBe(before + reward));
    await waitFor(() => expect(rec.count("ledgerList")).toBeGreaterThan(ledgerCalls));
  });
});
