import { isDeepStrictEqual } from "node:util";
import {
  CharacterCard,
  DraftCharacter,
  isRegexKey,
  LORE_LIMITS,
  LoreEntry,
  Lorebook,
  STORY_LIMITS,
  type CardBook,
  type CardBookEntry,
  type CardData,
  type CharacterCardV3,
  type StoryDraft,
} from "@storyloom/contract";
import { loreKeyProblem } from "../llm/lore";
import { starterScript } from "./script";

// How a character card and a draft map onto each other. A card is one character; a draft is a story
// with up to six. Import: name, description, personality and example dialogue make the persona (in
// sections the export reads back), the first message the greeting, the character book the lorebook,
// scenario and greetings the starter script. Export: the stored card is the base (every field the
// draft has no place for comes back as it was), and each field the draft took over is written back
// from the card while the author has not changed it, from the draft once they have. So a card
// imported and exported untouched is the same card, even where the editor's bounds cut a copy short.

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
/** Text without the control characters the editor refuses, with Windows line ends made plain. */
export const clean = (s: string) => s.replace(/\r\n?/g, "\n").replace(CONTROL, "");
const oneLine = (s: string) => clean(s).replace(/\s+/g, " ").trim();

/** `s` cut to `max` characters (at a word when one ends near), with an ellipsis. */
export function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const head = s.slice(0, max - 1);
  const space = head.lastIndexOf(" ");
  return `${space > max * 0.8 ? head.slice(0, space) : head}…`;
}

/** The macros cards write for the player and the character, in the words a story uses. */
export const unmacro = (s: string, name: string) =>
  s.replace(/\{\{\s*char\s*\}\}|<bot>/gi, name).replace(/\{\{\s*user\s*\}\}|<user>/gi, "you");

/** A card's name as a character name of the editor (letters, digits and name punctuation). */
export function characterNameOf(raw: string): string {
  const name = oneLine(raw)
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N} .'’-]+/gu, " ")
    .replace(/\s+/g, " ")
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .slice(0, STORY_LIMITS.nameChars)
    .trim();
  return name || "Character";
}

const PERSONALITY = "Personality: ";
const EXAMPLES = "Example dialogue:\n";

/** The persona: the description, then the personality and the example dialogue as labelled sections. */
function composePersona(d: CardData, name: string): string {
  const parts = [unmacro(clean(d.description).trim(), name)];
  if (d.personality.trim()) parts.push(PERSONALITY + unmacro(clean(d.personality).trim(), name));
  if (d.mes_example.trim()) parts.push(EXAMPLES + unmacro(clean(d.mes_example).trim(), name));
  return parts.filter(Boolean).join("\n\n");
}

/** A persona read back into the card's three fields (the sections composePersona writes). */
export function splitPersona(persona: string): { description: string; personality: string; mes_example: string } {
  const out = { description: "", personality: "", mes_example: "" };
  const sections = persona.split(/\n\n(?=Personality: |Example dialogue:\n)/);
  for (const [i, s] of sections.entries()) {
    if (s.startsWith(PERSONALITY) && i > 0) out.personality = s.slice(PERSONALITY.length);
    else if (s.startsWith(EXAMPLES) && i > 0) out.mes_example = s.slice(EXAMPLES.length);
    else out.description = out.description ? `${out.description}\n\n${s}` : s;
  }
  return out;
}

/** A card key as a lorebook key: plain words, or `/pattern/` (`/pattern/i` unless case sensitive). */
function loreKeyOf(key: string, entry: CardBookEntry): string | null {
  const k = oneLine(key);
  if (!k) return null;
  if (!entry.use_regex || isRegexKey(k)) return k;
  const m = /^\/(.+)\/([a-z]*)$/s.exec(k);
  if (m) return `/${m[1]}/${m[2]!.includes("i") ? "i" : ""}`;
  return `/${k}/${entry.case_sensitive ? "" : "i"}`;
}

