// Tracking on both brands against the local tracking peer (support/tracking-peer.ts): page views on
// route changes, nothing at all under do-not-track, the registration conversion once, and a
// purchase counted by the pixel and the Conversions API under one event id.
import { expect, test, type Page } from "../support/test";
import { brandSites } from "../support/brands";
import { apiUrl, trackingUrl } from "../support/env";
import type { TrackingRecord } from "../support/tracking-peer";
import { freshEmail, signIn } from "./account-flows";
import { anyViewport } from "../support/checks";

async function records(kind: TrackingRecord["kind"]): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${trackingUrl}/records?kind=${kind}`);
  return ((await res.json()) as TrackingRecord[]).map((r) => r.data);
}

/** PostHog's device id of this browser (stable when the session's user is identified), once analytics have started. */
async function analyticsId(page: Page): Promise<string> {
  let id = "";
  await expect
    .poll(async () => {
      id = await page.evaluate(() => {
        for (let i = 0; i < localStorage.length; i++) {
          const key = localStorage.key(i)!;
          if (key.startsWith("ph_") && key.endsWith("_posthog")) return String((JSON.parse(localStorage.getItem(key)!) as { $device_id?: string }).$device_id ?? "");
        }
        return "";
      });
      return id;
    }, { timeout: 15_000 })
    .not.toBe("");
  return id;
}

const pageViews = async (deviceId: string, path: string) =>
  (await records("posthog")).filter((e) => {
    const p = (e.properties ?? {}) as Record<string, unknown>;
    return e.event === "$pageview" && p.$device_id === deviceId && new URL(String(p.$current_url)).pathname === path;
  }).length;

// PostHog drops events from automated browsers as bot traffic (a headless user agent, or
// "HeadlessChrome" among the client-hint brands, navigator.webdriver): these tests browse as an
// ordinary desktop Chrome.
test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false });
    Object.defineProperty(Navigator.prototype, "userAgentData", { get: () => undefined });
  });
});

for (const brand of brandSites) {
  test.describe(`${brand.name} tracking`, anyViewport, () => {
    test("a route change records one page view", async ({ page }) => {
      await page.goto(`${brand.baseURL}/about`);
      const id = await analyticsId(page);
      await expect.poll(() => pageViews(id, "/about"), { timeout: 15_000 }).toBe(1);
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
      await expect(page).toHaveURL(`${brand.baseURL}/privacy`);
      await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
      await expect.poll(() => pageViews(id, "/privacy"), { timeout: 15_000 }).toBe(1);
      await page.waitForTimeout(4000); // a second copy would have been flushed by now
      expect(await pageViews(id, "/privacy")).toBe(1);
      expect(await pageViews(id, "/about")).toBe(1);
    });

    test("with do-not-track on, no tracking or analytics request leaves the page", async ({ page }) => {
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" }));
      const sent: string[] = [];
      page.on("request", (r) => sent.push(r.url()));
      await signIn(page, brand, freshEmail(`${brand.id}-dnt`), "/user/settings");
      await expect(page.getByRole("switch", { name: "Opt out of ad tracking" })).toBeDisabled();
      await page.reload();
      await page.waitForLoadState("load");
      await page.waitForTimeout(4000); // past the 1 s / 2 s registration checks and a 3 s flush
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
      await expect(page).toHaveURL(`${brand.baseURL}/privacy`);
      await page.waitForTimeout(4000);
      const tracking = sent.filter((u) => u.startsWith(trackingUrl) || u.includes("/api/v1/meta-api.forward") || u.includes("/api/v1/tracking.config"));
      expect(tracking).toEqual([]);
      expect(sent.some((u) => u.startsWith(apiUrl) || u.includes("/api/v1/"))).toBe(true); // the page itself did talk to the API
    });

    test("a new account's conversion is reported exactly once across reloads", async ({ page }) => {
      await signIn(page, brand, freshEmail(`${brand.id}-reg`), "/user/profile");
      let uuid = "";
      await expect
        .poll(async () => (uuid = await page.evaluate(() => (JSON.parse(localStorage.getItem("meta_registration_reported") ?? "[]") as string[])[0] ?? "")), { timeout: 15_000 })
        .not.toBe("");
      const eventId = `registration_${uuid}`;
      const capi = async () => (await records("capi")).filter((e) => e.event_id === eventId);
      const pixel = async () => (await records("pixel")).filter((e) => e.eid === eventId);
      await expect.poll(async () => (await capi()).length, { timeout: 15_000 }).toBe(1);
      await expect.poll(async () => (await pixel()).length).toBe(1);
      expect((await capi())[0]).toMatchObject({ event_name: "CompleteRegistration", action_source: "website" });
      expect((await pixel())[0]).toMatchObject({ ev: "CompleteRegistration", id: "1234567890" });
      for (let i = 0; i < 2; i++) {
        await page.reload();
        await page.waitForLoadState("load");
        await page.waitForTimeout(4000);
      }
      expect(await capi()).toHaveLength(1);
      expect(await pixel()).toHaveLength(1);
    });

    test("a sandbox purchase sends one Purchase from the browser and one from the server, with one event id", async ({ page }) => {
      const email = freshEmail(`${brand.id}-track-buy`);
      await signIn(page, brand, email, "/user/coins");
      await page.getByRole("button", { name: /Starter 100 coins/ }).click();
      const dialog = page.getByRole("dialog", { name: "Purchase" });
      await dialog.getByRole("button", { name: "Purchase Now" }).click();
      await page.waitForURL((url) => !url.href.startsWith(brand.baseURL));
      await page.getByRole("button", { name: /^Pay \$1\.99$/ }).click();
      await page.waitForURL(new RegExp(`^${brand.baseURL}/recharge-success\\?`));
      await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible({ timeout: 20_000 });
      const here = page.url();
      let browser: Record<string, unknown>[] = [];
      await expect
        .poll(async () => (browser = (await records("pixel")).filter((e) => e.ev === "Purchase" && e.dl === here)).length, { timeout: 15_000 })
        .toBe(1);
      const eventId = String(browser[0]!.eid);
      expect(eventId).toMatch(/^purchase_/);
      const custom = JSON.parse(String(browser[0]!.cd)) as Record<string, unknown>;
      expect(custom).toMatchObject({ currency: "usd", value: 1.99, order_id: eventId.slice("purchase_".length) });
      const server = async () => (await records("capi")).filter((e) => e.event_id === eventId);
      await expect.poll(async () => (await server()).length, { timeout: 15_000 }).toBe(1);
      const event = (await server())[0]!;
      expect(event).toMatchObject({ event_name: "Purchase", custom_data: { currency: "usd", value: 1.99, order_id: custom.order_id } });
      const userData = event.user_data as Record<string, string>;
      if (userData.external_id !== undefined) expect(userData.external_id).toMatch(/^[a-f0-9]{64}$/);
      expect(userData.client_ip_address).toBe("127.0.0.1");
      expect(JSON.stringify(await records("capi"))).not.toContain(email);
      await page.reload();
      await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible({ timeout: 20_000 });
      await page.waitForTimeout(4000);
      expect(await server()).toHaveLength(1);
      expect((await records("pixel")).filter((e) => e.eid === eventId)).toHaveLength(1);
    });
  });
}
