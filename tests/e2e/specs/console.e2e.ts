// The operator console (apps/admin) against the real API: staff sign in with the e-mail code (a
// normal player is refused); the seeded admin plays a pending story through in the ink preview and
// approves it, and both brand sites' cached catalogues list it; staff grant coins to a player whose
// balance changes once for a double click, resolve a report, and find each action in the audit log.
// axe checks every screen. Desktop only: the console is a staff tool.
import { expect, test, type Page } from "../support/test";
import { consoleSignIn, expectConsoleAccessible } from "../support/console";
import type { APIRequestContext, Locator } from "@playwright/test";
import { adminUrl, seededAdminEmail } from "../support/env";
import { brandSites } from "../support/brands";
import { settled } from "../support/checks";
import { apiSignIn, CONSOLE_STAFF_EMAILS, playerCoins, publishApprovedStory, publishPendingStory, reportAsPlayer } from "../support/staff";
import { freshEmail, readCode } from "./account-flows";

test.skip(({ isMobile }) => isMobile, "the console is checked on the desktop viewport");

/** Pages through a cursor-paged table (Next page) until `target` shows on it. */
async function pageUntil(page: Page, table: Locator, target: Locator): Promise<void> {
  for (;;) {
    await expect(table).toBeVisible();
    if (await target.isVisible()) return;
    const url = page.url();
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).not.toHaveURL(url);
  }
}

/** A brand site's newest-first catalogue: `/?sort=new`, served from Next's full-route cache. */
const newestCatalogue = (baseURL: string) => `${baseURL}/?sort=new`;

/** Whether the HTML a brand site serves for its newest-first catalogue names `title`. */
async function cataloguesTitle(request: APIRequestContext, baseURL: string, title: string): Promise<boolean> {
  const res = await request.get(newestCatalogue(baseURL));
  expect(res.status()).toBe(200);
  return (await res.text()).includes(title);
}

/** Opens the audit log filtered through its form and expects a row with all of `texts`. */
async function expectAudited(page: Page, filters: Record<string, string>, texts: string[]): Promise<void> {
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
  const form = page.getByRole("search");
  for (const [label, value] of Object.entries(filters)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/audit\?/);
  let row = page.getByRole("table", { name: "Staff actions" }).getByRole("row");
  for (const t of texts) row = row.filter({ hasText: t });
  await expect(row.first()).toBeVisible();
  await settled(page);
  await expectConsoleAccessible(page);
}

