// Login by e-mail code, the profile and the settings of both brands, against the real API.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport, expectAccessible, expectNoindex, saveShot, settled } from "../support/checks";
import { chipCoins, freshEmail, readCode, signInHere } from "./account-flows";

for (const brand of brandSites) {
  test.describe(`${brand.name} account`, anyViewport, () => {
    test("a guest signs in by e-mail code, edits the profile and logs out", async ({ page }, testInfo) => {
      const email = freshEmail(brand.id);
      const response = await page.goto(`${brand.baseURL}/user/profile`);
      await expectNoindex(page, response);
      await expect(page).toHaveTitle(`Profile - ${brand.name}`);
      await expect(page.getByText("Guest · not signed in")).toBeVisible();
      expect(await chipCoins(page)).toBe(20);
      await settled(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "user_profile-guest");

      await page.getByRole("link", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/user\/login\?next=(%2F|\/)user(%2F|\/)profile$/);
      await expect(page).toHaveTitle(`Sign in - ${brand.name}`);
      await expect(page.getByLabel("E-mail")).toBeVisible();
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "user_login");

      // A wrong code is refused with the server's reason and the visitor stays a guest.
      await page.getByLabel("E-mail").fill(email);
      await page.getByRole("button", { name: "Send code" }).click();
      await expect(page.getByRole("status").or(page.locator("[aria-live=polite]")).first()).toContainText(`sent a 6-digit code to ${email}`);
      await expect(page.getByRole("button", { name: /Resend code in \d+ s/ })).toBeDisabled();
      const code = await readCode(email);
      const wrong = code === "000000" ? "111111" : "000000";
      await page.getByLabel("6-digit code").fill(wrong);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByRole("alert").filter({ hasText: /code/i })).toBeVisible();
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "user_login-code");

      // Pasting "123 456"-style text keeps only the digits.
      await page.getByLabel("6-digit code").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
      await expect(page.getByLabel("6-digit code")).toHaveValue(code);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(`${brand.baseURL}/user/profile`);
      await expect(page.getByText(email)).toBeVisible();
      await expect(page.getByText("Guest · not signed in")).toHaveCount(0);
      // The guest's welcome coins came along.
      expect(await chipCoins(page)).toBe(20);
      await saveShot(page, testInfo, brand, "user_profile-user");

      // Edit: a broken username is caught before sending, then a valid change is saved.
      await page.getByRole("button", { name: "Edit profile" }).click();
      await page.getByLabel("Username").fill("no spaces");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("Use letters, digits and underscores only.")).toBeVisible();
      await expect(page.getByLabel("Username")).toBeFocused();
      const username = `e2e_${Math.random().toString(36).slice(2, 10)}`;
      await page.getByLabel("Display name").fill("Ada Lovelace");
      await page.getByLabel("Username").fill(username);
      await expectAccessible(page);
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("Profile updated")).toBeVisible();
      await expect(page.getByText("Ada Lovelace", { exact: true })).toBeVisible();
      await expect(page.getByText(`@${username}`)).toBeVisible();

      // Logout clears the stored session; the site continues with a brand-new guest.
      await page.goto(`${brand.baseURL}/user/settings`);
      await expect(page.getByText("Signed in as")).toContainText("Ada Lovelace");
      await page.getByRole("button", { name: "Log out" }).click();
      await page.getByRole("button", { name: "Yes, log out" }).click();
      await expect(page).toHaveURL(`${brand.baseURL}/`);
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === "user_info")?.value ?? "").not.toContain(encodeURIComponent(email));
      await page.goto(`${brand.baseURL}/user/profile`);
      await expect(page.getByText("Guest · not signed in")).toBeVisible();
      await expect(page.getByText(email)).toHaveCount(0);
    });

    test("the theme switch persists across reloads; the tracking switch sets the local flag", async ({ page }, testInfo) => {
      await page.goto(`${brand.baseURL}/user/settings`);
      await expect(page).toHaveTitle(`Settings - ${brand.name}`);
      const dark = page.getByRole("switch", { name: "Dark theme" });
      await expect(dark).toHaveAttribute("aria-checked", "true");
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "user_settings");
      await dark.click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
      await expect(page.getByRole("switch", { name: "Dark theme" })).toHaveAttribute("aria-checked", "false");
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "user_settings-light");

      const optOut = page.getByRole("switch", { name: "Opt out of ad tracking" });
      await expect(optOut).toHaveAttribute("aria-checked", "false");
      await optOut.click();
      await expect(optOut).toHaveAttribute("aria-checked", "true");
      expect(await page.evaluate(() => localStorage.getItem("meta_tracking_opt_out"))).toBe("true");
      await expect(page.getByRole("main").getByRole("link", { name: brand.supportEmail })).toHaveAttribute("href", `mailto:${brand.supportEmail}`);
    });

    test("the social callback without tokens explains and links to the e-mail login", async ({ page }, testInfo) => {
      await page.goto(`${brand.baseURL}/user/social-callback`);
      await expect(page.getByRole("alert").filter({ hasText: "We couldn't sign you in" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign in with e-mail" })).toHaveAttribute("href", "/user/login");
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "user_social-callback");
    });

    test("the social callback stores a valid token and goes home", async ({ page }) => {
      // A real session's tokens, handed over in the fragment as a provider would.
      await page.goto(`${brand.baseURL}/user/login`);
      const email = freshEmail(`${brand.id}-social`);
      await signInHere(page, email);
      await expect(page).toHaveURL(`${brand.baseURL}/user/profile`);
      const cookies = await page.context().cookies();
      const token = cookies.find((c) => c.name === "token")?.value;
      const refresh = cookies.find((c) => c.name === "refresh_token")?.value;
      expect(token).toBeTruthy();
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${brand.baseURL}/user/social-callback#access_token=${token}&refresh_token=${refresh}`);
      await expect(page).toHaveURL(`${brand.baseURL}/`);
      await page.goto(`${brand.baseURL}/user/profile`);
      await expect(page.getByText(email)).toBeVisible();
    });
  });
}
