// A story taken down by staff leaves the sites' cached pages at once: the story page is served from
// Next's full-route cache (rendered from an anonymous read, revalidated every 30 s), and the API's
// call to each site's /api/revalidate (SITE_REVALIDATE_URLS) drops it, so the next visit is a 404
// within seconds instead of after the revalidation window.
import { expect, test } from "../support/test";
import { apiUrl } from "../support/env";
import { brandSites } from "../support/brands";
import { anyViewport } from "../support/checks";
import { publishApprovedStory, staffSignIn } from "../support/staff";

test("a story unpublished by staff is gone from both sites' cached pages within seconds", anyViewport, async ({ request }) => {
  const stamp = `${Date.now()}-${test.info().parallelIndex}`;
  const id = await publishApprovedStory(`reval-author-${stamp}@example.com`, `The Beacon ${stamp}`, "general");
  const urls = brandSites.map((b) => `${b.baseURL}/story/${id}`);
  for (const url of urls) {
    await expect.poll(async () => (await request.get(url)).status(), { timeout: 15_000 }).toBe(200);
    // A second visit is answered from the full-route cache: without the call, it would stay for 30 s.
    const cached = await request.get(url);
    expect(cached.status()).toBe(200);
    expect(cached.headers()["x-nextjs-cache"]).toMatch(/HIT|STALE/);
  }

  const token = await staffSignIn();
  const res = await fetch(`${apiUrl}/api/v1/admin/story.unpublish`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ story_id: id, reason: "An e2e check of the site revalidation." }),
  });
  expect(res.status).toBe(200);

  for (const url of urls) {
    await expect.poll(async () => (await request.get(url)).status(), { timeout: 5_000, intervals: [250] }).toBe(404);
  }
});
