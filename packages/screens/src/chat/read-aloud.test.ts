import { describe, expect, it } from "vitest";
import type { ApiClient } from "@storyloom/api-client";
import { afterReadingFailed, fallsBackToBrowser } from "./read-aloud";
import { ReadingRefused, readWithServer } from "./read-aloud-server";

/** A client whose transport answers every call with `answer` (or fails to reach the API). */
function clientAnswering(answer: () => Promise<Response>, token: string | null = "t0k"): { client: ApiClient; calls: { url: string; init?: RequestInit }[] } {
  const calls: { url: string; init?: RequestInit }[] = [];
  const client = {
    session: { getValidToken: async () => token },
    transport: {
      baseUrl: "http://api.test/",
      timeoutMs: 1000,
      fetch: (url: string, init?: RequestInit) => {
        calls.push({ url, init });
        return answer();
      },
    },
  } as unknown as ApiClient;
  return { client, calls };
}

const envelope = (status: number, message: string) => async () => new Response(JSON.stringify({ code: status, message, data: null }), { status, headers: { "content-type": "application/json" } });

/** What readWithServer rejects with, or a failure when it does not. */
async function refusalOf(client: ApiClient): Promise<ReadingRefused> {
  const err = await readWithServer(client, "neon-requiem", "42").then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ReadingRefused);
  return err as ReadingRefused;
}

describe("reading a reply through the API", () => {
  it("asks the API for the caller's reply, with the session's token", async () => {
    const { client, calls } = clientAnswering(envelope(502, "The speech server could not read this reply (it answered 500); try again, or read it yourself"));
    await refusalOf(client);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("http://api.test/api/v1/actor/chat/message.speech");
    expect(calls[0]!.init?.method).toBe("POST");
    expect(new Headers(calls[0]!.init?.headers).get("authorization")).toBe("Bearer t0k");
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ story_id: "neon-requiem", message_id: "42" });
  });

  it("falls back to the browser's voices when the speech server failed before any audio, telling the player why", async () => {
    const failed = await refusalOf(clientAnswering(envelope(502, "The speech server could not read this reply (it answered 500); try again, or read it yourself")).client);
    expect(failed.status).toBe(502);
    expect(fallsBackToBrowser(failed)).toBe(true);
    expect(afterReadingFailed(failed, true)).toEqual({
      fallback: true,
      notice: { role: "status", text: "The speech server could not read this reply (it answered 500); try again, or read it yourself. This browser's voice reads it instead." },
    });
    // Where the browser has no voices, the API's words are all the player gets.
    expect(afterReadingFailed(failed, false)).toEqual({ fallback: false, notice: { role: "alert", text: failed.message } });
  });

  it("falls back when the API cannot be reached at all", async () => {
    const unreachable = await refusalOf(clientAnswering(() => Promise.reject(new TypeError("Failed to fetch"))).client);
    expect(unreachable.status).toBe(0);
    expect(afterReadingFailed(unreachable, true).fallback).toBe(true);
  });

  it("does not read anyway when the API refuses (the rate limit, signed out): the player sees its words", async () => {
    const limited = await refusalOf(clientAnswering(envelope(429, "You can have 20 replies read aloud a minute; wait a moment")).client);
    expect(limited.status).toBe(429);
    expect(afterReadingFailed(limited, true)).toEqual({ fallback: false, notice: { role: "alert", text: "You can have 20 replies read aloud a minute; wait a moment" } });
    const { client, calls } = clientAnswering(envelope(200, "unused"), null);
    const signedOut = await refusalOf(client);
    expect(calls).toHaveLength(0);
    expect(afterReadingFailed(signedOut, true)).toEqual({ fallback: false, notice: { role: "alert", text: "Sign in again to have replies read aloud." } });
    // A refusal without the API's envelope still says what happened.
    const bare = await refusalOf(clientAnswering(async () => new Response("<html>Bad gateway</html>", { status: 503 })).client);
    expect(bare.message).toBe("The reply could not be read aloud (503).");
    expect(afterReadingFailed(bare, true).fallback).toBe(true);
  });

  it("does not fall back for audio that failed once it had begun", () => {
    expect(fallsBackToBrowser(new Error("The audio could not be played."))).toBe(false);
    expect(afterReadingFailed(new Error("The audio could not be played."), true)).toEqual({ fallback: false, notice: { role: "alert", text: "The audio could not be played." } });
    expect(afterReadingFailed("nonsense", true)).toEqual({ fallback: false, notice: { role: "alert", text: "The reply could not be read aloud." } });
  });
});
