import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDb, rowsOf, type DbHandle } from "@storyloom/db";
import { createTestDb } from "@storyloom/db/testing";
import type { StoryDetail, StorySummary } from "@storyloom/contract";
import { loadConfig } from "../src/config";
import { startApi, type RunningApi } from "../src/server";
import { CATALOGUE_CHANNEL } from "../src/services/invalidation";
import { invalidateCatalogue, invalidateCatalogueEverywhere } from "../src/services/publicRead";
import { callEndpoint } from "./http";

// Two API instances on one PostgreSQL database, each with its own connections and its own caches
// (in one process the caches are kept per database handle, so A's are never emptied by B's calls
// directly): a story taken down through B must leave A's answers well within A's 5 s TTL.

const url = process.env.DATABASE_URL;
const POLL_LIMIT_MS = 2_000;

describe.skipIf(!url)("catalogue invalidation across instances (PostgreSQL: PGlite is one instance, where clearing locally is enough)", () => {
  let handleA: DbHandle;
  let handleB: DbHandle;
  let a: RunningApi;
  let b: RunningApi;
  let ids: string[] = [];

  beforeAll(async () => {
    handleA = await createTestDb();
    handleB = await openDb({ url: handleA.url!, poolSize: 4 });
    const config = loadConfig({}, { NODE_ENV: "test", PORT: 0, LOG_LEVEL: "silent", DATABASE_URL: handleA.url!, SEED: false, OUTBOX_POLL_MS: 200 });
    a = await startApi(config, handleA);
    b = await startApi(config, handleB);
    ids = rowsOf<{ id: string }>(await handleA.db.execute(sql`select id from stories where visible and rating = 'general' order by id limit 3`)).map((r) => r.id);
    expect(ids).toHaveLength(3);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  const listed = async (api: RunningApi) =>
    (await callEndpoint<{ stories: StorySummary[] }>(api, "storyList", { limit: 50, sort: "new" })).data.stories.map((s) => s.id);

  /** Polls `check` on instance A until it holds; the milliseconds it took (fails past POLL_LIMIT_MS). */
  async function within(check: () => Promise<boolean>): Promise<number> {
    const t0 = Date.now();
    while (!(await check())) {
      if (Date.now() - t0 > POLL_LIMIT_MS) throw new Error(`instance A still served the story after ${POLL_LIMIT_MS} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - t0;
  }

  it("A keeps serving its cached answers after a change no one announced (the caches are real)", async () => {
    const id = ids[0]!;
    expect((await callEndpoint(a, "storyGet", { id })).status).toBe(200);
    await handleB.db.execute(sql`update stories set title = 'Renamed Quietly' where id = ${id}`);
    const got = await callEndpoint<{ story: StoryDetail }>(a, "storyGet", { id });
    expect(got.data.story.title).not.toBe("Renamed Quietly");
    // Announced through B: A reads it anew.
    await invalidateCatalogueEverywhere(b.ctx.db);
    await within(async () => (await callEndpoint<{ story: StoryDetail }>(a, "storyGet", { id })).data.story.title === "Renamed Quietly");
  });

  it("a story hidden through B stops being served by A (story.get and story.list) within 2 s", async () => {
    const id = ids[1]!;
    expect((await callEndpoint(a, "storyGet", { id })).status).toBe(200);
    expect(await listed(a)).toContain(id);
    await handleB.db.execute(sql`update stories set hidden_at = now(), hidden_reason = 'test' where id = ${id}`);
    invalidateCatalogue(b.ctx.db);
    const ms = await within(async () => (await callEndpoint(a, "storyGet", { id })).status === 404 && !(await listed(a)).includes(id));
    expect(ms).toBeLessThan(POLL_LIMIT_MS);
    // B, which made the change, never served it again either.
    expect((await callEndpoint(b, "storyGet", { id })).status).toBe(404);
  });

  it("listens again after its connection is dropped, and still hears the next change", async () => {
    const listeners = async () =>
      rowsOf<{ pid: number }>(
        await handleB.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and query = ${`listen ${CATALOGUE_CHANNEL}`}`),
      ).map((r) => r.pid);
    const before = await listeners();
    expect(before).toHaveLength(2);
    for (const pid of before) await handleB.db.execute(sql`select pg_terminate_backend(${pid})`);
    // Both instances open a new listening connection (the first retry comes after 0.5 s).
    const t0 = Date.now();
    while ((await listeners()).filter((p) => !before.includes(p)).length < 2) {
      if (Date.now() - t0 > 10_000) throw new Error("the listeners did not reconnect within 10 s");
      await new Promise((r) => setTimeout(r, 100));
    }
    const id = ids[2]!;
    expect((await callEndpoint(a, "storyGet", { id })).status).toBe(200);
    await handleB.db.execute(sql`update stories set review_state = 'pending' where id = ${id}`);
    await invalidateCatalogueEverywhere(b.ctx.db);
    expect(await within(async () => (await callEndpoint(a, "storyGet", { id })).status === 404)).toBeLessThan(POLL_LIMIT_MS);
    // Requests were served all along: the listener holds none of the pool's connections.
    expect((await callEndpoint(a, "storyGet", { id: ids[0]! })).status).toBe(200);
  });
});