test.describe("operator console", () => {
  test("staff sign in and out; a normal player is told the account is not staff", async ({ page }) => {
    await page.goto(`${adminUrl}/moderation`);
    await expect(page.getByRole("heading", { name: "Storyloom console" })).toBeVisible();
    await expectConsoleAccessible(page);
    const robots = await page.locator('meta[name="robots"]').getAttribute("content");
    expect(robots).toContain("noindex");

    const player = freshEmail("console-player");
    await page.getByLabel("E-mail").fill(player);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("Code").fill(await readCode(player));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("This account is not staff.");
    await expect(page.getByRole("navigation", { name: "Console" })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("storyloom-console-session"))).toBeNull();

    await consoleSignIn(page, CONSOLE_STAFF_EMAILS[0]!);
    await expect(page.getByTestId("staff-role")).toHaveText("admin");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Moderation", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Send code" })).toBeVisible();
  });

  test("the seeded admin plays a pending story through, approves it, and both brands' catalogues list it", async ({ page, request }) => {
    test.setTimeout(120_000);
    const title = `Console Lamp ${Date.now().toString(36)}`;
    const storyId = await publishPendingStory(freshEmail("console-author"), title);
    // Each brand renders its catalogue now, into its full-route cache, without the pending story:
    // only the API's revalidation call after the approval can bring it in before the cache expires.
    for (const site of brandSites) expect(await cataloguesTitle(request, site.baseURL, title), `${site.name} lists a pending story`).toBe(false);

    // The console's first account, seeded as `npm start` seeds it (a super admin).
    await consoleSignIn(page, seededAdminEmail);
    await expect(page.getByTestId("staff-role")).toHaveText("super_admin");
    await expect(page).toHaveURL(/\/moderation/);
    const queue = page.getByRole("table", { name: "Submissions: pending" });
    await expect(queue).toBeVisible();
    await settled(page);
    await expectConsoleAccessible(page);
    // The queue is oldest first; newer pages are a cursor away.
    await pageUntil(page, queue, queue.getByRole("link", { name: title }));
    await queue.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/version=\d+/);
    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name: title })).toBeVisible();
    await expect(detail.getByText("A keeper's daughter shows you the light.")).toBeVisible();
    await expect(detail.getByRole("region", { name: "Characters" })).toContainText("“You found the door. Most people walk past it.”");
    // The cover and the avatar as players will see them, drawn by the API for staff before the story is in the catalogue.
    for (const picture of [detail.getByRole("img", { name: `Cover of “${title}”` }), detail.getByRole("img", { name: "Wren’s avatar" })]) {
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(detail.getByRole("region", { name: "Script text" })).toContainText("Up to the light, or down to the cellar?");
    await expectConsoleAccessible(page);

    // The play-through: the script compiled in the browser and played in the editor's ink preview.
    const playThrough = detail.getByRole("region", { name: "Play-through" });
    const open = playThrough.getByRole("button", { name: "Play through" });
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await open.click();
    await expect(playThrough.getByRole("button", { name: "Close the play-through" })).toHaveAttribute("aria-expanded", "true");
    const transcript = playThrough.getByRole("list", { name: "Preview transcript" });
    await expect(transcript.getByRole("listitem")).toHaveText(["The lamp room hums.", 'Wren: "Up to the light, or down to the cellar?"']);
    const choices = playThrough.getByRole("group", { name: "Preview choices" });
    await expect(choices.getByRole("button")).toHaveText(["Climb to the lamp", "Go down to the cellar"]);
    await settled(page);
    await expectConsoleAccessible(page);
    await choices.getByRole("button", { name: "Go down to the cellar" }).click();
    await expect(transcript.getByRole("listitem")).toHaveText(["The lamp room hums.", 'Wren: "Up to the light, or down to the cellar?"', "Go down to the cellar", "Cold stone and the sound of water."]);
    await expect(playThrough.getByRole("status")).toHaveText("The End");
    await playThrough.getByRole("button", { name: "Restart preview" }).click();
    await expect(transcript.getByRole("listitem")).toHaveCount(2);

    await detail.getByRole("button", { name: "Reject" }).click();
    const reject = page.getByRole("dialog", { name: `Reject “${title}”?` });
    await reject.getByRole("button", { name: "Reject" }).click();
    await expect(reject.getByRole("alert")).toContainText("at least 3 characters");
    // The error text is read against the dialog at rest: the console names its light theme for it.
    await expectConsoleAccessible(page);
    await reject.getByRole("button", { name: "Cancel" }).click();

    await detail.getByRole("button", { name: "Approve" }).click();
    const approve = page.getByRole("dialog", { name: `Approve “${title}”?` });
    await expectConsoleAccessible(page);
    await approve.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText(`“${title}” approved.`)).toBeVisible();
    await expect(queue.getByRole("link", { name: title })).toHaveCount(0);
    await expectAudited(page, { Action: "review.approve" }, ["review.approve", storyId]);

    // Both brands' cached catalogues were dropped by the API's call: each lists the story now.
    for (const site of brandSites) {
      await expect.poll(() => cataloguesTitle(request, site.baseURL, title), { message: `${site.name}'s catalogue lists the approved story` }).toBe(true);
      await page.goto(newestCatalogue(site.baseURL));
      await expect(page.getByTestId("story-grid").getByRole("link", { name: title, exact: true })).toHaveAttribute("href", `/story/${storyId}`);
    }
  });

  test("grant coins to a player: the balance changes once for a double click, and the audit log lists it", async ({ page }) => {
    const email = freshEmail("console-coins");
    const { token } = await apiSignIn(email);
    const before = await playerCoins(token);

    await consoleSignIn(page, CONSOLE_STAFF_EMAILS[2]!);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Players" }).click();
    await expect(page).toHaveURL(/\/players$/);
    await expectConsoleAccessible(page);
    await page.getByRole("searchbox", { name: /e-mail, uuid/i }).fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
    const results = page.getByRole("table", { name: `Players matching ${email}` });
    await expect(results.getByRole("row")).toHaveCount(2);
    await settled(page);
    await expectConsoleAccessible(page);
    await results.getByRole("link", { name: /^#\d+$/ }).click();
    await expect(page).toHaveURL(/\/players\/\d+$/);
    const userId = page.url().split("/").pop()!;
    await expect(page.getByTestId("player-coins")).toHaveText(before.toLocaleString("en-US"));
    await settled(page);
    await expectConsoleAccessible(page);

    await page.getByRole("button", { name: "Grant or deduct coins" }).click();
    const dialog = page.getByRole("dialog", { name: /^Coins for / });
    await dialog.getByLabel("Amount (coins)").fill("0");
    await dialog.getByLabel("Reason").fill("Refund for a lost reply");
    await dialog.getByRole("button", { name: "Grant coins" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("The amount must be at least 1.");
    await dialog.getByLabel("Amount (coins)").fill("250");
    await dialog.getByRole("button", { name: "Grant coins" }).dblclick();
    await expect(page.getByText(`Coins granted: 250. Balance ${(before + 250).toLocaleString("en-US")}.`)).toBeVisible();
    await expect(page.getByTestId("player-coins")).toHaveText((before + 250).toLocaleString("en-US"));
    expect(await playerCoins(token)).toBe(before + 250);
    await expect(page.getByRole("table", { name: "Coin ledger" }).getByRole("row").filter({ hasText: "+250" })).toHaveCount(1);

    await expectAudited(page, { Action: "coins.grant", "Target id": userId }, ["coins.grant", "Refund for a lost reply"]);
  });

  test("resolve a report from the grouped list: it leaves the open reports and is in the audit log", async ({ page }) => {
    test.setTimeout(120_000);
    const storyId = await publishApprovedStory(freshEmail("console-reported"), `Console Report ${Date.now().toString(36)}`, "general");
    const marker = `console-marker-${Date.now().toString(36)}`;
    await reportAsPlayer(freshEmail("console-reporter"), { kind: "story", id: storyId }, marker);

    await consoleSignIn(page, CONSOLE_STAFF_EMAILS[3]!);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Reports" }).click();
    const table = page.getByRole("table", { name: "Reports: open" });
    await pageUntil(page, table, table.getByText(marker));
    await settled(page);
    await expectConsoleAccessible(page);
    await table.getByRole("row").filter({ hasText: marker }).getByRole("button", { name: `Dismiss reports of story ${storyId}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Reason").fill("Not spam: a fair story.");
    await dialog.getByRole("button", { name: "Resolve" }).click();
    await expect(page.getByText(`Reports of story ${storyId} resolved (dismissed).`)).toBeVisible();
    await expect(page.getByText(marker)).toHaveCount(0);

    await page.getByRole("combobox", { name: "Status" }).selectOption("dismissed");
    await expect(page).toHaveURL(/status=dismissed/);
    await expect(page.getByRole("table", { name: "Reports: dismissed" })).toBeVisible();

    await expectAudited(page, { Action: "report.dismiss", "Target id": storyId }, ["report.dismiss", "Not spam: a fair story."]);
  });
});