/** The lorebook the draft gets from a card's book, with a note for each entry cut or left out. */
function lorebookOf(book: CardBook | null | undefined, name: string, notes: string[]): LoreEntry[] {
  const out: LoreEntry[] = [];
  const entries = book?.entries ?? [];
  for (const [i, e] of entries.entries()) {
    const label = oneLine(e.name || e.comment || e.keys[0] || "") || `Entry ${i + 1}`;
    const which = `Lore entry ${i + 1} (${cut(label, 40)})`;
    if (out.length >= LORE_LIMITS.entries) {
      notes.push(`The card's book has ${entries.length} entries; the lorebook holds ${LORE_LIMITS.entries}, so the last ${entries.length - i} were left out.`);
      break;
    }
    if (!e.enabled) {
      notes.push(`${which} is switched off in the card and was left out.`);
      continue;
    }
    const content = unmacro(clean(e.content).trim(), name);
    if (!content) continue;
    const keys: string[] = [];
    for (const raw of e.keys) {
      const key = loreKeyOf(raw, e);
      if (!key || keys.includes(key)) continue;
      const tooLong = isRegexKey(key) ? key.length > LORE_LIMITS.regexChars + 3 : key.length > LORE_LIMITS.keyChars;
      const problem = tooLong ? "too long" : isRegexKey(key) ? loreKeyProblem(key) : null;
      if (problem) notes.push(`${which}: the key ${JSON.stringify(cut(key, 40))} was left out (${problem}).`);
      else keys.push(key);
    }
    if (keys.length > LORE_LIMITS.keysPerEntry) notes.push(`${which} has ${keys.length} keys; the first ${LORE_LIMITS.keysPerEntry} were kept.`);
    const always = e.constant === true;
    if (!always && keys.length === 0) {
      notes.push(`${which} has no key it can be found by and was left out.`);
      continue;
    }
    if (content.length > LORE_LIMITS.contentChars) notes.push(`${which} was cut to ${LORE_LIMITS.contentChars} characters.`);
    const parsed = LoreEntry.safeParse({
      name: cut(label, LORE_LIMITS.nameChars),
      keys: keys.slice(0, LORE_LIMITS.keysPerEntry),
      content: cut(content, LORE_LIMITS.contentChars),
      always,
      priority: Math.max(0, Math.min(100, Math.round(e.priority ?? e.insertion_order))),
      position: e.position === "before_char" ? "before_persona" : "after_persona",
    });
    if (parsed.success) out.push(parsed.data);
    else notes.push(`${which} was left out: ${parsed.error.issues[0]!.message}.`);
  }
  return out;
}

/** The fields of a new draft made from a card. */
export interface DraftFromCard {
  title: string;
  hook: string;
  tags: string[];
  character: DraftCharacter;
  script: string;
  lorebook: LoreEntry[];
  /** what did not fit, one sentence each */
  notes: string[];
}

