// Issue #42: pages load their scripts as Next writes them. The served HTML of the pages bench:web
// measures (home, a story, coins, a chat) and of the rest of the kinds of page holds Next's own script
// tags, every one async from the build's static folder, and no loader of ours: the only inline script
// not written by Next or React is the theme script, which loads nothing.
import { expect, test } from "../support/test";
import { apiUrl } from "../support/env";
import { brandSites } from "../support/brands";
import { anyViewport } from "../support/checks";

/** Inline scripts Next and React write: the flight data, Turbopack's chunk list, streaming helpers. */
const NEXTS_OWN = [/^\(self\.__next_f\s*=\s*self\.__next_f\s*\|\|\s*\[\]\)\.push\(/, /^self\.__next_f\.push\(/, /^\(globalThis\["TURBOPACK"\]/, /^\$R[A-Z]*\s*[=(]/, /^requestAnimationFrame\(/];

async function concretePaths(): Promise<string[]> {
  const res = await fetch(`${apiUrl}/api/v1/story.list`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const body = (await res.json()) as { data: { stories: { id: string; actors: { id: string; slug: string }[] }[] } };
  const story = body.data.stories[0]!;
  const actor = story.actors[0]!;
  return ["/", `/story/${story.id}`, "/user/coins", `/chat/${story.id}/${actor.id}`, `/character/${actor.slug}`, "/about", "/user/stories", "/auth/login"];
}

for (const brand of brandSites) {
  test(`${brand.name}: the served pages hold Next's own script tags and no loader of ours`, anyViewport, async () => {
    for (const path of await concretePaths()) {
      const res = await fetch(`${brand.baseURL}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attrs: m[1]!, body: m[2]! }));
      const external = scripts.filter((s) => /\bsrc=/.test(s.attrs));
      expect(external.length, `${path}: Next's chunks`).toBeGreaterThanOrEqual(3);
      for (const s of external) {
        // As Next writes them: async (or its noModule polyfills), from the build's static chunks,
        // with no type or data-* rewrite.
        expect(s.attrs, path).toMatch(/^ src="\/_next\/static\/chunks\/[\w.-]+\.js" (async|noModule)=""$/);
      }
      const inline = scripts.filter((s) => !/\bsrc=/.test(s.attrs) && !/type="application\/(ld\+)?json"/.test(s.attrs)).map((s) => s.body.trim());
      const ours = inline.filter((body) => !NEXTS_OWN.some((re) => re.test(body)));
      // The theme script alone: it reads the stored theme and loads nothing.
      expect(ours, path).toHaveLength(1);
      expect(ours[0], path).toContain('localStorage.getItem("theme")');
      // The code among them (the flight data is data: a story's text may say anything) loads nothing.
      for (const body of inline.filter((b) => !/^(\(self\.__next_f|self\.__next_f\.push\()/.test(b))) {
        expect(body, `${path}: an inline script creates a script`).not.toMatch(/createElement\(\s*["']script|\.src\s*=|import\(/);
      }
      // Nothing hides a chunk from the parser for a loader to add later.
      expect(html, path).not.toMatch(/data-src=|type="text\/(x-)?(deferred|plain)"/);
    }
  });
}
