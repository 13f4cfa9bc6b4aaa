import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { CARD_LIMITS, CharacterCard, DraftFields, type CardImportResult } from "@storyloom/contract";
import { draftCards, storyDrafts, type Db } from "@storyloom/db";
import { coverSvg } from "../art/svg";
import { cardOfDraft, draftFromCard, v2Of } from "../cards/mapping";
import { cardTextOfPng, cardTooLarge, isPng, pngWithCard } from "../cards/png";
import { ApiError, notFound } from "../errors";
import { validationError } from "../http";
import { createDraft, toDraft } from "./storyDrafts";

// Character cards in and out of the story editor (issue 45): an import makes a new draft from a
// card and keeps the card with it; an export draws the draft's cover and writes a character into it
// as a V3 card. The mapping itself is cards/mapping.ts.

const refuse = (message: string) => new ApiError("VALIDATION_ERROR", message, { fields: [{ path: "body", message }] });

/** The card in an upload: a PNG card's chunk, or the JSON itself; refused (4xx) when it is neither. */
function cardOf(bytes: Buffer): CharacterCard & { raw: unknown } {
  if (bytes.length === 0) throw refuse("Send a character card: a PNG card or its JSON");
  let text: string;
  if (isPng(bytes)) text = cardTextOfPng(bytes);
  else {
    if (bytes.length > CARD_LIMITS.jsonBytes) throw cardTooLarge();
    text = bytes.toString("utf8").replace(/^\uFEFF/, "");
    if (!/^\s*\{/.test(text)) throw refuse("This file is neither a PNG card nor a card's JSON");
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw refuse("The card's data is not valid JSON");
  }
  const parsed = CharacterCard.safeParse(raw);
  if (!parsed.success) {
    const e = validationError(parsed.error, "body");
    throw new ApiError("VALIDATION_ERROR", e.message.replace(/^Invalid body: /, "Not a card this app can read: "), e.data);
  }
  return { ...parsed.data, raw };
}

/** A new draft of `userId` made from the card in `bytes`, with the card kept beside it. */
export async function importCard(db: Db, userId: number, bytes: Buffer): Promise<CardImportResult> {
  const card = cardOf(bytes);
  const made = draftFromCard(card);
  const fields = DraftFields.safeParse({ title: made.title, hook: made.hook, tags: made.tags, characters: [made.character], script: made.script, lorebook: made.lorebook });
  // The mapping keeps to the draft's bounds: a failure here is a card this code does not handle yet.
  if (!fields.success) throw validationError(fields.error, "body");
  const draft = await createDraft(db, userId, fields.data, async (tx, draftId) => {
    await tx.insert(draftCards).values({ draftId, character: fields.data.characters[0]!.name, card: card.raw });
  });
  return { draft, notes: made.notes };
}

/** A file name from a character's name (ASCII letters and digits; the rest dashes). */
const fileNameOf = (name: string) =>
  `${
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "character"
  }.png`;

/** Character `index` of the caller's draft `id` as a V3 PNG card over the draft's cover; 404 for anyone else's. */
export async function exportCard(db: Db, userId: number, id: string, index: number): Promise<{ png: Buffer; fileName: string }> {
  const [row] = await db
    .select()
    .from(storyDrafts)
    .where(and(eq(storyDrafts.id, Number(id)), eq(storyDrafts.userId, userId)));
  if (!row) throw notFound(`No draft with id ${id}`);
  const draft = toDraft(row);
  const character = draft.characters[index];
  if (!character) throw new ApiError("VALIDATION_ERROR", `Invalid query: character the draft has no character ${index + 1}`, { fields: [{ path: "character", message: `the draft has ${draft.characters.length} characters` }] });
  const [stored] = await db.select({ character: draftCards.character, card: draftCards.card }).from(draftCards).where(eq(draftCards.draftId, row.id));
  const card = cardOfDraft(draft, index, stored ?? null);
  const cover = await sharp(Buffer.from(coverSvg(`draft-${row.id}`, draft.title, draft.category_id ?? undefined))).png().toBuffer();
  return { png: pngWithCard(cover, card, v2Of(card)), fileName: fileNameOf(character.name) };
}
