import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { actors, rowsOf, stories } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, callEndpoint, newGuest, signedInUser, type Answer } from "./http";
import { coins } from "./chat.support";
import { inkPool } from "../src/services/ink";

// Each line of the hall takes ink a long while (it spins in a gather far under the guard's step
// budget), and the hall has hundreds of them: a turn into it would hold a thread for minutes.
const HALL = `VAR told = 0
The hall is quiet.
* [Walk the hall] -> hall
* [Leave] -> END
=== hall ===
~ temp i = 0
- (spin)
~ i = i + 1
{ i < 1000: -> spin }
~ told = told + 1
Your steps echo, {told} times.
{ told < 400: -> hall }
* [Stop] -> END
`;

interface Turn {
  messages: { id: string; role: string; content: string; choices?: { index: number; text: string }[] }[];
  coins: number;
}

let api: RunningApi;
const storyId = `endless-hall-${process.pid}`;

beforeAll(async () => {
  api = await startTestApi({ INK_TURN_DEADLINE_MS: 1000, INK_CHECK_DEADLINE_MS: 1000 });
  const category = rowsOf<{ id: string }>(await api.ctx.db.execute(sql`select id from categories limit 1`))[0]!.id;
  await api.ctx.db.insert(stories).values({ id: storyId, title: "The Endless Hall", hook: "h", description: "d", categoryId: category, coverUrl: "/c.svg", script: HALL });
  await api.ctx.db.insert(actors).values({ id: `${storyId}-c1`, slug: `${storyId}-c1`, storyId, name: "Usher", tagline: "", persona: "A quiet usher.", greeting: "Mind the echo.", avatarUrl: "/a.svg", sort: 0 });
});
afterAll(() => api?.stop());

/**
 * Calls /healthz and story.list in turn for as long as `pending` has not settled: how many rounds
 * answered while it was in flight.
 */
async function roundsWhile<T>(pending: Promise<T>): Promise<{ rounds: number; result: T }> {
  let settled = false;
  const done = pending.finally(() => (settled = true));
  let rounds = 0;
  while (!settled) {
    const health = await fetch(`${api.url}/healthz`);
    const list = await callEndpoint(api, "storyList", {});
    expect(health.status).toBe(200);
    expect(list.status).toBe(200);
    if (!settled) rounds++;
  }
  return { rounds, result: await done };
}

describe(`a story whose script runs on (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("holds no one else: the API answers while it plays, and the turn answers 409 naming the story, charging nothing", async () => {
    const g = await newGuest(api);
    const send = (body: Record<string, unknown>) => call<Turn>(api, "POST", "/api/v1/actor/chat/message.send", { token: g.token, body: { story_id: storyId, ...body } });
    const start = await send({});
    expect(start.status).toBe(200);
    const offered = start.data.messages.at(-1)!;
    expect(offered.choices!.map((c) => c.text)).toEqual(["Walk the hall", "Leave"]);
    const before = await coins(api.ctx.db, g.id);
    const { rounds, result } = await roundsWhile<Answer<Turn>>(send({ choice: 0, choice_of: offered.id }));
    expect(rounds).toBeGreaterThanOrEqual(3);
    expect(result.status).toBe(409);
    expect(result.code).toBe("CONFLICT");
    expect(result.message).toMatch(/^"The Endless Hall" cannot go on: .*Nothing was charged/);
    expect(await coins(api.ctx.db, g.id)).toEqual(before);
    // The same pick again: a play stopped by the step budget is refused at once; one stopped by the
    // wall-clock deadline (which a busy machine can hit too) is played once more. From then on it is
    // refused at once: the play that ran away is not run again.
    const again = await send({ choice: 0, choice_of: offered.id });
    expect(again.status).toBe(409);
    expect(again.message).toBe(result.message);
    const runs = inkPool().runs;
    const third = await send({ choice: 0, choice_of: offered.id });
    expect(third.status).toBe(409);
    expect(third.message).toBe(result.message);
    expect(inkPool().runs).toBe(runs);
    // Nothing was written: the thread still offers the same choices, and the other one plays.
    const history = await call<{ messages: Turn["messages"] }>(api, "POST", "/api/v1/actor/chat/game.history", { token: g.token, body: { story_id: storyId, actor_id: `${storyId}-c1` } });
    expect(history.data.messages.at(-1)).toMatchObject({ id: offered.id, choices: offered.choices });
    const leave = await send({ choice: 1, choice_of: offered.id });
    expect(leave.status).toBe(200);
    expect(leave.data.coins).toBe(before.coins - 1);
  });

  it("is refused at publish with a problem, the API answering meanwhile", async () => {
    const author = await signedInUser(api, "Hall Writer");
    const draft = {
      title: "The Endless Hall",
      hook: "A hall that never ends.",
      category_id: "mystery",
      tags: ["hall"],
      characters: [{ name: "Usher", persona: "A quiet usher.", greeting: "Mind the echo." }],
      script: HALL,
    };
    const id = (await callEndpoint<{ draft: { id: string } }>(api, "storyDraftCreate", draft, author.token)).data.draft.id;
    const { rounds, result } = await roundsWhile(callEndpoint<{ script_problems: { line: number | null; message: string }[] }>(api, "storyDraftPublish", { id }, author.token));
    expect(rounds).toBeGreaterThanOrEqual(3);
    expect(result.status).toBe(400);
    expect(result.code).toBe("VALIDATION_ERROR");
    expect(result.data.script_problems).toContainEqual({ line: null, message: expect.stringMatching(/runs on without a choice or an ending/) });
  });
});
