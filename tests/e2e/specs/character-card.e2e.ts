// Character cards in the story editor (issue 45), on both brands: an author imports a V3 PNG card
// from My stories, sees the new draft with what the card held, exports the character again as a
// PNG card, and a file that is no card is refused with the API's reason. Real API, real files.
import { deflateSync } from "node:zlib";
import { readFile } from "node:fs/promises";
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport, expectAccessible, saveShot, settled } from "../support/checks";
import { freshEmail, signIn } from "./account-flows";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/** A 2×2 PNG carrying `card` in a `ccv3` tEXt chunk (base64 JSON), as card apps write it. */
function pngCard(card: unknown): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.from([0, 200, 80, 40, 200, 80, 40, 0, 200, 80, 40, 200, 80, 40]);
  const text = Buffer.concat([Buffer.from("ccv3\0", "latin1"), Buffer.from(Buffer.from(JSON.stringify(card)).toString("base64"), "latin1")]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(pixels)), chunk("tEXt", text), chunk("IEND", Buffer.alloc(0))]);
}

const CARD = {
  spec: "chara_card_v3",
  spec_version: "3.0",
  data: {
    name: "Juno Vale",
    description: "A smuggler on the Low Quay.",
    personality: "Wry and careful.",
    scenario: "Night on the Low Quay, in the rain.",
    first_mes: '*She looks up from the ledger.* "You\'re late."',
    mes_example: "",
    creator_notes: "",
    system_prompt: "",
    post_history_instructions: "",
    alternate_greetings: ["The crate is already open."],
    character_book: { extensions: {}, entries: [{ keys: ["moon gate"], content: "The Moon Gate opens at low tide.", extensions: {}, enabled: true, insertion_order: 10, use_regex: false, name: "The Moon Gate" }] },
    tags: ["noir"],
    creator: "e2e",
    character_version: "1",
    extensions: { other_app: { kept: true } },
    group_only_greetings: [],
  },
};

for (const brand of brandSites) {
  test.describe(`${brand.name} character cards`, anyViewport, () => {
    test("import a PNG card → the draft → export the character as a card; a non-card file is refused", async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await signIn(page, brand, freshEmail("cards"), "/user/stories");
      await expect(page).toHaveTitle(`My stories - ${brand.name}`);

      // A file that is not a card: the API's reason is shown, and no draft appears.
      let chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Import a character card" }).click();
      await (await chooser).setFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from('{"hello": "world"}') });
      await expect(page.getByRole("alert").filter({ hasText: "Not a card this app can read" })).toBeVisible();
      await expect(page.getByTestId("my-story")).toHaveCount(0);

      chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Import a character card" }).click();
      await (await chooser).setFiles({ name: "juno.png", mimeType: "image/png", buffer: pngCard(CARD) });
      await expect(page.getByRole("status").filter({ hasText: "Imported Juno Vale as a new draft." })).toBeVisible();
      await expect(page.getByRole("list", { name: "Your stories" }).getByRole("link", { name: "Juno Vale", exact: true })).toBeVisible();
      await settled(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "card-imported");

      await page.getByRole("status").getByRole("link", { name: "Open Juno Vale" }).click();
      await expect(page).toHaveURL(/\/user\/stories\/\d+$/);
      const editor = page.getByRole("form", { name: "Story editor" });
      await expect(editor.getByRole("textbox", { name: "Character 1 name" })).toHaveValue("Juno Vale");
      await expect(editor.getByRole("textbox", { name: "Persona" })).toHaveValue("A smuggler on the Low Quay.\n\nPersonality: Wry and careful.");
      await expect(editor.getByRole("textbox", { name: "Ink script" })).toContainText("== opening_2 ==");

      const download = page.waitForEvent("download");
      await editor.getByRole("button", { name: "Export card of Juno Vale (as last saved)" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("Juno-Vale.png");
      const bytes = await readFile((await file.path())!);
      expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
      const at = bytes.indexOf("ccv3\0", 0, "latin1");
      expect(at).toBeGreaterThan(0);
      const length = bytes.readUInt32BE(at - 8);
      const exported = JSON.parse(Buffer.from(bytes.subarray(at + 5, at + length).toString("latin1"), "base64").toString("utf8")) as unknown;
      expect(exported).toEqual(CARD);
    });
  });
}
