// What every console spec does: sign in on the console with a code from the dev mailbox, and run axe
// on a console screen at rest.
import { expect, type Page } from "./test";
import { adminUrl } from "./env";
import { animationsDone, expectAccessible } from "./checks";
import { readCode } from "../specs/account-flows";

/** Signs `email` in on the console's sign-in page (opened at `path`), landing there. */
export async function consoleSignIn(page: Page, email: string, path = "/moderation"): Promise<void> {
  await page.goto(`${adminUrl}${path}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("Code").fill(await readCode(email));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}

/** axe on a console screen at rest: no toast showing and no animation running. */
export async function expectConsoleAccessible(page: Page): Promise<void> {
  await expect(page.getByRole("list", { name: "Notifications" }).locator("li")).toHaveCount(0);
  await animationsDone(page);
  await expectAccessible(page);
}
