import { z } from "zod";
import { CARD_LIMITS } from "./constants";
import { StoryDraft } from "./story-draft";

// Character cards as other role-play apps write them: Character Card V2 (malfoyslastname/
// character-card-spec-v2) and V3 (kwaroran/character-card-spec-v3). The schemas check types only
// and keep every field they do not name (loose objects): a card moves between apps without losing
// what another app wrote into it. Fields the spec makes required but older exporters leave out get
// the spec's empty value; a field that is there with the wrong type is refused. Nothing here is
// trimmed or rewritten, so a card read and written back is the card that came in.

const str = z.string().default("");
const record = z.record(z.string(), z.unknown());

/** One entry of a card's lorebook (character_book). */
export const CardBookEntry = z.looseObject({
  keys: z.array(z.string()).default([]),
  content: str,
  extensions: record.default({}),
  enabled: z.boolean().default(true),
  insertion_order: z.number().default(0),
  case_sensitive: z.boolean().nullish(),
  use_regex: z.boolean().default(false),
  constant: z.boolean().nullish(),
  name: z.string().nullish(),
  priority: z.number().nullish(),
  id: z.union([z.number(), z.string()]).nullish(),
  comment: z.string().nullish(),
  selective: z.boolean().nullish(),
  secondary_keys: z.array(z.string()).nullish(),
  // The spec says "before_char" | "after_char"; some apps write a number here.
  position: z.union([z.string(), z.number()]).nullish(),
});
export type CardBookEntry = z.infer<typeof CardBookEntry>;

/** A card's lorebook. */
export const CardBook = z.looseObject({
  name: z.string().nullish(),
  description: z.string().nullish(),
  scan_depth: z.number().nullish(),
  token_budget: z.number().nullish(),
  recursive_scanning: z.boolean().nullish(),
  extensions: record.default({}),
  entries: z.array(CardBookEntry).default([]),
});
export type CardBook = z.infer<typeof CardBook>;

const greetings = z.array(z.string()).max(CARD_LIMITS.greetings, `a card may carry at most ${CARD_LIMITS.greetings} alternate greetings`);

/** A card's `data`: V2's fields, and V3's (all optional here, so a V2 card reads too). */
export const CardData = z.looseObject({
  name: z.string().refine((s) => s.trim().length > 0, "the character needs a name"),
  description: str,
  personality: str,
  scenario: str,
  first_mes: str,
  mes_example: str,
  creator_notes: str,
  system_prompt: str,
  post_history_instructions: str,
  alternate_greetings: greetings.default([]),
  character_book: CardBook.nullish(),
  tags: z.array(z.string()).default([]),
  creator: str,
  character_version: str,
  extensions: record.default({}),
  // V3
  group_only_greetings: greetings.default([]),
  assets: z.array(z.looseObject({ type: z.string(), uri: z.string(), name: z.string(), ext: z.string() })).nullish(),
  nickname: z.string().nullish(),
  creator_notes_multilingual: z.record(z.string(), z.string()).nullish(),
  source: z.array(z.string()).nullish(),
  creation_date: z.number().nullish(),
  modification_date: z.number().nullish(),
});
export type CardData = z.infer<typeof CardData>;

/** A Character Card V2 or V3 (JSON, or what a PNG card's `chara` / `ccv3` text chunk holds). */
export const CharacterCard = z.looseObject({
  spec: z.enum(["chara_card_v2", "chara_card_v3"], { error: 'not a Character Card V2 or V3 (its "spec" must be chara_card_v2 or chara_card_v3)' }),
  spec_version: z.string(),
  data: CardData,
});
export type CharacterCard = z.infer<typeof CharacterCard>;

/** A V3 card as the export writes it. */
export type CharacterCardV3 = CharacterCard & { spec: "chara_card_v3"; spec_version: "3.0" };

/**
 * What an import answers: the new draft, and what did not fit the editor's bounds (cut or left out),
 * one sentence each. Everything left out stays with the draft's copy of the card and is written back
 * on export.
 */
export const CardImportResult = z.object({ draft: StoryDraft, notes: z.array(z.string()) });
export type CardImportResult = z.infer<typeof CardImportResult>;
