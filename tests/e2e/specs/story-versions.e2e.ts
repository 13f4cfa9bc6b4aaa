// Story versions in the editor of both brands: the author publishes twice, compares the two
// versions (the fields and the script's lines, marked in words as well as colour), restores the
// first into the draft, and publishes it again: a third version, reviewed like any other.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport, expectAccessible, saveShot, settled } from "../support/checks";
import { apiUrl } from "../support/env";
import { approveAsStaff, LAMP_ROOM_SCRIPT } from "../support/staff";
import { freshEmail, signIn } from "./account-flows";

const FIRST = LAMP_ROOM_SCRIPT;
const SECOND = LAMP_ROOM_SCRIPT.replace("Stars, everywhere.", "Stars, and a ship's light where no ship should be.");

async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiUrl}/api/v1/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { code: string; message: string; data: T };
  if (env.code !== "0") throw new Error(`${path}: ${res.status} ${env.code} ${env.message}`);
  return env.data;
}

for (const brand of brandSites) {
  test.describe(`${brand.name} story versions`, anyViewport, () => {
    test("publish twice → compare the versions → restore the first → publish it again", async ({ page }, testInfo) => {
      test.setTimeout(180_000);
      const email = freshEmail(`${brand.id}-versions`);
      await signIn(page, brand, email, "/user/stories");
      const token = (await page.context().cookies()).find((c) => c.name === "token")?.value;
      expect(token).toBeTruthy();
      const title = `Tide Lamp ${Date.now().toString(36)}`;
      // The draft is written through the API (story-editor.e2e.ts writes one in the page).
      const { draft } = await api<{ draft: { id: string } }>("story-draft.create", token!, {
        title,
        hook: "A keeper's daughter shows you the light.",
        category_id: "mystery",
        tags: ["sea"],
        characters: [{ name: "Wren", persona: "The keeper's daughter: dry humour, steady hands.", greeting: "You found the door. Most people walk past it." }],
        script: FIRST,
      });
      await page.goto(`${brand.baseURL}/user/stories/${draft.id}`);
      const editor = page.getByRole("form", { name: "Story editor" });

      // The first publish, approved by staff.
      await editor.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(editor.getByRole("status").filter({ hasText: /^Submitted for review/ })).toBeVisible();
      await approveAsStaff(title);

      // The second: a new title and a changed line, written in the page.
      await editor.getByRole("textbox", { name: "Title", exact: true }).fill(`${title} II`);
      await editor.getByRole("textbox", { name: "Ink script" }).fill(SECOND);
      await expect(editor.getByText("The script compiles.")).toBeVisible();
      await editor.getByRole("button", { name: "Publish changes" }).click();
      await expect(editor.getByRole("status").filter({ hasText: /^Submitted for review/ })).toBeVisible();
      await expect(editor.getByText("All changes saved")).toBeVisible();

      // The versions, newest first, the two of them ticked to compare.
      await editor.getByRole("button", { name: "Versions", exact: true }).click();
      const list = editor.getByRole("list", { name: "Versions, newest first" });
      const items = list.getByRole("listitem");
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText("In review");
      await expect(items.nth(0)).toContainText(`${title} II`);
      await expect(items.nth(1)).toContainText("Approved");
      await expect(list.getByRole("checkbox", { checked: true })).toHaveCount(2);

      await editor.getByRole("button", { name: "Compare the two ticked versions" }).click();
      const comparison = editor.getByRole("region", { name: "Comparison of two versions" });
      await expect(comparison.getByRole("row", { name: /^Title/ })).toContainText(`${title} II`);
      await expect(comparison.getByRole("heading", { name: "Script: 1 line added, 1 removed" })).toBeVisible();
      const lines = comparison.getByRole("region", { name: "Script changes" });
      // Each changed line says what happened to it in words, not only in colour.
      await expect(lines.getByRole("row").filter({ hasText: "Removed" })).toContainText("Stars, everywhere.");
      await expect(lines.getByRole("row").filter({ hasText: "Added" })).toContainText("a ship's light where no ship should be");
      await expect(lines.getByRole("row").filter({ hasText: "Unchanged" }).first()).toBeVisible();
      await settled(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "story-versions-diff");

      // Restoring the first (older) version asks first, then writes the draft.
      await items.nth(1).getByRole("button", { name: /^Restore the version of/ }).click();
      const confirm = editor.getByRole("button", { name: "Restore this version" });
      await expect(confirm).toBeFocused();
      await expectAccessible(page);
      await confirm.click();
      await expect(editor.getByRole("status").filter({ hasText: /is in the draft now/ })).toBeVisible();
      await expect(editor.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
      await expect(editor.getByText("All changes saved")).toBeVisible();
      const restored = await api<{ draft: { script: string; title: string } }>(`story-draft.get?id=${draft.id}`, token!);
      expect(restored.draft).toMatchObject({ title, script: FIRST });
      // Restoring published nothing: still two versions.
      await expect(items).toHaveCount(2);

      // Published again, the restored draft is a third version, in review like any other.
      await editor.getByRole("button", { name: "Publish changes" }).click();
      await expect(editor.getByRole("status").filter({ hasText: /^Submitted for review/ })).toBeVisible();
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toContainText("In review");
      await expect(items.nth(1)).toContainText("Replaced before review");
      const third = await api<{ versions: { id: string }[] }>(`story-version.list?draft_id=${draft.id}`, token!);
      const newest = await api<{ version: { script: string; title: string } }>(`story-version.get?draft_id=${draft.id}&version_id=${third.versions[0]!.id}`, token!);
      expect(newest.version).toMatchObject({ title, script: FIRST });
    });
  });
}
