import { beforeAll, describe, expect, it } from "vitest";
import type { ModelPeer } from "@storyloom/model-peer";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { type Msg, type TestStory, useModelChat } from "./chat.support";

// The JSON export "with its branches" (issue 45): every branch of the caller's own chat with its
// lines. The real server on the real database, the model a local peer.

interface Turn {
  messages: Msg[];
}
interface BranchLines {
  id: string;
  parent_id: string | null;
  fork_message_id: string | null;
  line: string | null;
  active: boolean;
  messages: number;
  lines: Msg[];
}
interface Exported {
  branches: BranchLines[];
  complete: boolean;
}

const SEND = "/api/v1/actor/chat/message.send";
const HISTORY = "/api/v1/actor/chat/game.history";
const FORK = "/api/v1/actor/chat/branch.fork";
const EXPORT = "/api/v1/actor/chat/branch.export";
const stack = useModelChat();
let api: RunningApi;
let peer: ModelPeer;
let story: TestStory;
beforeAll(() => void ({ api, peer, story } = stack));

const exported = (token: string, body: unknown = { story_id: story.storyId }) => call<Exported>(api, "POST", EXPORT, { token, body });

describe(`branch export (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("gives every branch its id, parent, fork point and lines; the old branch's lines intact", async () => {
    const g = await newGuest(api);
    const target = { story_id: story.storyId, actor_id: story.mara, mode: "character" as const };
    await call(api, "POST", SEND, { token: g.token, body: target });
    peer.script({ content: "First reply." });
    const hello = await call<Turn>(api, "POST", SEND, { token: g.token, body: { ...target, content: "Hello" } });
    const replyId = hello.data.messages[1]!.id;
    peer.script({ content: "Onwards." });
    await call(api, "POST", SEND, { token: g.token, body: { ...target, content: "Tell me more" } });
    const played = (await call<{ messages: Msg[] }>(api, "POST", HISTORY, { token: g.token, body: { story_id: story.storyId, actor_id: story.mara } })).data.messages;

    // Never forked: one branch, "0", with the thread's lines.
    const one = await exported(g.token);
    expect(one.status).toBe(200);
    expect(one.data.complete).toBe(true);
    expect(one.data.branches).toEqual([expect.objectContaining({ id: "0", parent_id: null, fork_message_id: null, active: true })]);
    expect(one.data.branches[0]!.lines.map((m) => m.content)).toEqual(played.map((m) => m.content));

    // Regenerating the earlier reply forks: the new branch holds the lines up to it and the new take.
    peer.script({ content: "Second take." });
    expect((await call(api, "POST", FORK, { token: g.token, body: { ...target, message_id: replyId } })).status).toBe(200);
    const two = (await exported(g.token)).data;
    expect(two.branches).toHaveLength(2);
    const [old, fresh] = two.branches as [BranchLines, BranchLines];
    expect(old).toMatchObject({ parent_id: null, active: false });
    expect(old.lines.map((m) => m.content)).toEqual(played.map((m) => m.content));
    expect(fresh).toMatchObject({ parent_id: old.id, fork_message_id: replyId, line: "Second take.", active: true });
    const at = played.findIndex((m) => m.id === replyId);
    expect(fresh.lines.map((m) => m.content)).toEqual([...played.slice(0, at).map((m) => m.content), "Second take."]);
    expect(fresh.lines).toHaveLength(fresh.messages);
    expect(old.lines).toHaveLength(old.messages);
  });

  it("is the caller's own chat only: 404 for a story they cannot play, 401 without a session, 400 for bad input", async () => {
    const g = await newGuest(api);
    await call(api, "POST", SEND, { token: g.token, body: { story_id: story.storyId, actor_id: story.mara, mode: "character" } });
    const other = await newGuest(api);
    expect((await exported(other.token)).data.branches).toEqual([expect.objectContaining({ id: "0", lines: [] })]);
    expect((await exported(g.token, { story_id: "no-such-story" })).status).toBe(404);
    expect((await call(api, "POST", EXPORT, { body: { story_id: story.storyId } })).status).toBe(401);
    expect((await exported(g.token, { story_id: story.storyId, branch_id: "0" })).status).toBe(400);
    expect((await exported(g.token, {})).status).toBe(400);
  });
});
