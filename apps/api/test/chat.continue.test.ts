import { beforeAll, describe, expect, it } from "vitest";
import type { ModelPeer } from "@storyloom/model-peer";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { chatLedger, coins, stopMidReply, stream, type Msg, type TestStory, useModelChat, wholeReply } from "./chat.support";

// "Continue" (issue 45): the last character reply extended where it stops, charged as a reply. The
// real server on the real database, the model a local peer speaking the OpenAI streaming protocol.

interface Turn {
  messages: Msg[];
  coins: number;
  ended: boolean;
}
interface Thread {
  messages: Msg[];
}

const SEND = "/api/v1/actor/chat/message.send";
const CONTINUE = "/api/v1/actor/chat/message.continue";
const HISTORY = "/api/v1/actor/chat/game.history";
const stack = useModelChat();
let api: RunningApi;
let peer: ModelPeer;
let story: TestStory;
beforeAll(() => void ({ api, peer, story } = stack));

const history = async (token: string) => (await call<Thread>(api, "POST", HISTORY, { token, body: { story_id: story.storyId, actor_id: story.mara } })).data.messages;

/** A guest whose chat ends with Mara's reply "First reply." to "Hello". */
async function played() {
  const g = await newGuest(api);
  const target = { story_id: story.storyId, actor_id: story.mara, mode: "character" as const };
  expect((await call<Turn>(api, "POST", SEND, { token: g.token, body: target })).code).toBe("0");
  peer.script({ content: "First reply." });
  const hello = await call<Turn>(api, "POST", SEND, { token: g.token, body: { ...target, content: "Hello" } });
  expect(hello.code).toBe("0");
  return { ...g, id: g.user.id, target, replyId: hello.data.messages[1]!.id };
}

