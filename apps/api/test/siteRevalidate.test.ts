import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { REVALIDATE_SECRET_HEADER } from "../src/services/siteRevalidate";
import { loadConfig } from "../src/config";
import { callEndpoint } from "./http";
import { makeStory, signInAs } from "./safety.support";

// The brand sites' revalidation endpoint, played by a local peer that records every call: after a
// change of the catalogue the API asks each site to drop its cached pages (so a hidden story leaves
// Next's full-route cache at once), coalescing a burst of changes into one call per site.

const SECRET = "site-revalidate-secret-for-tests";
const STAFF = "revalidate.staff@example.com";

interface Peer {
  url: string;
  calls: { secret: string | undefined; method: string | undefined }[];
  close(): Promise<void>;
}

async function sitePeer(status = 204): Promise<Peer> {
  const calls: Peer["calls"] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    calls.push({ secret: req.headers[REVALIDATE_SECRET_HEADER] as string | undefined, method: req.method });
    res.statusCode = status;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/revalidate`, calls, close: () => new Promise((r) => server.close(() => r())) };
}

const waitFor = async (check: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
};

let api: RunningApi;
let a: Peer;
let b: Peer;
let down: Peer;
let staff: { token: string };
beforeAll(async () => {
  [a, b, down] = await Promise.all([sitePeer(), sitePeer(), sitePeer(503)]);
  api = await startTestApi({ ADMIN_EMAILS: [STAFF], SITE_REVALIDATE_URLS: [a.url, b.url, down.url], SITE_REVALIDATE_SECRET: SECRET });
  staff = await signInAs(api, STAFF);
});
afterAll(async () => {
  await api?.stop();
  await Promise.all([a, b, down].map((p) => p?.close()));
});

describe("the sites are told when the catalogue changes", () => {
  it("a story taken down by staff makes one call to every site with the shared secret; a site that refuses changes nothing", async () => {
    const story = await makeStory(api);
    const before = [a.calls.length, b.calls.length];
    const r = await callEndpoint(api, "adminStoryUnpublish", { story_id: story.id, reason: "Breaks the rules" }, staff.token);
    expect(r.status).toBe(200);
    await waitFor(() => a.calls.length > before[0]! && b.calls.length > before[1]!);
    expect(a.calls.slice(before[0])).toEqual([{ secret: SECRET, method: "POST" }]);
    expect(b.calls.slice(before[1])).toEqual([{ secret: SECRET, method: "POST" }]);
    // The refusing site was called too, and the change stands.
    expect(down.calls.length).toBeGreaterThan(0);
    expect((await callEndpoint(api, "storyGet", { id: story.id })).status).toBe(404);
  });

  it("a burst of changes within a moment is one call per site", async () => {
    const stories = await Promise.all([makeStory(api), makeStory(api), makeStory(api)]);
    await new Promise((r) => setTimeout(r, 400));
    const before = a.calls.length;
    await Promise.all(stories.map((s) => callEndpoint(api, "adminStoryRate", { story_id: s.id, rating: "mature", reason: "Graphic" }, staff.token)));
    await waitFor(() => a.calls.length > before);
    await new Promise((r) => setTimeout(r, 500));
    expect(a.calls.length - before).toBe(1);
  });

  it("URLs without the secret are refused at start", () => {
    expect(() => loadConfig({ SITE_REVALIDATE_URLS: "http://127.0.0.1:3000/api/revalidate" })).toThrow(/SITE_REVALIDATE_SECRET/);
  });
});
