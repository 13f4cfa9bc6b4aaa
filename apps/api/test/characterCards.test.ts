import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import extractChunks from "png-chunks-extract";
import encodeChunks from "png-chunks-encode";
import pngText from "png-chunk-text";
import { rowsOf } from "@storyloom/db";
import { CARD_EXPORT_PATH, CARD_IMPORT_PATH, type CardImportResult, type StoryDraft } from "@storyloom/contract";
import { compileScript } from "@storyloom/story-script";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { callEndpoint, newGuest, signedInUser } from "./http";

// Character cards (issue 45): a card made here with every V3 field, and fields no spec names, goes
// in as a PNG and comes back out equal; V2 cards (JSON and PNG) import; broken files and oversized
// chunks or bodies are refused with a 4xx and leave no draft behind.

let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

/** A card with every field of the V3 spec, and some of other apps. */
const FULL_V3 = {
  spec: "chara_card_v3",
  spec_version: "3.0",
  x_other_app: { kept: true, list: [1, 2] },
  data: {
    name: "Juno Vale",
    description: "A smuggler who owes {{user}} nothing and the harbour everything.",
    personality: "Wry, careful, loyal once won.",
    scenario: "Night on the Low Quay. Rain. {{user}} has a crate {{char}} wants.",
    first_mes: '*She looks up from the ledger.* "You\'re late, {{user}}." -> {not ink}',
    mes_example: "<START>\n{{user}}: Evening.\n{{char}}: *nods* Is it?",
    creator_notes: "Best with slow burns.",
    system_prompt: "Stay in character.",
    post_history_instructions: "Keep replies short.",
    alternate_greetings: ["The crate is open. [Juno] is already inside it.", "*A knock.* # not a tag\nSecond line."],
    character_book: {
      name: "Low Quay",
      description: "The harbour district.",
      scan_depth: 4,
      token_budget: 512,
      recursive_scanning: true,
      extensions: { book_ext: "kept" },
      x_book_field: ["kept"],
      entries: [
        {
          keys: ["moon gate", "gate"],
          content: "The Moon Gate opens only at low tide.",
          extensions: { depth: 4 },
          enabled: true,
          insertion_order: 10,
          case_sensitive: false,
          use_regex: false,
          constant: false,
          name: "The Moon Gate",
          priority: 60,
          id: 1,
          comment: "gate lore",
          selective: true,
          secondary_keys: ["tide"],
          position: "before_char",
          x_entry_field: 7,
        },
        { keys: ["jun(o|e)"], content: "Juno's real name is June.", extensions: {}, enabled: true, insertion_order: 5, use_regex: true, name: "Her name", position: "after_char" },
        { keys: [], content: "It always rains on the Low Quay.", extensions: {}, enabled: true, insertion_order: 1, use_regex: false, constant: true, comment: "weather" },
        { keys: ["secret"], content: "Switched off.", extensions: {}, enabled: false, insertion_order: 0, use_regex: false, name: "Off" },
      ],
    },
    tags: ["noir", "Sci-Fi", "#bad tag!"],
    creator: "card tester",
    character_version: "1.2",
    extensions: { talkativeness: "0.5", depth_prompt: { prompt: "x", depth: 4 } },
    group_only_greetings: ["Juno nods to the table."],
    assets: [{ type: "icon", uri: "ccdefault:", name: "main", ext: "png" }],
    nickname: "Jun",
    creator_notes_multilingual: { fr: "Mieux en lenteur." },
    source: ["https://example.com/juno"],
    creation_date: 1700000000,
    modification_date: 1700000500,
    x_unknown_field: { nested: ["a", { b: null }] },
  },
};

const V2 = {
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: {
    name: "Old Tom",
    description: "A ferryman.",
    personality: "gruff",
    scenario: "",
    first_mes: "Fare's a coin.",
    mes_example: "",
    creator_notes: "",
    system_prompt: "",
    post_history_instructions: "",
    alternate_greetings: [],
    tags: ["river"],
    creator: "",
    character_version: "",
    extensions: { chub: { id: 42 } },
  },
};

const b64 = (v: unknown) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v), "utf8").toString("base64");

