// Home catalogue, story detail (page and modal) and character page, on both brands and viewports:
// server-rendered first page, search/category/sort in the URL, infinite scroll, likes that
// persist, the subscribe flow, not-found for unknown ids, accessibility and screenshots.
import { expect, test, type Page } from "../support/test";
import { apiUrl } from "../support/env";
import { brandSites } from "../support/brands";
import { animationsDone, anyViewport, expectAccessible, expectNoindex, saveShot, settled } from "../support/checks";

interface ListedStory {
  id: string;
  title: string;
  actors: { id: string; slug: string; name: string }[];
}

/** The catalogue as the API lists it (the source of truth the pages must agree with). */
async function listStories(body: Record<string, unknown>): Promise<ListedStory[]> {
  const res = await fetch(`${apiUrl}/api/v1/story.list`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ limit: 50, ...body }) });
  const json = (await res.json()) as { data: { stories: ListedStory[] } };
  return json.data.stories;
}

const grid = (page: Page) => page.getByTestId("story-grid").locator(":scope > li");

for (const [brandIndex, brand] of brandSites.entries()) {
  test.describe(`${brand.name} catalogue`, () => {
    test("home: the first 10 stories are in the server-rendered HTML, titled, accessible", async ({ browser, page }, testInfo) => {
      // Without JavaScript the page shows exactly what the server rendered.
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      const raw = await noJs.newPage();
      const response = await raw.goto(`${brand.baseURL}/`);
      expect(response?.status()).toBe(200);
      const html = await response!.text();
      await expect(grid(raw)).toHaveCount(10);
      const popular = await listStories({ sort: "popular", limit: 10 });
      await expect(grid(raw).first()).toContainText(popular[0]!.title);
      // Covers are WebP copies of the art from the site's own origin, offering the spec's widths as
      // a srcset; the first row loads at once, the rest lazily. The first cover, the largest paint,
      // also comes inline as its 320w copy (a data: URL in a decorative image under the full copy,
      // decoded with the first frame), so it paints with the HTML; its full copy is then no longer
      // urgent and is neither preloaded nor high priority.
      const covers = await grid(raw).locator("img:not([aria-hidden])").evaluateAll((imgs) =>
        imgs.map((i) => ({ src: i.getAttribute("src") ?? "", srcset: i.getAttribute("srcset") ?? "", loading: i.getAttribute("loading"), priority: i.getAttribute("fetchpriority"), inline: i.previousElementSibling?.tagName === "IMG" ? (i.previousElementSibling.getAttribute("src") ?? "") : "" })),
      );
      expect(covers.every((c) => /^\/api\/v1\/art\/cover\/[a-z0-9-]+\.webp\?w=640$/.test(c.src))).toBe(true);
      expect(covers.every((c) => / 320w, .+ 600w$/.test(c.srcset))).toBe(true);
      expect(covers.map((c) => c.loading)).toEqual([...Array(4).fill("eager"), ...Array(6).fill("lazy")]);
      expect(covers.map((c) => c.inline.startsWith("data:image/webp;base64,"))).toEqual([true, ...Array(9).fill(false)]);
      const inlineCopy = grid(raw).first().locator("img[aria-hidden]");
      await expect(inlineCopy).toHaveAttribute("decoding", "sync");
      await expect(inlineCopy).toHaveAttribute("alt", "");
      // Only the inline copy is urgent: no cover is preloaded from the head (React would otherwise
      // preload the eager ones there, taking the slow link's bandwidth from the page itself).
      expect(covers.map((c) => c.priority)).toEqual(Array(10).fill("low"));
      expect(html).not.toMatch(/<link rel="preload" as="image"/);
      expect(await inlineCopy.evaluate(async (img: HTMLImageElement) => (await img.decode(), img.naturalWidth))).toBe(320);
      // The answer's Link header preloads nothing but the stylesheet (the cache handler sends that for
      // a cached page, as Next does for one rendered per request; a first render has none).
      const linkHeader = response?.headers()["link"] ?? "";
      const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)"/g)].map((m) => `<${m[1]}>; rel=preload; as="style"`);
      for (const entry of linkHeader.split(",").filter((e) => e.trim())) expect(stylesheets).toContain(entry.trim());
      // The stylesheet is linked, as Next writes it (inlining it measured no gain in real throttled
      // loads, and Next wrote it into each page twice more): no copy of it in the page.
      expect(html).toMatch(/<link rel="stylesheet" href="\/_next\/static\/[^"]+\.css"/);
      expect(html).not.toContain("@layer properties");
      await expect.poll(() => grid(raw).first().locator("img:not([aria-hidden])").evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0 && i.currentSrc.includes(".webp"))).toBe(true);
      await noJs.close();

      const res = await page.goto(`${brand.baseURL}/`);
      await expectNoindex(page, res);
      await expect(page).toHaveTitle(`${brand.name} - AI-Powered Interactive Stories`);
      await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("link")).toHaveCount(7);
      await settled(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "home");

      // Cards past the first row are laid out and painted only when scrolled near (content-visibility:
      // auto; static-routes.e2e.ts shows it on the footer). A card past the first row sits 4 px
      // inside its box at the sides and top, room for the rings the paint containment would clip.
      const visibility = await grid(page).evaluateAll((lis) => lis.map((li) => getComputedStyle(li).contentVisibility));
      expect(visibility).toEqual([...Array(4).fill("visible"), ...Array(visibility.length - 4).fill("auto")]);
      const inset = await grid(page).nth(4).evaluate((li) => {
        const box = li.getBoundingClientRect();
        const card = li.firstElementChild!.getBoundingClientRect();
        return [card.left - box.left, box.right - card.right, card.top - box.top];
      });
      expect(inset).toEqual([4, 4, 4]);
    });

    test("home: search, category and sort change the URL and the list", anyViewport, async ({ page }) => {
      await page.goto(`${brand.baseURL}/`);
      await settled(page);
      await page.getByRole("searchbox", { name: "Search stories" }).fill("lighthouse");
      await expect(page).toHaveURL(/\?q=lighthouse/);
      await expect(page.getByRole("heading", { name: /Results for/ })).toBeVisible();
      const found = await listStories({ q: "lighthouse" });
      await expect(grid(page)).toHaveCount(found.length);
      await expect(grid(page).first()).toContainText(found[0]!.title);

      await page.getByRole("searchbox", { name: "Search stories" }).fill("zzqx-nothing");
      await expect(page.getByText("No stories match")).toBeVisible();

      await page.goto(`${brand.baseURL}/`);
      await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Romance" }).click();
      await expect(page).toHaveURL(/category=romance/);
      const romance = await listStories({ category_id: "romance" });
      await expect(grid(page)).toHaveCount(romance.length);
      await expect(page.getByRole("heading", { level: 2, name: "Romance" })).toBeVisible();

      await page.getByRole("navigation", { name: "Sort stories" }).getByRole("link", { name: "New" }).click();
      await expect(page).toHaveURL(/sort=new/);
      const newest = await listStories({ category_id: "romance", sort: "new" });
      await expect(grid(page).first()).toContainText(newest[0]!.title);
      await expect(page.getByRole("link", { name: "New" })).toHaveAttribute("aria-current", "true");
    });

    test("home: scrolling to the end loads the next page", async ({ page }, testInfo) => {
      // Other workers publish and take down stories meanwhile: the catalogue's size is read before
      // the page and again at its end, and the page shows a count between the two (a story published
      // in between may be in the API's 5-second cache or not).
      const before = (await listStories({})).length;
      await page.goto(`${brand.baseURL}/`);
      await settled(page);
      // A phone shows the short first page until the end of it nears; a desktop's first screen
      // already reaches that far, so it asks for the next page at once.
      if (testInfo.project.name === "phone") await expect(grid(page)).toHaveCount(10);
      // The list's end coming near the viewport is what asks for the next page.
      await grid(page).last().scrollIntoViewIfNeeded();
      await expect(page.getByText("You have reached the end of the catalogue.")).toBeVisible();
      const after = (await listStories({})).length;
      const shown = await grid(page).count();
      expect(shown).toBeGreaterThan(10);
      expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
      expect(shown).toBeLessThanOrEqual(Math.max(before, after));
    });

    test("card → story modal → full page", async ({ page }, testInfo) => {
      await page.goto(`${brand.baseURL}/`);
      await settled(page);
      const first = (await listStories({ sort: "popular", limit: 1 }))[0]!;
      await grid(page).first().getByRole("link", { name: first.title }).click();
      const dialog = page.getByRole("dialog", { name: first.title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId("story-modal")).toContainText(first.actors[0]!.name);
      await animationsDone(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "home-story-modal");
      // The open modal names the story in the address bar; Escape and Back both close it.
      await expect(page).toHaveURL(`${brand.baseURL}/story/${first.id}`);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(`${brand.baseURL}/`);
      await grid(page).first().getByRole("link", { name: first.title }).click();
      await expect(dialog).toBeVisible();
      await page.goBack();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(`${brand.baseURL}/`);
      await expect(grid(page).nth(9)).toBeVisible();
      await grid(page).first().getByRole("link", { name: first.title }).click();
      await dialog.getByRole("link", { name: "Open full page" }).click();
      await expect(page).toHaveURL(`${brand.baseURL}/story/${first.id}`);
      await expect(page.getByRole("heading", { level: 1, name: first.title })).toBeVisible();
    });

    test("story page: like toggles and persists; subscribe validates, subscribes and cancels", anyViewport, async ({ page }, testInfo) => {
      // A story of its own per brand and viewport, so parallel runs do not move each other's counts.
      const stories = await listStories({ sort: "new" });
      const story = stories[brandIndex * 2 + (testInfo.project.name === "phone" ? 0 : 1)]!;
      const res = await page.goto(`${brand.baseURL}/story/${story.id}`);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(`${story.title} - ${brand.name}`);
      await expect(page.getByRole("heading", { level: 1, name: story.title })).toBeVisible();
      // The cover, the page's largest paint, is a WebP copy of the art, painted with the HTML from its
      // inline 320w copy (a decorative image decoded with the first frame); the full copy loads over
      // it. Shown 192 px wide: 320 for 1x screens, 640 for 2x.
      const cover = page.locator("article img:not([aria-hidden])").first();
      await expect(cover).toHaveAttribute("src", /^\/api\/v1\/art\/cover\/[a-z0-9-]+\.webp\?w=320$/);
      await expect(cover).toHaveAttribute("srcset", /\.webp\?w=320 1x, \/api\/v1\/art\/cover\/[a-z0-9-]+\.webp\?w=640 2x$/);
      await expect(cover).toHaveAttribute("fetchpriority", "low");
      await expect(page.locator("article img[aria-hidden]").first()).toHaveAttribute("src", /^data:image\/webp;base64,/);
      await expect(page.locator("article img[aria-hidden]").first()).toHaveAttribute("decoding", "sync");
      await expect.poll(() => cover.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      await expect(page.getByRole("link", { name: "Play", exact: true })).toHaveAttribute("href", `/chat/${story.id}/${story.actors[0]!.id}`);
      await expect(page.getByRole("link", { name: new RegExp(story.actors[0]!.name) })).toHaveAttribute("href", `/character/${story.actors[0]!.slug}`);

      const like = page.getByTestId("like-button");
      await expect(like).toBeEnabled();
      await expect(like).toHaveAttribute("aria-pressed", "false");
      await like.click();
      await expect(like).toHaveAttribute("aria-pressed", "true");
      await page.waitForLoadState("networkidle");
      await page.reload();
      await expect(page.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
      await page.getByTestId("like-button").click();
      await expect(page.getByTestId("like-button")).toHaveAttribute("aria-pressed", "false");

      const form = page.getByTestId("subscribe");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByText("Enter your e-mail address.")).toBeVisible();
      await form.getByLabel("E-mail address").fill("not-an-address");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByText(/Enter a valid e-mail address/)).toBeVisible();
      await expect(form.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
      await form.getByLabel("E-mail address").fill(`reader-${brand.id}-${testInfo.project.name}@example.com`);
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByRole("status")).toContainText("will hear about new chapters");
      await settled(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "story");
      await form.getByRole("button", { name: "Cancel subscription" }).click();
      await expect(page.getByText(/Subscription cancelled/)).toBeVisible();
      await expect(form.getByRole("button", { name: "Subscribe" })).toBeVisible();
    });

    test("character page, and not-found for unknown story and character", anyViewport, async ({ page }, testInfo) => {
      const story = (await listStories({ sort: "popular", limit: 1 }))[0]!;
      const actor = story.actors[0]!;
      const res = await page.goto(`${brand.baseURL}/character/${actor.slug}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: actor.name })).toBeVisible();
      await expect(page.getByRole("link", { name: `Chat with ${actor.name}` })).toHaveAttribute("href", `/chat/${story.id}/${actor.id}`);
      await expect(page.getByRole("link", { name: story.title })).toHaveAttribute("href", `/story/${story.id}`);
      await settled(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "character");

      for (const path of ["/story/no-such-story", "/character/no-such-person", "/story/Bad%20Id"]) {
        const missing = await page.goto(`${brand.baseURL}${path}`);
        expect(missing?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
      }
    });

    test("public pages come from the full-route cache; searches render per request; not-found is never stored", anyViewport, async ({ request }, testInfo) => {
      const story = (await listStories({ sort: "popular", limit: 3 }))[testInfo.project.name === "phone" ? 1 : 2]!;
      const get = (path: string) => request.get(`${brand.baseURL}${path}`, { maxRedirects: 0 });
      // The plain catalogue in each sort order, story, character and coins pages: the same for every
      // visitor, so the second visit is served from the cache (STALE once the 30 s have passed: still
      // served from the cache while it renders again).
      for (const path of ["/", "/?sort=new", `/story/${story.id}`, `/character/${story.actors[0]!.slug}`, "/user/coins"]) {
        await get(path);
        const again = await get(path);
        expect(again.status(), path).toBe(200);
        expect(again.headers()["x-nextjs-cache"], path).toMatch(/^(HIT|STALE)$/);
        expect(again.headers()["cache-control"], path).toMatch(/s-maxage=30\b/);
      }
      // The cached sort order is the one asked for.
      expect(await (await get("/?sort=new")).text()).toMatch(/aria-current="true"[^>]*href="\/\?sort=new"/);
      // Searches and categories are rendered per request, never stored.
      for (const path of ["/?category=mystery", "/?q=duke", "/?sort=new&category=mystery"]) {
        const res = await get(path);
        expect(res.status(), path).toBe(200);
        expect(res.headers()["x-nextjs-cache"], path).toBeUndefined();
      }
      // The cached catalogue's internal address leads to the page it serves.
      const internal = await get("/catalogue/new");
      expect(internal.status()).toBe(307);
      expect(internal.headers()["location"]).toBe("/?sort=new");
      // A made-up slug is rendered on every request and leaves nothing behind.
      for (const path of [`/story/never-a-story-${testInfo.project.name}-${Date.now()}`, "/user/coins/nothing-here"]) {
        for (let i = 0; i < 2; i++) {
          const res = await get(path);
          expect(res.status(), path).toBe(404);
          expect(res.headers()["x-nextjs-cache"], path).toBe("MISS");
        }
      }
    });
  });
}
