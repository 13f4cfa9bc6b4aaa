import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoryDraft } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { callEndpoint, signedInUser } from "./http";

const SCRIPT = `The lamp is lit.
* [Climb the stairs] The sea is gone. -> END
* [Stay below] You wait for the tide. -> END
`;
const fields = {
  title: "The Lamp",
  hook: "A lamp that burns without oil.",
  category_id: "mystery",
  tags: ["sea"],
  characters: [{ name: "Wren", persona: "A keeper's daughter.", greeting: "You came back." }],
  script: SCRIPT,
};

let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi({ DRAFT_SAVES_PER_USER_PER_MINUTE: 3, PUBLISH_PER_USER_PER_HOUR: 2 });
});
afterAll(() => api?.stop());

describe(`the editor's limits per author (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("draft saves past DRAFT_SAVES_PER_USER_PER_MINUTE answer 429 with retry_after and change nothing", async () => {
    const a = await signedInUser(api, "Saver");
    const id = (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields, a.token)).data.draft.id;
    expect((await callEndpoint(api, "storyDraftUpdate", { id, title: "Second" }, a.token)).status).toBe(200);
    expect((await callEndpoint(api, "storyDraftUpdate", { id, title: "Third" }, a.token)).status).toBe(200);
    const over = await callEndpoint<{ retry_after: number }>(api, "storyDraftUpdate", { id, title: "Fourth" }, a.token);
    expect(over.status).toBe(429);
    expect(over.code).toBe("RATE_LIMITED");
    expect(over.message).toBe("You can save drafts 3 times a minute; wait a moment and save again");
    expect(over.data.retry_after).toBeGreaterThanOrEqual(1);
    expect(over.data.retry_after).toBeLessThanOrEqual(60);
    const created = await callEndpoint(api, "storyDraftCreate", fields, a.token);
    expect(created.status).toBe(429);
    const list = await callEndpoint<{ drafts: StoryDraft[] }>(api, "storyDraftList", {}, a.token);
    expect(list.data.drafts.map((d) => d.title)).toEqual(["Third"]);
    // Another author is counted on their own.
    const b = await signedInUser(api, "Other");
    expect((await callEndpoint(api, "storyDraftCreate", fields, b.token)).status).toBe(200);
  });

  it("publishes past PUBLISH_PER_USER_PER_HOUR answer 429 with retry_after and publish nothing", async () => {
    const a = await signedInUser(api, "Publisher");
    const first = (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields, a.token)).data.draft.id;
    const second = (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", { ...fields, title: "The Other Lamp" }, a.token)).data.draft.id;
    expect((await callEndpoint(api, "storyDraftPublish", { id: first }, a.token)).status).toBe(200);
    expect((await callEndpoint(api, "storyDraftPublish", { id: first }, a.token)).status).toBe(200);
    const over = await callEndpoint<{ retry_after: number }>(api, "storyDraftPublish", { id: second }, a.token);
    expect(over.status).toBe(429);
    expect(over.code).toBe("RATE_LIMITED");
    expect(over.message).toBe("You can publish 2 times an hour; try again later");
    expect(over.data.retry_after).toBeGreaterThan(60);
    expect(over.data.retry_after).toBeLessThanOrEqual(3600);
    expect((await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id: second }, a.token)).data.draft.status).toBe("draft");
  });
});
