import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage, ChatScene } from "@storyloom/contract";
import { SCENE_TAG_CHARS } from "@storyloom/contract";
import { sql } from "drizzle-orm";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { addTestStory } from "./chat.support";

// The scene and goal of the panel beside the chat (issue 45), on the real server: the tags of the
// turn the caller's script stands at (the same the prompt's "current scene" carries), the speaker by
// name, following the player's choices; nothing before the chat starts; bad input refused.

const SCENE = "/api/v1/actor/chat/scene.get";
const SEND = "/api/v1/actor/chat/message.send";
type Turn = { messages: ChatMessage[]; ended: boolean };
let api: RunningApi;
let story: { storyId: string; mara: string; tobin: string };

beforeAll(async () => {
  api = await startTestApi();
  story = await addTestStory(api.ctx.db);
});
afterAll(async () => {
  await api?.stop();
});

const sceneOf = (token: string, body: unknown = { story_id: story.storyId }) => call<ChatScene>(api, "POST", SCENE, { token, body });
const send = (token: string, body: Record<string, unknown>) => call<Turn>(api, "POST", SEND, { token, body: { story_id: story.storyId, actor_id: story.mara, ...body } });

describe("the chat's scene and goal", () => {
  it("is empty before the chat starts, then follows the script's tags as the player chooses", async () => {
    const g = await newGuest(api);
    expect((await sceneOf(g.token)).data).toEqual({ scene: null, speaker: null, goal: null });

    const start = await send(g.token, {});
    expect(start.code).toBe("0");
    const first = await sceneOf(g.token);
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ scene: "The Lantern Bar", speaker: "Mara Quill", goal: "Decide whether to trust Lacquer" });

    // Another player's chat of the same story is their own: still not started.
    const other = await newGuest(api);
    expect((await sceneOf(other.token)).data).toEqual({ scene: null, speaker: null, goal: null });

    const offer = start.data.messages.at(-1)!;
    const rain = offer.choices!.find((c) => c.text.includes("Follow"))!;
    expect((await send(g.token, { choice: rain.index, choice_of: offer.id })).code).toBe("0");
    // The alley names its scene only: no goal, no speaker.
    expect((await sceneOf(g.token)).data).toEqual({ scene: "The flooded alley", speaker: null, goal: null });
  });

  it("sends a long tag cut to its bound, on one line", async () => {
    const g = await newGuest(api);
    expect((await send(g.token, {})).code).toBe("0");
    const long = `A goal \t that ${"goes on ".repeat(60)}`;
    // The saved turn as a script with a very long goal tag would leave it.
    await api.ctx.db.execute(sql`update chat_messages set state = jsonb_set(state, '{tags}', ${JSON.stringify(["scene: Roof", `goal: ${long}`])}::jsonb)
      where user_id = ${g.user.id} and story_id = ${story.storyId} and state is not null`);
    const r = await sceneOf(g.token);
    expect(r.data.scene).toBe("Roof");
    expect(r.data.goal!.length).toBe(SCENE_TAG_CHARS);
    expect(r.data.goal!.startsWith("A goal that goes on")).toBe(true);
    expect(r.data.goal!.endsWith("…")).toBe(true);
  });

  it("refuses bad input and unknown stories, and asks for a session", async () => {
    const g = await newGuest(api);
    expect((await sceneOf(g.token, { story_id: "no-such-story" })).status).toBe(404);
    expect((await sceneOf(g.token, { story_id: "Bad Slug!" })).status).toBe(400);
    expect((await sceneOf(g.token, { story_id: story.storyId, extra: 1 })).status).toBe(400);
    expect((await sceneOf(g.token, {})).status).toBe(400);
    expect((await call(api, "POST", SCENE, { body: { story_id: story.storyId } })).status).toBe(401);
  });
});
