import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "@storyloom/db";
import type { DailyTask, StoryDetail, StoryDraft, StoryDraftSummary, StorySummary } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { balanceAndLedger } from "./db";
import { callEndpoint, newGuest, signedInUser } from "./http";

let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

/** A signed-in (e-mail) user: the editor is not for guests. */
const author = (name = "Ada Quill") => signedInUser(api, name);

const GOOD = `The tide is out. Wren waits on the pier.
# speaker: Wren
"Coming?" she asks.
* [Follow her] -> lighthouse
* [Stay ashore] -> shore

== lighthouse ==
The lamp room smells of oil and salt.
-> END

== shore ==
You watch the light turn, alone.
-> END
`;
// Line 8 opens a brace it never closes.
const BROKEN = GOOD.replace("The lamp room smells of oil and salt.", "The lamp room {smells of oil and salt.");

const fields = (over: Record<string, unknown> = {}) => ({
  title: "The Low Tide",
  hook: "A lighthouse that only shines when the sea is gone.",
  category_id: "mystery",
  tags: ["sea", "short"],
  characters: [{ name: "Wren", persona: "A keeper's daughter, wry and brave.", greeting: "You came back. The tide didn't." }],
  script: GOOD,
  ...over,
});

async function draftCount(): Promise<number> {
  return Number(rowsOf<{ n: number }>(await api.handle.db.execute(sql`select count(*)::int as n from story_drafts`))[0]!.n);
}

describe("drafts are private", () => {
  it("creates, reads, lists and updates the caller's own drafts", async () => {
    const a = await author();
    const c = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields(), a.token);
    expect(c.status).toBe(200);
    expect(c.data.draft).toMatchObject({ title: "The Low Tide", status: "draft", story_id: null, category_id: "mystery", script: GOOD });
    const id = c.data.draft.id;
    const u = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftUpdate", { id, title: "  Low Tide  " }, a.token);
    // Only the field sent changes; the rest is kept.
    expect(u.data.draft).toMatchObject({ title: "Low Tide", hook: fields().hook, script: GOOD });
    const g = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token);
    expect(g.data.draft.title).toBe("Low Tide");
    expect(g.headers.get("cache-control")).toBe("private, no-store");
    const l = await callEndpoint<{ drafts: StoryDraftSummary[] }>(api, "storyDraftList", {}, a.token);
    expect(l.data.drafts.map((d) => d.id)).toEqual([id]);
    expect(l.data.drafts[0]).not.toHaveProperty("script");
  });

  it("answers 404 to anyone else reading, writing, publishing or unpublishing a draft, and changes nothing", async () => {
    const a = await author();
    const b = await author("Bex");
    const id = (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields(), a.token)).data.draft.id;
    for (const [name, input] of [
      ["storyDraftGet", { id }],
      ["storyDraftUpdate", { id, title: "Mine now" }],
      ["storyDraftPublish", { id }],
      ["storyDraftUnpublish", { id }],
    ] as const) {
      const r = await callEndpoint(api, name, input, b.token);
      expect(r.status, name).toBe(404);
      expect(r.code).toBe("NOT_FOUND");
    }
    expect((await callEndpoint<{ drafts: unknown[] }>(api, "storyDraftList", {}, b.token)).data.drafts).toEqual([]);
    const still = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token);
    expect(still.data.draft).toMatchObject({ title: "The Low Tide", status: "draft" });
  });

  it("without a language model, offers no co-writer and answers its call 503 UNAVAILABLE", async () => {
    const a = await author();
    const id = (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields(), a.token)).data.draft.id;
    expect((await callEndpoint<{ cowrite: boolean }>(api, "storyDraftGet", { id }, a.token)).data.cowrite).toBe(false);
    const r = await callEndpoint(api, "storyDraftCowrite", { id, kind: "knot" }, a.token);
    expect(r.status).toBe(503);
    expect(r).toMatchObject({ code: "UNAVAILABLE", message: "Co-writing needs a language model, and none is configured" });
  });

  it("refuses guests (403) and callers without a token (401)", async () => {
    const g = await newGuest(api);
    expect((await callEndpoint(api, "storyDraftCreate", fields(), g.token)).status).toBe(403);
    expect((await callEndpoint(api, "storyDraftList", {})).status).toBe(401);
  });

  it("refuses bad input with 400 naming the field and writes nothing", async () => {
    const a = await author();
    const before = await draftCount();
    const cases: [string, unknown][] = [
      ["title", fields({ title: "" })],
      ["title", fields({ title: "x".repeat(81) })],
      ["title", fields({ title: "Two\nlines" })],
      ["title", fields({ title: "Bell\u0007" })],
      ["characters.0.name", fields({ characters: [{ name: "<script>", greeting: "hi" }] })],
      ["characters", fields({ characters: [{ name: "Wren" }, { name: "wren" }] })],
      ["characters", fields({ characters: Array.from({ length: 7 }, (_, i) => ({ name: `C${i}` })) })],
      ["tags", fields({ tags: Array.from({ length: 9 }, (_, i) => `t${i}`) })],
      ["script", fields({ script: "x".repeat(60_001) })],
      ["category_id", fields({ category_id: "Not A Slug" })],
      ["category_id", fields({ category_id: "no-such-category" })],
      ["extra", { ...fields(), extra: 1 }],
    ];
    for (const [path, body] of cases) {
      const r = await callEndpoint<{ fields: { path: string }[] }>(api, "storyDraftCreate", body, a.token);
      expect(r.status, path).toBe(400);
      expect(r.code).toBe("VALIDATION_ERROR");
      if (path !== "extra") expect(r.data.fields.map((f) => f.path), path).toContain(path);
    }
    const id = (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields(), a.token)).data.draft.id;
    const bad = await callEndpoint(api, "storyDraftUpdate", { id, title: "ok", tags: ["<b>"] }, a.token);
    expect(bad.status).toBe(400);
    expect((await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token)).data.draft).toMatchObject({ title: "The Low Tide", tags: ["sea", "short"] });
    expect((await callEndpoint(api, "storyDraftUpdate", { id, category_id: "no-such-category" }, a.token)).status).toBe(400);
    expect((await callEndpoint(api, "storyDraftGet", { id: "abc" }, a.token)).status).toBe(400);
    expect((await callEndpoint(api, "storyDraftUpdate", { id: "999999", title: "x" }, a.token)).status).toBe(404);
    expect(await draftCount()).toBe(before + 1);
  });
});

