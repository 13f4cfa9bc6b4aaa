import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@storyloom/contract";
import { lastModelReplies, problemMessage, sendProblem } from "./chat-logic";
import { joinContinuation } from "@storyloom/contract/chat-text";
import { applyStreamEvent, newTurn, settleTurn, showTurn, stoppedTurnStored, stopTurn, turnHasText, upsertMessages } from "./live-turn";

const msg = (id: string, role: ChatMessage["role"], extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role,
  actor_id: role === "actor" ? "juno-vex" : null,
  content: `line ${id}`,
  created_at: "2026-01-01T00:00:00.000Z",
  ...extra,
});

describe("a streamed turn", () => {
  const thread = [msg("1", "actor"), msg("2", "narrator", { choices: [{ index: 0, text: "Go" }] })];

  it("shows the player's line at once and the replies as their text arrives, one per start", () => {
    let turn = newTurn({ player: msg("pending-text-1", "user", { content: "Hello" }) });
    expect(showTurn(thread, turn).map((m) => m.id)).toEqual(["1", "2", "pending-text-1"]);
    turn = applyStreamEvent(turn, { type: "start", role: "actor", actor_id: "juno-vex" }, null);
    turn = applyStreamEvent(turn, { type: "delta", text: "Hi " }, null);
    turn = applyStreamEvent(turn, { type: "reasoning", text: "She is wary." }, null);
    turn = applyStreamEvent(turn, { type: "delta", text: "there" }, null);
    turn = applyStreamEvent(turn, { type: "start", role: "actor", actor_id: "lacquer" }, null);
    turn = applyStreamEvent(turn, { type: "delta", text: "Me too" }, null);
    const shown = showTurn(thread, turn);
    expect(shown.slice(3).map((m) => [m.actor_id, m.content, m.reasoning])).toEqual([
      ["juno-vex", "Hi there", "She is wary."],
      ["lacquer", "Me too", undefined],
    ]);
  });

  it("shows only the lines stored before the turn while it is live: a refetch mid-turn never doubles a reply", () => {
    let turn = newTurn({ player: msg("pending-text-1", "user", { content: "Hello" }), known: new Set(thread.map((m) => m.id)) });
    turn = applyStreamEvent(turn, { type: "delta", text: "I went to the docks." }, "juno-vex");
    // An earlier turn's refetch lands holding this turn's stored player line and reply.
    const refetched = [...thread, msg("3", "user", { content: "Hello" }), msg("4", "actor", { content: "I went to the docks." })];
    expect(showTurn(refetched, turn).map((m) => m.id)).toEqual(["1", "2", "pending-text-1", "live-0"]);
    // Without the ids known at the start, both copies would stand.
    expect(showTurn(refetched, { ...turn, known: null }).map((m) => m.id)).toEqual(["1", "2", "3", "4", "pending-text-1", "live-0"]);
    expect(showTurn(refetched, null).map((m) => m.id)).toEqual(["1", "2", "3", "4"]);
  });

  it("gives text that comes before any start to the lead", () => {
    const turn = applyStreamEvent(newTurn(), { type: "delta", text: "Hm." }, "juno-vex");
    expect(turn.replies).toMatchObject([{ role: "actor", actor_id: "juno-vex", content: "Hm." }]);
  });

  it("keeps a stopped reply's text, marked stopped, and drops replies that had none", () => {
    let turn = applyStreamEvent(newTurn(), { type: "delta", text: "Half a sen" }, "juno-vex");
    turn = applyStreamEvent(turn, { type: "start", role: "actor", actor_id: "lacquer" }, null);
    const stopped = stopTurn(turn);
    expect(stopped.replies).toMatchObject([{ content: "Half a sen", stopped: true }]);
    expect(stopped.writing).toBe(false);
    const before = new Set(thread.map((m) => m.id));
    expect(stoppedTurnStored(thread, before, stopped)).toBe(false);
    expect(stoppedTurnStored([...thread, msg("3", "actor", { content: "Half a sentence", stopped: true })], before, stopped)).toBe(true);
    expect(stoppedTurnStored(thread, before, stopTurn(newTurn()))).toBe(true);
  });

  it("regenerate hides the replies it rewrites; edit cuts the thread at the edited message", () => {
    const t = [msg("1", "actor"), msg("3", "user"), msg("4", "actor", { source: "model" }), msg("5", "actor", { source: "model" })];
    const replies = lastModelReplies(t);
    expect(replies.map((m) => m.id)).toEqual(["4", "5"]);
    const regen = newTurn({ hidden: replies });
    expect(showTurn(t, regen).map((m) => m.id)).toEqual(["1", "3"]);
    expect(settleTurn(t, regen, [msg("6", "actor", { source: "model", alternatives: { index: 1, count: 2 } })]).map((m) => m.id)).toEqual(["1", "3", "6"]);
    // The API keeps the reply's id for its new alternative: it stays where it was.
    const again = newTurn({ hidden: [t[2]!] });
    const settled = settleTurn([...t, msg("8", "narrator")], again, [msg("4", "actor", { source: "model", content: "new", alternatives: { index: 1, count: 2 } })]);
    expect(settled.map((m) => [m.id, m.content])).toEqual([["1", "line 1"], ["3", "line 3"], ["4", "new"], ["5", "line 5"], ["8", "line 8"]]);
    const edit = newTurn({ player: { ...t[1]!, content: "Changed" }, cutAt: "3" });
    expect(showTurn(t, edit).map((m) => [m.id, m.content])).toEqual([["1", "line 1"], ["3", "Changed"]]);
    expect(settleTurn(t, edit, [msg("3", "user", { content: "Changed" }), msg("7", "actor")]).map((m) => m.id)).toEqual(["1", "3", "7"]);
  });

  it("continue: the reply's words and the new ones grow in the same bubble, ending as the stored text", () => {
    const reply = msg("4", "actor", { source: "model", content: "First reply.", stopped: true, reasoning: "wary" });
    const t = [msg("1", "actor"), msg("3", "user"), reply];
    let turn = newTurn({ extended: reply, known: new Set(t.map((m) => m.id)) });
    // At once: one live copy in the reply's place (no typing dots, no second bubble), no longer marked stopped.
    const first = showTurn(t, turn);
    expect(first.map((m) => [m.id, m.content, m.stopped])).toEqual([["1", "line 1", undefined], ["3", "line 3", undefined], ["live-0", "First reply.", false]]);
    turn = applyStreamEvent(turn, { type: "start", role: "actor", actor_id: "juno-vex" }, null);
    turn = applyStreamEvent(turn, { type: "reasoning", text: "go on" }, null);
    turn = applyStreamEvent(turn, { type: "delta", text: " " }, null);
    expect(showTurn(t, turn).map((m) => m.content)).toEqual(["line 1", "line 3", "First reply."]);
    const seen: string[] = [];
    for (const text of ["She ", "smiles", ", and waits.", " "]) {
      turn = applyStreamEvent(turn, { type: "delta", text }, null);
      const shown = showTurn(t, turn);
      expect(shown).toHaveLength(3);
      seen.push(shown.at(-1)!.content);
    }
    expect(seen).toEqual(["First reply. She", "First reply. She smiles", "First reply. She smiles, and waits.", "First reply. She smiles, and waits."]);
    expect(turn.replies).toMatchObject([{ id: "live-0", reasoning: "wary" }]);
    // The server stores joinContinuation(reply, trimmed words) in the same message: the live text equals it.
    const storedText = joinContinuation("First reply.", " She smiles, and waits. ".trim());
    expect(turn.replies[0]!.content).toBe(storedText);
    const settled = settleTurn(t, turn, [{ ...reply, content: storedText, stopped: false }]);
    expect(settled.map((m) => [m.id, m.content])).toEqual([["1", "line 1"], ["3", "line 3"], ["4", storedText]]);
    expect(showTurn(settled, null).at(-1)!.content).toBe(turn.replies[0]!.content);
  });

  it("continue joins as the API does: no space before punctuation, none after a space", () => {
    const grow = (before: string, ...parts: string[]) => {
      let turn = newTurn({ extended: msg("4", "actor", { content: before }) });
      for (const text of parts) turn = applyStreamEvent(turn, { type: "delta", text }, null);
      return turn.replies[0]!.content;
    };
    expect(grow("She paused", "…", " then left.")).toBe("She paused… then left.");
    expect(grow("She said ", "no.")).toBe("She said no.");
    expect(grow("Wait", "\n", "What?")).toBe("Wait What?");
    expect(grow("", "Hello")).toBe("Hello");
    expect(joinContinuation("A", ", b")).toBe("A, b");
  });

  it("continue stopped: the grown text stays, marked stopped, until the stored longer reply arrives", () => {
    const reply = msg("4", "actor", { source: "model", content: "First reply.", stopped: true });
    const t = [msg("3", "user"), reply];
    const before = new Set(t.map((m) => m.id));
    let turn = applyStreamEvent(newTurn({ extended: reply }), { type: "delta", text: "She " }, null);
    turn = applyStreamEvent(turn, { type: "delta", text: "wai" }, null);
    const stopped = stopTurn(turn);
    expect(showTurn(t, stopped).map((m) => [m.id, m.content, m.stopped])).toEqual([["3", "line 3", undefined], ["live-0", "First reply. She wai", true]]);
    // The old reply was already marked stopped: only the longer stored text tells the turn is stored.
    expect(stoppedTurnStored(t, before, stopped)).toBe(false);
    expect(stoppedTurnStored([t[0]!, { ...reply, content: "First reply. She wai" }], before, stopped)).toBe(true);
    // Stopped before any new word: nothing is stored or charged, the reply stays as it was.
    const early = stopTurn(applyStreamEvent(newTurn({ extended: reply }), { type: "delta", text: " " }, null));
    expect(turnHasText(early)).toBe(false);
    expect(early.replies).toMatchObject([{ content: "First reply.", stopped: true }]);
    expect(stoppedTurnStored(t, before, early)).toBe(true);
  });

  it("fork of an earlier reply: it and what follows are hidden, the new reply streams in its place, then the new branch shows", () => {
    const t = [msg("1", "actor"), msg("3", "user"), msg("4", "actor", { source: "model" }), msg("5", "user"), msg("6", "narrator")];
    const known = new Set(t.map((m) => m.id));
    let turn = newTurn({ cutAt: "4", branch: true, known });
    expect(showTurn(t, turn).map((m) => m.id)).toEqual(["1", "3"]);
    turn = applyStreamEvent(turn, { type: "start", role: "actor", actor_id: "juno-vex" }, null);
    turn = applyStreamEvent(turn, { type: "delta", text: "Second take." }, null);
    expect(showTurn(t, turn).map((m) => [m.id, m.content])).toEqual([["1", "line 1"], ["3", "line 3"], ["live-0", "Second take."]]);
    // A refetch mid-turn of the old branch changes nothing.
    expect(showTurn([...t], turn).map((m) => m.id)).toEqual(["1", "3", "live-0"]);
    // The new branch is stored and read (copies with new ids): shown as it is, its reply once.
    const branch = [msg("11", "actor", { content: "line 1" }), msg("13", "user", { content: "line 3" }), msg("14", "actor", { source: "model", content: "Second take.", alternatives: { index: 1, count: 2 } })];
    expect(showTurn(branch, turn).map((m) => [m.id, m.content])).toEqual([["11", "line 1"], ["13", "line 3"], ["14", "Second take."]]);
    expect(settleTurn(branch, turn, [branch[2]!]).map((m) => m.id)).toEqual(["11", "13", "14"]);
    // Had the thread not been read anew, settling still leaves the turns after the fork out.
    expect(settleTurn(t, turn, [branch[2]!]).map((m) => m.id)).toEqual(["1", "3", "14"]);
    // Stopped: the text stays, marked, until the new branch (with the stopped reply) is stored.
    const stopped = stopTurn(turn);
    expect(showTurn(t, stopped).at(-1)).toMatchObject({ id: "live-0", content: "Second take.", stopped: true });
    expect(stoppedTurnStored(t, known, stopped)).toBe(false);
    expect(stoppedTurnStored([...branch.slice(0, 2), { ...branch[2]!, stopped: true }], known, stopped)).toBe(true);
  });

  it("upserts a turn's messages by id", () => {
    expect(upsertMessages(thread, [msg("2", "narrator", { content: "new" }), msg("3", "user")]).map((m) => [m.id, m.content])).toEqual([
      ["1", "line 1"],
      ["2", "new"],
      ["3", "line 3"],
    ]);
  });
});

describe("send problems", () => {
  it("tells a reply still being written from a story played by its choices", () => {
    expect(sendProblem({ code: "CONFLICT", message: "A reply is still being written" })).toBe("busy");
    expect(sendProblem({ code: "CONFLICT", message: "This story is played by its choices: free replies need a language model" })).toBe("ended");
    expect(sendProblem({ code: "INSUFFICIENT_COINS", status: 402 })).toBe("coins");
    expect(sendProblem({ code: "RATE_LIMITED", status: 429 })).toBe("rate");
    expect(sendProblem({ code: "MODEL_ERROR" })).toBe("model");
    expect(problemMessage("coins", "", 2)).toContain("each reply costs 2");
    expect(problemMessage("other", "Bad input", 1)).toBe("Bad input");
  });
});