/** The draft a card makes (its notes say what was cut or left out). */
export function draftFromCard(card: CharacterCard): DraftFromCard {
  const d = card.data;
  const notes: string[] = [];
  const name = characterNameOf(d.name);
  if (name !== oneLine(d.name)) notes.push(`The character's name was written as "${name}" (names keep to letters, digits and name punctuation).`);
  const persona = composePersona(d, name);
  if (persona.length > STORY_LIMITS.personaChars) notes.push(`The description, personality and example dialogue were cut to ${STORY_LIMITS.personaChars} characters for the persona; the card keeps them whole and the export writes them back unless you change the persona.`);
  const greeting = unmacro(clean(d.first_mes).trim(), name);
  if (greeting.length > STORY_LIMITS.greetingChars) notes.push(`The first message was cut to ${STORY_LIMITS.greetingChars} characters for the greeting; the starter script has it whole.`);
  const lead = oneLine(unmacro(d.scenario || d.creator_notes || d.description, name));
  const tags: string[] = [];
  for (const t of d.tags.map(oneLine)) {
    if (tags.length < STORY_LIMITS.tags && t.length <= STORY_LIMITS.tagChars && /^[\p{L}\p{N}][\p{L}\p{M}\p{N} '-]*$/u.test(t) && !tags.some((x) => x.toLowerCase() === t.toLowerCase())) tags.push(t);
  }
  const script = starterScript(name, { scenario: unmacro(clean(d.scenario).trim(), name), first: unmacro(clean(d.first_mes).trim(), name), greetings: d.alternate_greetings.map((g) => unmacro(clean(g).trim(), name)) }, notes);
  return {
    title: cut(oneLine(d.name), STORY_LIMITS.titleChars) || name,
    hook: cut(lead, STORY_LIMITS.hookChars),
    tags,
    character: { name, persona: cut(persona, STORY_LIMITS.personaChars), greeting: cut(greeting, STORY_LIMITS.greetingChars) },
    script,
    lorebook: lorebookOf(d.character_book, name, notes),
    notes,
  };
}

/** A card's lorebook written from the draft's (when the author changed it since the import). */
function bookOf(lorebook: readonly LoreEntry[], base: CardBook | null | undefined): CardBook | undefined {
  if (lorebook.length === 0) return undefined;
  return {
    ...(base ?? {}),
    extensions: base?.extensions ?? {},
    entries: lorebook.map((e, i) => ({
      keys: [...e.keys],
      content: e.content,
      extensions: {},
      enabled: true,
      insertion_order: e.priority,
      use_regex: e.keys.some(isRegexKey),
      constant: e.always,
      name: e.name,
      priority: e.priority,
      id: i,
      comment: e.name,
      position: e.position === "before_persona" ? "before_char" : "after_char",
    })),
  };
}

/**
 * Character `index` of the draft as a V3 card. `stored` is the card the draft was imported from (the
 * JSON as it came, or null), used when it is this character's.
 */
export function cardOfDraft(draft: Pick<StoryDraft, "title" | "hook" | "tags" | "characters" | "lorebook" | "created_at" | "updated_at">, index: number, stored: { character: string; card: unknown } | null): CharacterCardV3 {
  const c = draft.characters[index]!;
  const parsed = stored ? CharacterCard.safeParse(stored.card) : null;
  const base = parsed?.success && (stored!.character === c.name || draft.characters.length === 1) ? parsed.data : null;
  if (!base) {
    const fields = splitPersona(c.persona);
    const book = bookOf(draft.lorebook, null);
    return {
      spec: "chara_card_v3",
      spec_version: "3.0",
      data: {
        name: c.name,
        ...fields,
        scenario: draft.hook,
        first_mes: c.greeting,
        creator_notes: draft.hook,
        system_prompt: "",
        post_history_instructions: "",
        alternate_greetings: [],
        ...(book ? { character_book: book } : {}),
        tags: [...draft.tags],
        creator: "",
        character_version: "",
        extensions: {},
        group_only_greetings: [],
        creation_date: Math.floor(Date.parse(draft.created_at) / 1000),
        modification_date: Math.floor(Date.parse(draft.updated_at) / 1000),
      },
    };
  }
  // What the import wrote into the draft, as the draft stored it.
  const made = draftFromCard(base);
  const was = { character: DraftCharacter.safeParse(made.character).data ?? made.character, lorebook: Lorebook.safeParse(made.lorebook).data ?? made.lorebook };
  const data: CardData = { ...base.data };
  if (c.name !== was.character.name) data.name = c.name;
  if (c.persona !== was.character.persona) Object.assign(data, splitPersona(c.persona));
  if (c.greeting !== was.character.greeting) data.first_mes = c.greeting;
  if (!isDeepStrictEqual(draft.lorebook, was.lorebook)) {
    const book = bookOf(draft.lorebook, base.data.character_book);
    if (book) data.character_book = book;
    else delete data.character_book;
  }
  return { ...base, spec: "chara_card_v3", spec_version: "3.0", data };
}

/** The V2 form of a V3 card, for a PNG's `chara` chunk (apps that read only V2 ignore the V3 fields). */
export const v2Of = (card: CharacterCardV3) => ({ ...card, spec: "chara_card_v2", spec_version: "2.0" });
