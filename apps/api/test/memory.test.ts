import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMemory, PromptRecord } from "@storyloom/contract";
import { startModelPeer, type ModelPeer, type RecordedRequest } from "@storyloom/model-peer";
import { startTestApi } from "../src/testing";
import { PART_SEPARATOR } from "../src/llm/prompt";
import { SUMMARY_INSTRUCTIONS_START } from "../src/llm/summary";
import type { RunningApi } from "../src/server";
import { call, callEndpoint, newGuest } from "./http";
import { addTestStory, chatLedger, eventually, leaseFree, type Msg } from "./chat.support";

// A chat's memory on the real server, against the local model peer: the rolling summary the model
// folds the turns that left the prompt's budget into (in the background, after the turn, not
// charged), pinned facts and the player's summary edits reaching the next prompt, and a failed fold
// keeping the previous summary. Everything is asserted on the requests the peer received.

const SEND = "/api/v1/actor/chat/message.send";
const HISTORY = "/api/v1/actor/chat/game.history";
const LIST = "/api/v1/actor/chat/branch.list";
const SWITCH = "/api/v1/actor/chat/branch.switch";
const FORK = "/api/v1/actor/chat/branch.fork";
const SUMMARY_MODEL = "peer-summary";
let api: RunningApi;
let peer: ModelPeer;
let story: { storyId: string; mara: string; tobin: string };

beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "sk-test" });
  // A small context: a few long turns and the oldest leave the budget.
  api = await startTestApi({
    LLM_BASE_URL: peer.url,
    LLM_API_KEY: "sk-test",
    LLM_MODEL: "peer-model",
    LLM_SUMMARY_MODEL: SUMMARY_MODEL,
    LLM_SUMMARY_MAX_TOKENS: 150,
    LLM_CONTEXT_TOKENS: 1000,
    LLM_MAX_OUTPUT_TOKENS: 100,
    LLM_RETRIES: 0,
  });
  story = await addTestStory(api.ctx.db);
});
afterAll(async () => {
  await api?.stop();
  await peer?.close();
});

const textOf = (c: unknown) => (typeof c === "string" ? c : "");
const systemOf = (r: RecordedRequest) => textOf(r.body.messages?.[0]?.content);
const isSummary = (r: RecordedRequest) => r.body.model === SUMMARY_MODEL;
const replies = () => peer.requests.filter((r) => !isSummary(r));
const summaries = () => peer.requests.filter(isSummary);
/** A long line of the player's (about 400 tokens), numbered so that each is told apart. */
const long = (n: number) => `Line ${n}: ${Array.from({ length: 120 }, (_, i) => `word${n}x${i}`).join(" ")}.`;

async function player() {
  const g = await newGuest(api);
  const target = { story_id: story.storyId, actor_id: story.mara, mode: "character" };
  expect((await call(api, "POST", SEND, { token: g.token, body: target })).code).toBe("0");
  return { ...g, id: g.user.id, target };
}
type Player = Awaited<ReturnType<typeof player>>;

/** Sends typed words, the peer answering `reply`; waits until the turn's bookkeeping is done. */
async function say(p: Player, content: string, reply = `Mara nods at ${content.slice(0, 7)}.`) {
  peer.script({ content: reply, reasoning: null });
  const r = await call<{ messages: Msg[] }>(api, "POST", SEND, {
    token: p.token,
    body: { ...p.target, content },
  });
  expect(r.code, r.message).toBe("0");
  await eventually(() => leaseFree(api.ctx.db, p.id, story.storyId));
  return r.data.messages.at(-1)!;
}
/** A turn and the inspector's record of its reply's prompt. */
async function turn(p: Player, content: string, answer?: string) {
  const reply = await say(p, content, answer);
  const ins = await callEndpoint<{ prompt: PromptRecord }>(
    api,
    "chatPrompt",
    { story_id: story.storyId, message_id: reply.id },
    p.token,
  );
  expect(ins.code).toBe("0");
  return { reply, rec: ins.data.prompt };
}
const memory = async (p: Player) =>
  (await callEndpoint<ChatMemory>(api, "chatMemory", { story_id: story.storyId }, p.token)).data;
