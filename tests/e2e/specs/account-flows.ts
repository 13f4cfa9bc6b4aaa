// Steps the account, coins and tasks specs share: a fresh e-mail, the code from the API's dev
// mailbox, and signing in through the login page exactly as a visitor does.
import { expect, type Page } from "../support/test";
import { readCode as readMailedCode } from "@storyloom/test-api";
import { apiUrl } from "../support/env";
import type { BrandSite } from "../support/brands";

/** An address no other test uses, so codes and accounts never collide across workers. */
export function freshEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The newest sign-in code mailed to `email`, from the API's dev mailbox. The page posts the request,
 * so the mail may come a moment after the click: up to 15 s, asked every 250 ms.
 */
export function readCode(email: string): Promise<string> {
  return readMailedCode({ url: apiUrl }, email, { timeoutMs: 15_000, intervalMs: 250 });
}

/** The coin balance the header chip shows once the session is known. */
export async function chipCoins(page: Page): Promise<number> {
  const chip = page.getByRole("banner").getByRole("link", { name: /^[\d,]+ coins$/ });
  await expect(chip).toBeVisible();
  const label = (await chip.getAttribute("aria-label")) ?? "";
  return Number(label.replace(/[^\d]/g, ""));
}

/** Signs in on the login page already open, with a code from the dev mailbox. */
export async function signInHere(page: Page, email: string): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  const codeField = page.getByLabel("6-digit code");
  await expect(codeField).toBeFocused();
  await codeField.fill(await readCode(email));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Opens /auth/login with a return path and signs in; waits until the visitor is back there. */
export async function signIn(page: Page, brand: BrandSite, email: string, next = "/user/profile"): Promise<void> {
  await page.goto(`${brand.baseURL}/auth/login?next=${encodeURIComponent(next)}`);
  await signInHere(page, email);
  await expect(page).toHaveURL(`${brand.baseURL}${next}`);
}
