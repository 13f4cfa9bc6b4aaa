// @vitest-environment happy-dom
// useChatStream against the real API of the global setup (no language model there): the stream
// code loads on first use, a refused send comes back as the server's envelope, and one reply runs
// at a time per chat.
import { createElement, type ReactNode } from "react";
import { act, cleanup, renderHook, configure, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createApiClient } from "../client";
import { memoryStorage } from "../storage";
import { recordingFetch } from "../test-helpers";
import { useChatStream } from "./chat";
import { ApiProvider, createQueryClient, useSession } from "./provider";

// These tests wait on a real API: on a loaded 2-core machine its first answer can take over the
// default 1 s of waitFor (a fresh-clone run failed the start-up test at 1259 ms).
configure({ asyncUtilTimeout: 10_000 });

const baseUrl = inject("apiUrl");
afterEach(() => cleanup());
const target = { story_id: "neon-requiem", actor_id: "juno-vex", mode: "character" as const };

function harness() {
  const rec = recordingFetch();
  const client = createApiClient({ baseUrl, storage: memoryStorage(), fetch: rec.fetch });
  const wrapper = ({ children }: { children?: ReactNode }) => createElement(ApiProvider, { client, queryClient: createQueryClient() }, children);
  return { client, rec, wrapper };
}

describe("useChatStream", () => {
  it("returns the server's refusal of a typed message and is idle again after it", async () => {
    const { client, rec, wrapper } = harness();
    const { result } = renderHook(() => ({ stream: useChatStream(), ready: useSession((s) => s.ready) }), { wrapper });
    await waitFor(() => expect(result.current.ready).toBe(true), { timeout: 5000 });
    expect((await client.api.chatSend(target)).ok).toBe(true);
    rec.reset();
    let outcome: Awaited<ReturnType<typeof result.current.stream.start>> | undefined;
    await act(async () => {
      outcome = await result.current.stream.start("chatSend", { ...target, content: "Hello?" }, () => undefined);
    });
    expect(outcome).toMatchObject({ ok: false, code: "CONFLICT", status: 409 });
    expect(result.current.stream.streaming).toBe(false);
    expect(rec.count("chatSend")).toBe(1);
  });

  it("refuses a second reply while one is on its way, without a request", async () => {
    const { client, rec, wrapper } = harness();
    const { result } = renderHook(() => ({ stream: useChatStream(), ready: useSession((s) => s.ready) }), { wrapper });
    await waitFor(() => expect(result.current.ready).toBe(true), { timeout: 5000 });
    expect((await client.api.chatSend(target)).ok).toBe(true);
    rec.reset();
    let first: Promise<unknown> = Promise.resolve();
    let second: Awaited<ReturnType<typeof result.current.stream.start>> | undefined;
    await act(async () => {
      first = result.current.stream.start("chatSend", { ...target, content: "One" }, () => undefined);
      second = await result.current.stream.start("chatSend", { ...target, content: "Two" }, () => undefined);
      await first;
    });
    expect(second).toMatchObject({ ok: false, code: "CONFLICT", status: 0 });
    expect(rec.count("chatSend")).toBe(1);
  });
});