describe("publishing", () => {
  it("refuses a broken script with its line, and a script with no ending; nothing is published or credited", async () => {
    const a = await author();
    const start = await balanceAndLedger(api.handle.db, a.id);
    const id = (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields({ script: BROKEN }), a.token)).data.draft.id;
    const r = await callEndpoint<{ fields: { path: string; message: string }[]; script_problems: { line: number; message: string }[] }>(api, "storyDraftPublish", { id }, a.token);
    expect(r.status).toBe(400);
    expect(r.code).toBe("VALIDATION_ERROR");
    expect(r.data.script_problems[0]!.line).toBe(8);
    expect(r.message).toMatch(/line 8/);
    // Every path stops without an ending: refused, with the dead end among the problems.
    await callEndpoint(api, "storyDraftUpdate", { id, script: "Once.\n* [On] -> stuck\n== stuck ==\nNothing more.\n" }, a.token);
    const r2 = await callEndpoint<{ script_problems: { line: number | null; message: string }[] }>(api, "storyDraftPublish", { id }, a.token);
    expect(r2.status).toBe(400);
    const messages = r2.data.script_problems.map((p) => p.message);
    expect(messages).toContainEqual(expect.stringMatching(/no ending is reachable/));
    expect(messages).toContainEqual(expect.stringMatching(/dead end in stuck: .*ran out of content/));
    expect(r2.data.script_problems.find((p) => /dead end/.test(p.message))!.line).toBe(3);
    // A knot that diverts back into itself without a choice never stops: the check gives up in time.
    await callEndpoint(api, "storyDraftUpdate", { id, script: "Once.\n* [Again] -> loop\n== loop ==\nAnd again.\n-> loop\n" }, a.token);
    const r3 = await callEndpoint(api, "storyDraftPublish", { id }, a.token);
    expect(r3.status).toBe(400);
    expect(r3.message).toMatch(/runs on without a choice or an ending/);
    // …also when it prints nothing: ink would spin inside a single step of the story.
    await callEndpoint(api, "storyDraftUpdate", { id, script: "Once.\n* [Again] -> spin\n== spin ==\n-> spin\n" }, a.token);
    const r3b = await callEndpoint(api, "storyDraftPublish", { id }, a.token);
    expect(r3b.status).toBe(400);
    expect(r3b.message).toMatch(/runs on without a choice or an ending/);
    const missing = (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", { title: "Bare" }, a.token)).data.draft.id;
    const r4 = await callEndpoint<{ fields: { path: string }[] }>(api, "storyDraftPublish", { id: missing }, a.token);
    expect(r4.status).toBe(400);
    expect(r4.data.fields.map((f) => f.path)).toEqual(expect.arrayContaining(["hook", "category_id", "characters", "script"]));
    expect((await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token)).data.draft.status).toBe("draft");
    expect(await balanceAndLedger(api.handle.db, a.id)).toEqual(start);
    const tasks = (await callEndpoint<{ tasks: DailyTask[] }>(api, "dailyTasksList", {}, a.token)).data.tasks;
    expect(tasks.find((t) => t.id === "create-story")).toMatchObject({ claimed: false, progress: 0 });
  });

  it("publishes into the catalogue under its category with the author's name; unpublish takes it out", async () => {
    const a = await author("Ada Quill");
    const id = (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields({ title: "Salt Lamp" }), a.token)).data.draft.id;
    const p = await callEndpoint<{ draft: StoryDraft; story_id: string; reward: number }>(api, "storyDraftPublish", { id }, a.token);
    expect(p.status).toBe(200);
    const storyId = p.data.story_id;
    expect(storyId).toBe(`salt-lamp-u${id}`);
    expect(p.data.draft).toMatchObject({ status: "published", story_id: storyId, unpublished_changes: false });
    // The catalogue shows it at once: publishing empties this instance's catalogue caches.
    const list = await callEndpoint<{ stories: StorySummary[] }>(api, "storyList", { category_id: "mystery", sort: "new", limit: 50 });
    expect(list.data.stories.find((s) => s.id === storyId)).toMatchObject({ title: "Salt Lamp", author_name: "Ada Quill", category_id: "mystery" });
    const detail = await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: storyId });
    expect(detail.data.story.actors_full.map((x) => x.name)).toEqual(["Wren"]);
    expect(detail.data.story.opening).toMatch(/tide is out/);
    // A second user plays it to an ending.
    const reader = await newGuest(api);
    const actor = detail.data.story.actors_full[0]!.id;
    const open = await callEndpoint<{ messages: { id: string; content: string; choices?: { index: number; text: string }[] }[] }>(api, "chatSend", { story_id: storyId, actor_id: actor }, reader.token);
    expect(open.data.messages[0]!.content).toBe("You came back. The tide didn't.");
    const choices = open.data.messages.at(-1)!.choices!;
    expect(choices.map((c) => c.text)).toEqual(["Follow her", "Stay ashore"]);
    const end = await callEndpoint<{ ended: boolean }>(api, "chatSend", { story_id: storyId, actor_id: actor, choice: choices[0]!.index, choice_of: open.data.messages.at(-1)!.id }, reader.token);
    expect(end.data.ended).toBe(true);

    // Edits after publishing wait for the next publish.
    const edited = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftUpdate", { id, title: "Salt Lamp II" }, a.token);
    expect(edited.data.draft.unpublished_changes).toBe(true);
    expect((await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: storyId })).data.story.title).toBe("Salt Lamp");

    const u = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftUnpublish", { id }, a.token);
    expect(u.data.draft).toMatchObject({ status: "unpublished", story_id: storyId });
    expect((await callEndpoint(api, "storyGet", { id: storyId })).status).toBe(404);
    const after = await callEndpoint<{ stories: StorySummary[] }>(api, "storyList", { category_id: "mystery", sort: "new", limit: 50 });
    expect(after.data.stories.some((s) => s.id === storyId)).toBe(false);
    expect((await callEndpoint(api, "storyDraftUnpublish", { id }, a.token)).status).toBe(200);
    // Republishing keeps the id (links and favourites stay valid) and takes the new title.
    const again = await callEndpoint<{ story_id: string; reward: number }>(api, "storyDraftPublish", { id }, a.token);
    expect(again.data).toMatchObject({ story_id: storyId, reward: 0 });
    expect((await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: storyId })).data.story.title).toBe("Salt Lamp II");
  });

  it("credits the create-story task once under concurrent publishes", async () => {
    const a = await author();
    const reward = (await callEndpoint<{ task_rewards: Record<string, number> }>(api, "sysconfigList")).data.task_rewards["create-story"]!;
    const ids = await Promise.all(
      ["One", "Two", "Three"].map(async (t) => (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields({ title: t }), a.token)).data.draft.id),
    );
    const start = await balanceAndLedger(api.handle.db, a.id);
    const results = await Promise.all([...ids, ...ids, ...ids].map((id) => callEndpoint<{ reward: number; coins: number }>(api, "storyDraftPublish", { id }, a.token)));
    expect(results.map((r) => r.status)).toEqual(Array(9).fill(200));
    expect(results.filter((r) => r.data.reward > 0)).toHaveLength(1);
    const end = await balanceAndLedger(api.handle.db, a.id);
    expect(end.coins).toBe(end.sum);
    expect(end.coins - start.coins).toBe(reward);
    const tasks = (await callEndpoint<{ tasks: DailyTask[] }>(api, "dailyTasksList", {}, a.token)).data.tasks;
    expect(tasks.find((t) => t.id === "create-story")).toMatchObject({ completed: true, claimed: true });
  });
});