describe(`continue the last reply (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("asks the model to go on from the reply so far, appends its words to the same message, and charges one reply", async () => {
    const p = await played();
    const before = await coins(api.ctx.db, p.id);
    const shown = await history(p.token);
    peer.script({ content: "She smiles, and the lamp gutters." });
    const res = await call<Turn>(api, "POST", CONTINUE, { token: p.token, body: p.target });
    expect(res.status).toBe(200);
    expect(res.data.messages).toEqual([expect.objectContaining({ id: p.replyId, role: "actor", content: "First reply. She smiles, and the lamp gutters." })]);

    // The peer got the reply so far as the speaker's own last turn, and the instruction to continue it.
    const sent = peer.requests.at(-1)!.body.messages!;
    expect(sent.at(-1)).toEqual({ role: "assistant", content: "First reply." });
    expect(sent.at(-2)).toEqual({ role: "user", content: "Hello" });
    expect(String(sent[0]!.content)).toContain("continue it from exactly where it stops");

    // Same message, same thread length; one charge, as a reply.
    const after = await history(p.token);
    expect(after).toHaveLength(shown.length);
    expect(after.at(-1)).toMatchObject({ id: p.replyId, content: "First reply. She smiles, and the lamp gutters." });
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: before.coins - 1, charges: before.charges + 1 });
    expect(res.data.coins).toBe(before.coins - 1);

    // The prompt inspector shows the prompt that wrote the newest words (with its continue part).
    const prompt = await call<{ prompt: { parts: { kind: string }[] } }>(api, "POST", "/api/v1/actor/chat/message.prompt", {
      token: p.token,
      body: { story_id: story.storyId, message_id: p.replyId },
    });
    expect(prompt.data.prompt.parts.map((x) => x.kind)).toContain("continue");
  });

  it("streams like the other replies, and a second continue grows the reply again", async () => {
    const p = await played();
    peer.script({ content: "She waits." });
    const events = await (await stream(api, CONTINUE, p.target, p.token)).rest();
    expect(events.filter((e) => e.event === "delta").map((e) => String(e.data.text)).join("")).toBe("She waits.");
    expect(events.at(-1)!.event).toBe("done");
    peer.script({ content: "Then she speaks." });
    expect((await call(api, "POST", CONTINUE, { token: p.token, body: p.target })).status).toBe(200);
    expect(peer.requests.at(-1)!.body.messages!.at(-1)).toEqual({ role: "assistant", content: "First reply. She waits." });
    expect((await history(p.token)).at(-1)).toMatchObject({ id: p.replyId, content: "First reply. She waits. Then she speaks." });
  });

  it("streamed: start, the new words, done, in order; the stored reply is the old text joined to what streamed", async () => {
    const p = await played();
    const before = await coins(api.ctx.db, p.id);
    peer.script({ content: "She smiles, and the lamp gutters.", reasoning: null, tokenDelayMs: 5 });
    const { kinds, start, text: added, done } = await wholeReply<Turn & { message_id: string }>(await stream(api, CONTINUE, p.target, p.token));
    expect(kinds).toEqual(["start", "delta", "done"]);
    expect(start).toEqual({ role: "actor", actor_id: story.mara });
    expect(added.trim()).toBe("She smiles, and the lamp gutters.");
    expect(done.message_id).toBe(p.replyId);
    expect(done.messages).toEqual([expect.objectContaining({ id: p.replyId, content: `First reply. ${added.trim()}` })]);
    expect(done.messages[0]!.stopped).toBeFalsy();
    // What streamed is what is stored, in the same message; one charge, the balance the event named.
    expect((await history(p.token)).at(-1)).toMatchObject({ id: p.replyId, content: done.messages[0]!.content });
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: before.coins - 1, charges: before.charges + 1 });
    expect(done.coins).toBe(before.coins - 1);
  });

  it("a continue stopped mid-stream keeps the words written so far, marked stopped, and charges once", async () => {
    const p = await played();
    const before = await coins(api.ctx.db, p.id);
    const ledger = await chatLedger(api.ctx.db, p.id);
    const { seen, full } = await stopMidReply({ api, peer, db: api.ctx.db, userId: p.id, storyId: story.storyId }, CONTINUE, p.target, p.token);
    const last = (await history(p.token)).at(-1)!;
    expect(last).toMatchObject({ id: p.replyId, stopped: true });
    expect(last.content.startsWith(`First reply. ${seen.trim()}`)).toBe(true);
    expect(last.content.length).toBeLessThan(`First reply. ${full}`.length);
    // Charged once, never given back (words were kept); the thread did not grow.
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: before.coins - 1, charges: before.charges + 1 });
    expect(await chatLedger(api.ctx.db, p.id)).toMatchObject({ debits: ledger.debits + 1, refunds: ledger.refunds });
    expect((await history(p.token)).filter((m) => m.id === p.replyId)).toHaveLength(1);
  });

  it("a double click continues once and charges once", async () => {
    const p = await played();
    const before = await coins(api.ctx.db, p.id);
    peer.script({ content: "Once.", firstTokenDelayMs: 300 }, { content: "Twice." });
    const [a, b] = await Promise.all([call(api, "POST", CONTINUE, { token: p.token, body: p.target }), call(api, "POST", CONTINUE, { token: p.token, body: p.target })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await history(p.token)).at(-1)).toMatchObject({ id: p.replyId, content: "First reply. Once." });
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: before.coins - 1, charges: before.charges + 1 });
  });

  it("gives the price back and keeps the reply when the model fails", async () => {
    const p = await played();
    const before = await coins(api.ctx.db, p.id);
    const ledger = await chatLedger(api.ctx.db, p.id);
    peer.script({ status: 503 }, { status: 503 }, { status: 503 });
    const res = await call(api, "POST", CONTINUE, { token: p.token, body: p.target });
    expect(res.status).toBe(502);
    expect((await history(p.token)).at(-1)).toMatchObject({ id: p.replyId, content: "First reply." });
    expect((await coins(api.ctx.db, p.id)).coins).toBe(before.coins);
    expect((await chatLedger(api.ctx.db, p.id)).refunds).toBe(ledger.refunds + 1);
  });

  it("409 when the last message is not a character reply; nothing charged or written", async () => {
    const g = await newGuest(api);
    const target = { story_id: story.storyId, actor_id: story.mara, mode: "character" as const };
    // Only the story's opening (script lines): nothing to continue.
    await call(api, "POST", SEND, { token: g.token, body: target });
    const opening = await history(g.token);
    const before = await coins(api.ctx.db, g.user.id);
    const refused = await call(api, "POST", CONTINUE, { token: g.token, body: target });
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/last reply/);
    // Words that take a choice: the script's narration follows the reply, so the last line is not the model's.
    peer.script({ content: "Into the rain.", toolCall: { name: "take_choice", arguments: '{"index": 0}' } });
    await call(api, "POST", SEND, { token: g.token, body: { ...target, content: "Let's follow her" } });
    const moved = await history(g.token);
    expect(moved.at(-1)).toMatchObject({ role: "narrator" });
    const mid = await coins(api.ctx.db, g.user.id);
    expect((await call(api, "POST", CONTINUE, { token: g.token, body: target })).status).toBe(409);
    expect(await history(g.token)).toEqual(moved);
    expect(await coins(api.ctx.db, g.user.id)).toEqual(mid);
    expect(opening.length).toBeGreaterThan(0);
    expect(before.charges).toBe(0);
    expect(peer.requests).toHaveLength(1);
  });

  it("reaches only the caller's own chat: 404 for a story they cannot play, 401 without a session, 400 for bad input", async () => {
    const p = await played();
    const mine = await history(p.token);
    const asked = peer.requests.length;
    const other = await newGuest(api);
    // Another player's continue acts on their own (empty) chat, never on this one.
    expect((await call(api, "POST", CONTINUE, { token: other.token, body: p.target })).status).toBe(409);
    expect((await call(api, "POST", CONTINUE, { token: p.token, body: { ...p.target, story_id: "no-such-story" } })).status).toBe(404);
    expect((await call(api, "POST", CONTINUE, { body: p.target })).status).toBe(401);
    expect((await call(api, "POST", CONTINUE, { token: p.token, body: { ...p.target, message_id: p.replyId } })).status).toBe(400);
    expect((await call(api, "POST", CONTINUE, { token: p.token, body: { ...p.target, mode: "loud" } })).status).toBe(400);
    expect(await history(p.token)).toEqual(mine);
    expect(peer.requests).toHaveLength(asked);
  });
});