/** A small real PNG with the given tEXt chunks before IEND. */
async function pngCard(texts: [string, string][]): Promise<Buffer> {
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } }).png().toBuffer();
  const chunks = extractChunks(image);
  chunks.splice(chunks.length - 1, 0, ...texts.map(([k, v]) => pngText.encode(k, v)));
  return Buffer.from(encodeChunks(chunks));
}

/** The card text chunks of a PNG, by keyword, decoded. */
function cardChunks(png: Buffer): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of extractChunks(png)) {
    if (c.name !== "tEXt") continue;
    const t = pngText.decode(c.data);
    out[t.keyword] = JSON.parse(Buffer.from(t.text, "base64").toString("utf8"));
  }
  return out;
}

async function upload(body: Buffer | string, token?: string, type = "image/png") {
  const res = await fetch(`${api.url}${CARD_IMPORT_PATH}`, { method: "POST", headers: { "content-type": type, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body });
  return { status: res.status, ...((await res.json()) as { code: string; message: string; data: CardImportResult }) };
}

async function download(token: string, id: string, character = 0) {
  const res = await fetch(`${api.url}${CARD_EXPORT_PATH}?id=${id}&character=${character}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), body: Buffer.from(await res.arrayBuffer()) };
}

async function draftsOf(userId: number): Promise<number> {
  return Number(rowsOf<{ n: number }>(await api.handle.db.execute(sql`select count(*)::int as n from story_drafts where user_id = ${userId}`))[0]!.n);
}

describe("a V3 PNG card", () => {
  it("imports into a new draft: persona, greeting, lorebook, tags and a starter script that compiles", async () => {
    const a = await signedInUser(api, "Card Author");
    const r = await upload(await pngCard([["ccv3", b64(FULL_V3)]]), a.token);
    expect(r.status, r.message).toBe(200);
    const d = r.data.draft;
    expect(d).toMatchObject({ title: "Juno Vale", status: "draft", tags: ["noir", "Sci-Fi"] });
    expect(d.hook).toBe("Night on the Low Quay. Rain. you has a crate Juno Vale wants.");
    expect(d.characters).toEqual([
      {
        name: "Juno Vale",
        persona: "A smuggler who owes you nothing and the harbour everything.\n\nPersonality: Wry, careful, loyal once won.\n\nExample dialogue:\n<START>\nyou: Evening.\nJuno Vale: *nods* Is it?",
        greeting: '*She looks up from the ledger.* "You\'re late, you." -> {not ink}',
      },
    ]);
    // The disabled entry is left out (and said so); the regex entry keeps its pattern, case-insensitive.
    expect(d.lorebook).toEqual([
      { name: "The Moon Gate", keys: ["moon gate", "gate"], content: "The Moon Gate opens only at low tide.", always: false, priority: 60, position: "before_persona", share: 10 },
      { name: "Her name", keys: ["/jun(o|e)/i"], content: "Juno's real name is June.", always: false, priority: 5, position: "after_persona", share: 10 },
      { name: "weather", keys: [], content: "It always rains on the Low Quay.", always: true, priority: 1, position: "after_persona", share: 10 },
    ]);
    expect(r.data.notes.join(" ")).toMatch(/Lore entry 4 \(Off\) is switched off/);
    // The script carries the scenario and every greeting as text (ink syntax escaped) and compiles.
    const compiled = compileScript(d.script);
    expect(compiled.ok, JSON.stringify(compiled)).toBe(true);
    expect(d.script).toContain("== opening_3 ==");
    expect(d.script).toContain("\\[Juno\\] is already inside it. # speaker: Juno Vale");
    const stored = rowsOf<{ character: string }>(await api.handle.db.execute(sql`select character from draft_cards where draft_id = ${Number(d.id)}`));
    expect(stored).toEqual([{ character: "Juno Vale" }]);
  });

  it("exports untouched as an equal card (every field, unknown ones too), in a PNG of the cover", async () => {
    const a = await signedInUser(api, "Round Trip");
    const id = (await upload(await pngCard([["ccv3", b64(FULL_V3)]]), a.token)).data.draft.id;
    const out = await download(a.token, id);
    expect(out.status).toBe(200);
    expect(out.type).toBe("image/png");
    expect(out.disposition).toBe('attachment; filename="Juno-Vale.png"');
    const meta = await sharp(out.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 600, 800]);
    const chunks = cardChunks(out.body);
    expect(chunks.ccv3).toEqual(FULL_V3);
    expect(chunks.chara).toEqual({ ...FULL_V3, spec: "chara_card_v2", spec_version: "2.0" });
    // And the exported PNG imports again into the same draft fields.
    const again = await upload(out.body, a.token);
    expect(again.status).toBe(200);
    const first = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token);
    expect({ ...again.data.draft, id, created_at: "", updated_at: "" }).toEqual({ ...first.data.draft, created_at: "", updated_at: "" });
  });

  it("exports the author's edits, keeping every field the draft has no place for", async () => {
    const a = await signedInUser(api, "Editor");
    const d = (await upload(await pngCard([["ccv3", b64(FULL_V3)]]), a.token)).data.draft;
    const u = await callEndpoint<{ draft: StoryDraft }>(
      api,
      "storyDraftUpdate",
      {
        id: d.id,
        characters: [{ name: "Juno", persona: "A retired smuggler.\n\nPersonality: tired\n\nExample dialogue:\nJuno: No.", greeting: "Back again?" }],
        lorebook: [{ name: "Dock", keys: ["dock"], content: "The dock is closed.", priority: 70, position: "before_persona" }],
      },
      a.token,
    );
    expect(u.status, u.message).toBe(200);
    const card = cardChunks((await download(a.token, d.id)).body).ccv3 as typeof FULL_V3;
    expect(card.data).toMatchObject({ name: "Juno", description: "A retired smuggler.", personality: "tired", mes_example: "Juno: No.", first_mes: "Back again?" });
    const { entries, ...book } = card.data.character_book;
    expect(book).toEqual((({ entries: _, ...rest }) => rest)(FULL_V3.data.character_book));
    expect(entries).toEqual([{ keys: ["dock"], content: "The dock is closed.", extensions: {}, enabled: true, insertion_order: 70, use_regex: false, constant: false, name: "Dock", priority: 70, id: 0, comment: "Dock", position: "before_char" }]);
    // Everything else is the card as it came.
    const untouched = (c: typeof FULL_V3) => ({ ...c, data: { ...c.data, name: "", description: "", personality: "", mes_example: "", first_mes: "", character_book: null } });
    expect(untouched(card)).toEqual(untouched(FULL_V3));
  });

  it("exports a character written in the editor (no card) as a V3 card, and only for its author", async () => {
    const a = await signedInUser(api, "Writer");
    const c = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", { title: "Tide", hook: "A tide story.", tags: ["sea"], characters: [{ name: "Wren", persona: "Brave.\n\nPersonality: wry", greeting: "Hi." }, { name: "Ash", persona: "Quiet.", greeting: "..." }] }, a.token);
    const card = cardChunks((await download(a.token, c.data.draft.id, 1)).body).ccv3 as typeof FULL_V3;
    expect(card).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0", data: { name: "Ash", description: "Quiet.", personality: "", first_mes: "...", scenario: "A tide story.", tags: ["sea"], alternate_greetings: [], group_only_greetings: [] } });
    expect(card.data).not.toHaveProperty("character_book");
    const wren = cardChunks((await download(a.token, c.data.draft.id, 0)).body).ccv3 as typeof FULL_V3;
    expect(wren.data).toMatchObject({ description: "Brave.", personality: "wry" });
    const b = await signedInUser(api, "Someone Else");
    expect((await download(b.token, c.data.draft.id)).status).toBe(404);
    const missing = await fetch(`${api.url}${CARD_EXPORT_PATH}?id=${c.data.draft.id}&character=2`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(missing.status).toBe(400);
    expect((await fetch(`${api.url}${CARD_EXPORT_PATH}?id=${c.data.draft.id}&character=0`)).status).toBe(401);
    // A brand site on another origin may read the file name.
    const site = await fetch(`${api.url}${CARD_EXPORT_PATH}?id=${c.data.draft.id}&character=0`, { headers: { authorization: `Bearer ${a.token}`, origin: "http://localhost:3000" } });
    expect(site.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(site.headers.get("access-control-expose-headers")).toBe("x-request-id, content-disposition");
  });
});

describe("V2 cards", () => {
  it("import from JSON, and export as V3 with the V2 fields and extensions kept", async () => {
    const a = await signedInUser(api, "V2 Json");
    const r = await upload(JSON.stringify(V2), a.token, "application/json");
    expect(r.status, r.message).toBe(200);
    expect(r.data.draft.characters).toEqual([{ name: "Old Tom", persona: "A ferryman.\n\nPersonality: gruff", greeting: "Fare's a coin." }]);
    expect(compileScript(r.data.draft.script).ok).toBe(true);
    const card = cardChunks((await download(a.token, r.data.draft.id)).body).ccv3;
    expect(card).toEqual({ ...V2, spec: "chara_card_v3", spec_version: "3.0", data: { ...V2.data, group_only_greetings: [] } });
  });

  it("import from a PNG's chara chunk, and a ccv3 chunk wins over it", async () => {
    const a = await signedInUser(api, "V2 Png");
    const r = await upload(await pngCard([["chara", b64(V2)]]), a.token, "application/octet-stream");
    expect(r.status, r.message).toBe(200);
    expect(r.data.draft.title).toBe("Old Tom");
    const both = await upload(await pngCard([["chara", b64(V2)], ["ccv3", b64(FULL_V3)]]), a.token);
    expect(both.data.draft.title).toBe("Juno Vale");
  });
});

describe("refused cards leave no draft", () => {
  it("answers 4xx with a clear message to broken, wrong and oversized cards", async () => {
    const a = await signedInUser(api, "Refusals");
    const good = await pngCard([["ccv3", b64(FULL_V3)]]);
    const badCrc = Buffer.from(good);
    badCrc[40] = badCrc[40]! ^ 0xff; // inside IHDR's data: its CRC no longer matches
    const lying = Buffer.from(good);
    lying.writeUInt32BE(0x7fffffff, 33); // the chunk after IHDR claims 2 GB
    const cases: [string, Buffer | string, string, number, RegExp][] = [
      ["not a card", "hello", "text/plain", 400, /neither a PNG card nor/],
      ["empty", "", "image/png", 400, /Send a character card/],
      ["cut short", good.subarray(0, 60), "image/png", 400, /damaged/],
      ["bad CRC", badCrc, "image/png", 400, /damaged: CRC/i],
      ["lying length", lying, "image/png", 400, /longer than the file/],
      ["no card chunk", await pngCard([["Comment", "hello"]]), "image/png", 400, /no character card in it/],
      ["wrong chunk content", await pngCard([["ccv3", "%%% not base64 %%%"]]), "image/png", 400, /not base64/],
      ["not JSON", await pngCard([["chara", b64("{nope")]]), "image/png", 400, /not valid JSON/],
      ["wrong spec", await pngCard([["ccv3", b64({ spec: "something_else", spec_version: "1", data: { name: "X" } })]]), "image/png", 400, /chara_card_v2 or chara_card_v3/],
      ["wrong type", JSON.stringify({ ...V2, data: { ...V2.data, first_mes: 5 } }), "application/json", 400, /data\.first_mes/],
      ["too many greetings", JSON.stringify({ ...V2, data: { ...V2.data, alternate_greetings: Array.from({ length: 21 }, (_, i) => `hi ${i}`) } }), "application/json", 400, /at most 20 alternate greetings/],
      ["chunk over 1 MB", await pngCard([["ccv3", b64({ ...FULL_V3, data: { ...FULL_V3.data, description: "x".repeat(1024 * 1024) } })]]), "image/png", 413, /larger than 1 MB/],
      ["JSON over 1 MB", JSON.stringify({ ...V2, data: { ...V2.data, description: "x".repeat(1024 * 1024) } }), "application/json", 413, /larger than 1 MB/],
      ["body over 8 MB", Buffer.concat([good, Buffer.alloc(8 * 1024 * 1024)]), "image/png", 413, /at most 8 MB/],
    ];
    for (const [what, body, type, status, message] of cases) {
      const r = await upload(body, a.token, type);
      expect(r.status, what).toBe(status);
      expect(r.message, what).toMatch(message);
    }
    expect(await draftsOf(a.id)).toBe(0);
  });

  it("is for signed-in authors only", async () => {
    const card = await pngCard([["ccv3", b64(FULL_V3)]]);
    expect((await upload(card)).status).toBe(401);
    const g = await newGuest(api);
    const r = await upload(card, g.token);
    expect(r.status).toBe(403);
    expect(await draftsOf(g.id)).toBe(0);
  });
});
