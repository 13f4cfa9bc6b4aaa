import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@storyloom/contract";
import { isReportable, mergeMessages, openChoices, openingMessages, parseChatParams, pendingPlayerMessage, sendProblem, shownMessages, speakerName } from "./chat-logic";

const msg = (id: string, role: ChatMessage["role"], extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role,
  actor_id: role === "actor" ? "juno-vex" : null,
  content: `line ${id}`,
  created_at: "2026-01-01T00:00:00.000Z",
  ...extra,
});

describe("chat URL", () => {
  it("reads storyId and an optional actorId", () => {
    expect(parseChatParams(["neon-requiem"])).toEqual({ storyId: "neon-requiem", actorId: null });
    expect(parseChatParams(["neon-requiem", "juno-vex"])).toEqual({ storyId: "neon-requiem", actorId: "juno-vex" });
  });
  it("rejects empty, too long and malformed paths", () => {
    expect(parseChatParams(undefined)).toBeNull();
    expect(parseChatParams([])).toBeNull();
    expect(parseChatParams(["a", "b", "c"])).toBeNull();
    expect(parseChatParams(["Bad Story"])).toBeNull();
    expect(parseChatParams(["ok", "%2E%2E"])).toBeNull();
    expect(parseChatParams(["%E0%A4%A"])).toBeNull();
  });
});

describe("chat thread", () => {
  const choices = [{ index: 0, text: "Go" }, { index: 1, text: "Stay" }];

  it("offers the last message's choices until the story ends", () => {
    const thread = [msg("1", "actor"), msg("2", "narrator", { choices })];
    expect(openChoices(thread, false)).toEqual(choices);
    expect(openChoices(thread, true)).toEqual([]);
    // Free replies after the scene's last script line leave its choices open.
    expect(openChoices([...thread, msg("3", "user"), msg("4", "actor", { source: "model" })], false)).toEqual(choices);
    expect(openChoices([], false)).toEqual([]);
  });

  it("merges an answer without duplicating messages a refetch already brought", () => {
    const thread = [msg("1", "actor"), msg("2", "narrator")];
    expect(mergeMessages(thread, [msg("2", "narrator"), msg("3", "user"), msg("4", "narrator")]).map((m) => m.id)).toEqual(["1", "2", "3", "4"]);
  });

  it("shows the player's pick as a pending message", () => {
    const pending = pendingPlayerMessage({ index: 1, text: "Stay" }, new Date(0));
    expect(pending).toMatchObject({ role: "user", content: "Stay", actor_id: null });
    expect(pending.id.startsWith("pending-")).toBe(true);
  });

  it("names speakers", () => {
    const names = { "juno-vex": "Juno Vex" };
    expect(speakerName(msg("1", "actor"), names)).toBe("Juno Vex");
    expect(speakerName(msg("2", "narrator"), names)).toBe("Narrator");
    expect(speakerName(msg("3", "user"), names)).toBe("You");
    expect(speakerName(msg("4", "actor", { actor_id: "someone-else" }), names)).toBe("Character");
  });

  it("sorts send failures: out of coins, ended, other", () => {
    expect(sendProblem({ code: "INSUFFICIENT_COINS", status: 402 })).toBe("coins");
    expect(sendProblem({ code: "CONFLICT", status: 409 })).toBe("ended");
    expect(sendProblem({ code: "ERROR", status: 0 })).toBe("other");
  });
});

describe("the server-rendered opening", () => {
  const at = "2026-09-29T10:00:00.000Z";
  const juno = { id: "juno-vex", greeting: "Three hours, choom." };

  it("is the greeting, then one narrator line per opening line, as the API starts a thread", () => {
    const opening = openingMessages(juno, "The rain is warm.\n  In a noodle bar, Juno waits. \n\n", at);
    expect(opening.map((m) => [m.role, m.actor_id, m.content])).toEqual([
      ["actor", "juno-vex", "Three hours, choom."],
      ["narrator", null, "The rain is warm."],
      ["narrator", null, "In a noodle bar, Juno waits."],
    ]);
    expect(new Set(opening.map((m) => m.id)).size).toBe(3);
    expect(opening.every((m) => m.choices === undefined)).toBe(true);
    expect(openingMessages(undefined, "", at)).toEqual([]);
  });

  it("stands in only until the thread has messages, and never for an error", () => {
    const opening = openingMessages(juno, "The rain is warm.", at);
    const thread = [msg("1", "actor"), msg("2", "narrator")];
    expect(shownMessages("loading", [], opening)).toEqual({ messages: opening, placeholder: true });
    // Read but empty: the story is being started, the opening stays until it arrives.
    expect(shownMessages("ready", [], opening)).toEqual({ messages: opening, placeholder: true });
    expect(shownMessages("ready", thread, opening)).toEqual({ messages: thread, placeholder: false });
    expect(shownMessages("error", [], opening)).toEqual({ messages: [], placeholder: false });
    expect(shownMessages("loading", [], [])).toEqual({ messages: [], placeholder: false });
  });
});

describe("reporting a message", () => {
  it("offers Report on stored character and narrator lines only", () => {
    expect(isReportable(msg("41", "actor"))).toBe(true);
    expect(isReportable(msg("42", "narrator"))).toBe(true);
    expect(isReportable(msg("43", "user"))).toBe(false);
    expect(isReportable(msg("opening-greeting", "actor"))).toBe(false);
    expect(isReportable(msg("live-1", "actor"))).toBe(false);
    expect(isReportable(msg("44", "actor", { removed: true, content: "" }))).toBe(false);
  });
});