/** Waits until the background fold has written (the memory reaches further than `through`). */
const folded = (p: Player, through: string | null) =>
  eventually(async () => (await memory(p)).summarised_through !== through, 10_000);

describe(`a chat's memory (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("folds the turns that left the budget into a summary that later prompts carry; a failed fold keeps it", async () => {
    peer.reset();
    const p = await player();
    // Replies are scripted; the summary model answers on its own.
    peer.models[SUMMARY_MODEL] = {
      content: "Mara took the player's case; she owes them a favour.",
      reasoning: null,
    };
    let n = 0;
    for (;;) {
      expect(n, "older turns left the budget").toBeLessThan(8);
      const { rec } = await turn(p, long(n++));
      expect(systemOf(replies().at(-1)!)).not.toContain("(summary)");
      // Turns left the budget that no summary reaches: the turn asks for a fold.
      if (rec.trimmed.summary_lines > 0) break;
      expect(summaries()).toEqual([]);
    }
    const ask = await peer.waitFor(isSummary);
    const lastPrompt = replies().at(-1)!;
    // The summary is asked of the summary model, with its own cap, after the reply (never before it).
    expect(ask.body.max_tokens).toBe(150);
    expect(ask.id).toBeGreaterThan(lastPrompt.id);
    expect(systemOf(ask).startsWith(SUMMARY_INSTRUCTIONS_START)).toBe(true);
    const asked = textOf(ask.body.messages?.[1]?.content);
    expect(asked).toContain("# Summary so far\n(none yet)");
    // Exactly the typed lines that the last prompt left out are folded in.
    const sent = JSON.stringify(lastPrompt.body.messages);
    const lines = Array.from({ length: n }, (_, i) => long(i));
    const left = lines.filter((l) => !sent.includes(l));
    expect(left.length).toBeGreaterThan(0);
    for (const l of lines) expect(asked.includes(l), l.slice(0, 8)).toBe(left.includes(l));
    // The opening's narration left first, and is folded in with them.
    expect(asked).toContain("Narrator: Rain hammers the neon sign of the Lantern Bar.");

    await folded(p, null);
    const m1 = await memory(p);
    expect(m1.summary).toBe("Mara took the player's case; she owes them a favour.");
    expect(m1.model).toBe(true);

    // From here on the summary model fails.
    peer.models[SUMMARY_MODEL] = { status: 500 };
    // The next prompt carries the summary; the inspector shows it as a part; only the replies were charged.
    let t = await turn(p, long(n++));
    const next = replies().at(-1)!;
    expect(systemOf(next)).toContain(
      "# Earlier in the story (summary)\nMara took the player's case; she owes them a favour.",
    );
    expect(t.rec.parts.find((x) => x.kind === "summary")?.text).toContain("Mara took the player's case");
    expect(
      t.rec.parts
        .filter((x) => x.message === "system")
        .map((x) => x.text)
        .join(PART_SEPARATOR),
    ).toBe(systemOf(next));
    expect((await chatLedger(api.ctx.db, p.id)).debits).toBe(n);

    // A fold that fails writes nothing: the summary and its reach stay, and the next prompt carries them.
    for (let more = 0; t.rec.trimmed.summary_lines === 0; more++) {
      expect(more, "more turns left the budget").toBeLessThan(6);
      t = await turn(p, long(n++));
    }
    const failed = await peer.waitFor(
      (r) => isSummary(r) && r.id > replies().at(-1)!.id && r.outcome === "failed",
    );
    const failedAsk = textOf(failed.body.messages?.[1]?.content);
    expect(failedAsk).toContain("# Summary so far\nMara took the player's case");
    expect(await memory(p)).toMatchObject({ summary: m1.summary, summarised_through: m1.summarised_through });
    // The next turn's prompt still carries the kept summary, and its fold (now answered) takes the same turns again.
    peer.models[SUMMARY_MODEL] = {
      content: "The favour is still owed. The ledger is hidden.",
      reasoning: null,
    };
    t = await turn(p, long(n++));
    expect(systemOf(replies().at(-1)!)).toContain("Mara took the player's case; she owes them a favour.");
    expect(t.rec.trimmed.summary_lines).toBeGreaterThan(0);
    await folded(p, m1.summarised_through);
    const retried = textOf(
      summaries().find((r) => r.id > failed.id && r.outcome === "completed")!.body.messages?.[1]?.content,
    );
    const firstMissed = /Line \d+:/.exec(failedAsk.split("# New turns")[1]!)?.[0];
    expect(firstMissed && retried.includes(firstMissed)).toBe(true);
    expect((await memory(p)).summary).toBe("The favour is still owed. The ledger is hidden.");
    expect((await chatLedger(api.ctx.db, p.id)).debits).toBe(n);
  });

  it("carries pinned facts and the player's summary edits into the next prompt, and shows them in the inspector", async () => {
    peer.reset();
    const p = await player();
    const saved = await callEndpoint<ChatMemory>(
      api,
      "chatMemorySave",
      {
        story_id: story.storyId,
        pins: ["Juno owes me a favour", "The key opens the harbour gate"],
        summary: "The player found the ledger.",
      },
      p.token,
    );
    expect(saved.code).toBe("0");
    expect(saved.data).toMatchObject({
      pins: ["Juno owes me a favour", "The key opens the harbour gate"],
      summary: "The player found the ledger.",
      summarised_through: null,
    });
    const reply = await say(p, "What now?");
    const system = systemOf(replies().at(-1)!);
    expect(system).toContain(
      "# Facts to keep (the player pinned them; they stay true)\n- Juno owes me a favour\n- The key opens the harbour gate",
    );
    expect(system).toContain("# Earlier in the story (summary)\nThe player found the ledger.");
    const rec = (
      await callEndpoint<{ prompt: PromptRecord }>(
        api,
        "chatPrompt",
        { story_id: story.storyId, message_id: reply.id },
        p.token,
      )
    ).data.prompt;
    expect(rec.parts.map((x) => x.kind)).toEqual(expect.arrayContaining(["pins", "summary"]));
    expect(rec.parts.find((x) => x.kind === "pins")!.text).toContain("- Juno owes me a favour");
    expect(
      rec.parts
        .filter((x) => x.message === "system")
        .map((x) => x.text)
        .join(PART_SEPARATOR),
    ).toBe(system);

    // A pin removed and the summary rewritten: the next reply's prompt has the change.
    await callEndpoint(
      api,
      "chatMemorySave",
      { story_id: story.storyId, pins: ["The key opens the harbour gate"] },
      p.token,
    );
    await callEndpoint(
      api,
      "chatMemorySave",
      { story_id: story.storyId, summary: "Juno left town." },
      p.token,
    );
    await say(p, "And then?");
    const after = systemOf(replies().at(-1)!);
    expect(after).not.toContain("Juno owes me a favour");
    expect(after).toContain("- The key opens the harbour gate");
    expect(after).toContain("# Earlier in the story (summary)\nJuno left town.");
  });

  it("keeps a memory per branch: a fork carries the pins, folds only its own turns, and switching back shows the old summary", async () => {
    peer.reset();
    const p = await player();
    const thread = async () =>
      (
        await call<{ messages: Msg[] }>(api, "POST", HISTORY, {
          token: p.token,
          body: { story_id: story.storyId, actor_id: story.mara },
        })
      ).data.messages;
    /**
     * Waits out the fold a reply's prompt asked for, if it did (the summary model failing meanwhile):
     * nothing of it is in flight when the next step scripts the summary model.
     */
    const settle = async (messageId: string, since: number) => {
      const rec = (
        await callEndpoint<{ prompt: PromptRecord }>(api, "chatPrompt", { story_id: story.storyId, message_id: messageId }, p.token)
      ).data.prompt;
      if (rec.trimmed.summary_lines > 0) await peer.waitFor((r) => isSummary(r) && r.id > since && r.outcome === "failed");
    };
    /** Writes reply `messageId` anew, forking (its fold, if any, fails). */
    const fork = async (messageId: string) => {
      peer.models[SUMMARY_MODEL] = { status: 500 };
      const since = peer.requests.at(-1)?.id ?? 0;
      peer.script({ content: `Mara thinks again (${messageId}).`, reasoning: null });
      const r = await call<{ messages: Msg[] }>(api, "POST", FORK, { token: p.token, body: { ...p.target, message_id: messageId } });
      expect(r.code, r.message).toBe("0");
      await eventually(() => leaseFree(api.ctx.db, p.id, story.storyId));
      await settle(r.data.messages[0]!.id, since);
    };
    /** A short turn whose fold, if any, fails. */
    const short = async (content: string) => {
      const since = peer.requests.at(-1)?.id ?? 0;
      const { reply } = await turn(p, content);
      await settle(reply.id, since);
      return reply;
    };
    /** Long turns (numbered from `from`) until one asks for a fold; the summary request it made. */
    const playUntilFold = async (from: number) => {
      const mark = peer.requests.at(-1)?.id ?? 0;
      for (let n = from; ; n++) {
        expect(n - from, "older turns left the budget").toBeLessThan(8);
        if ((await turn(p, long(n), `Mara answers ${n}.`)).rec.trimmed.summary_lines > 0) break;
      }
      return peer.waitFor((r) => isSummary(r) && r.id > mark && r.outcome === "completed");
    };
    /** Every line of the chat's turns (the player's and the replies) a summary request tells at most once. */
    const toldOnce = async (asked: string, lines: string[]) => {
      for (const l of lines) expect(asked.split(l).length - 1, l.slice(0, 12)).toBeLessThanOrEqual(1);
    };
    const pins = ["Juno owes me a favour"];
    await callEndpoint(api, "chatMemorySave", { story_id: story.storyId, pins }, p.token);

    // The first branch folds its older turns; from here on its folds fail, so its summary stays.
    peer.models[SUMMARY_MODEL] = { content: "Mara took the case.", reasoning: null };
    // Until the summary reaches a reply of the model's (the second fork below is before it).
    const isReply = (m: Msg) => m.role === "actor" && m.content.startsWith("Mara answers");
    let first = "";
    let m1 = await memory(p);
    for (let n = 0; !(await thread()).some((m) => isReply(m) && Number(m.id) <= Number(m1.summarised_through)); n += 10) {
      expect(n, "the summary reached a reply").toBeLessThan(40);
      first += textOf((await playUntilFold(n)).body.messages?.[1]?.content);
      await folded(p, m1.summarised_through);
      m1 = await memory(p);
    }
    expect(m1).toMatchObject({ summary: "Mara took the case.", pins });
    peer.models[SUMMARY_MODEL] = { status: 500 };
    const a = await short("Short one.");
    await short("Short two.");
    const old = await thread();

    // A fork after the summary's reach: the new branch has the summary and pins, reaching the copy of the row it reached.
    await fork(a.id);
    const forked = await thread();
    const at = old.findIndex((m) => m.id === m1.summarised_through);
    expect(at).toBeGreaterThanOrEqual(0);
    const m2 = await memory(p);
    expect(m2).toMatchObject({ summary: "Mara took the case.", pins, summarised_through: forked[at]!.id });
    expect(m2.summarised_through).not.toBe(m1.summarised_through);

    // Its next fold tells only its own turns the summary does not reach, each once: none of the old branch's after the fork.
    peer.models[SUMMARY_MODEL] = { content: "On the new branch, Mara stayed.", reasoning: null };
    const next = textOf((await playUntilFold(100)).body.messages?.[1]?.content);
    expect(next).toContain("# Summary so far\nMara took the case.");
    expect(next).not.toContain("Short two.");
    expect(next).not.toContain("Mara nods at Short t.");
    const lines = (await thread()).map((m) => m.content).filter((c) => c.trim());
    await toldOnce(next, lines);
    // Nothing the first summary told is told again.
    for (const l of lines.filter((c) => first.includes(c))) expect(next, l.slice(0, 12)).not.toContain(l);
    await folded(p, m2.summarised_through);
    expect(await memory(p)).toMatchObject({ summary: "On the new branch, Mara stayed.", pins });

    // Switching back shows the old branch's memory as it was.
    const list = (await call<{ branches: { id: string; active: boolean }[] }>(api, "POST", LIST, { token: p.token, body: { story_id: story.storyId } })).data.branches;
    expect(list).toHaveLength(2);
    await call(api, "POST", SWITCH, { token: p.token, body: { story_id: story.storyId, branch_id: list[0]!.id } });
    expect(await memory(p)).toMatchObject({ summary: m1.summary, summarised_through: m1.summarised_through, pins });

    // A fork before the summary's reach starts with no summary (the pins carried), and folds the copied turns once each.
    const reply0 = old.filter((m) => isReply(m) && Number(m.id) <= Number(m1.summarised_through)).at(-1)!;
    await fork(reply0.id);
    expect(await memory(p)).toMatchObject({ summary: "", summarised_through: null, pins });
    peer.models[SUMMARY_MODEL] = { content: "A third telling.", reasoning: null };
    const third = textOf((await playUntilFold(200)).body.messages?.[1]?.content);
    expect(third).toContain("# Summary so far\n(none yet)");
    const own = (await thread()).map((m) => m.content).filter((c) => c.trim());
    await toldOnce(third, own);
    for (const l of [...old, ...forked].map((m) => m.content).filter((c) => c.trim() && !own.includes(c))) expect(third, l.slice(0, 12)).not.toContain(l);
    expect(third).not.toContain(long(100));
    await folded(p, null);
    expect(await memory(p)).toMatchObject({ summary: "A third telling.", pins });
    // The player's edits are the shown branch's too.
    await callEndpoint(api, "chatMemorySave", { story_id: story.storyId, pins: ["Only here"] }, p.token);
    expect((await memory(p)).pins).toEqual(["Only here"]);
    await call(api, "POST", SWITCH, { token: p.token, body: { story_id: story.storyId, branch_id: list[0]!.id } });
    expect(await memory(p)).toMatchObject({ summary: m1.summary, pins });
  });

  it("refuses bad memory with a clear 400 and changes nothing; a memory is its owner's only", async () => {
    const p = await player();
    await callEndpoint(
      api,
      "chatMemorySave",
      { story_id: story.storyId, pins: ["Kept"], summary: "Kept summary." },
      p.token,
    );
    const bad: [unknown, RegExp][] = [
      [{ story_id: story.storyId }, /summary, the pins or both/],
      [
        { story_id: story.storyId, pins: Array.from({ length: 21 }, (_, i) => `fact ${i}`) },
        /at most 20 pinned facts/,
      ],
      [{ story_id: story.storyId, pins: ["x".repeat(201)] }, /at most 200 characters/],
      [{ story_id: story.storyId, pins: ["two\nlines"] }, /one line/],
      [{ story_id: story.storyId, pins: ["Same", "same"] }, /each fact once/],
      [{ story_id: story.storyId, pins: [" "] }, /must not be empty/],
      [{ story_id: story.storyId, summary: "y".repeat(2001) }, /at most 2000 characters/],
      [{ story_id: story.storyId, summary: "bell\u0007" }, /control characters/],
      [{ story_id: story.storyId, summary: "ok", extra: 1 }, /extra|unrecognized/i],
    ];
    for (const [body, message] of bad) {
      const r = await callEndpoint(api, "chatMemorySave", body, p.token);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.message).toMatch(message);
    }
    expect(await memory(p)).toMatchObject({ pins: ["Kept"], summary: "Kept summary." });
    expect(
      (await callEndpoint(api, "chatMemorySave", { story_id: "no-such-story", pins: ["x"] }, p.token)).status,
    ).toBe(404);
    expect((await callEndpoint(api, "chatMemory", { story_id: story.storyId })).status).toBe(401);

    // Another player reads and writes only their own memory of the same story.
    const q = await player();
    expect(await memory(q)).toMatchObject({
      pins: [],
      summary: "",
      summarised_through: null,
      updated_at: null,
    });
    await callEndpoint(api, "chatMemorySave", { story_id: story.storyId, pins: ["Mine"] }, q.token);
    expect((await memory(p)).pins).toEqual(["Kept"]);
    expect((await memory(q)).pins).toEqual(["Mine"]);
  });
});
