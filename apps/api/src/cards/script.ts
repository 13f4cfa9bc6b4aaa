import { STORY_LIMITS } from "@storyloom/contract";

// The starter script of a draft made from a character card. A card has no story, only its openings:
// the scenario (the scene, as narration), the first message and the alternate greetings (what the
// character says first). The script sets the scene and lets the player choose how it begins, one
// knot per greeting, each ending where the author writes on. It compiles as it is (every line is
// escaped, so a card's `*actions*`, braces or arrows are text, not ink).

/** The most of one opening the script carries (a card's greeting can be pages long). */
const BLOCK_CHARS = 3_000;
/** Room left for the author within the script's bound. */
const SCRIPT_ROOM = STORY_LIMITS.scriptChars - 5_000;

/** Ink text: every character ink reads as syntax is escaped. */
const escapeInk = (s: string) => s.replace(/[\\{}[\]#|/<>~=*+-]/g, (c) => `\\${c}`);

/** A passage as ink lines: one per non-empty line, spoken by `speaker` (tagged) or narration. */
function lines(text: string, speaker: string | null): string[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `${escapeInk(l)}${speaker ? ` # speaker: ${speaker}` : ""}`);
}

/** A choice's label: the opening's first words. */
function label(text: string, n: number): string {
  const first = text.split("\n").find((l) => l.trim())?.replace(/\s+/g, " ").trim() ?? "";
  const words = first.length > 60 ? `${first.slice(0, 57).replace(/\s+\S*$/, "")}…` : first;
  return escapeInk(words || `Opening ${n}`);
}

/** The openings a card gives. */
export interface CardOpenings {
  scenario: string;
  first: string;
  greetings: string[];
}

/** The starter script for character `name` (a name already limited to name characters); notes say what was cut. */
export function starterScript(name: string, o: CardOpenings, notes: string[]): string {
  const block = (text: string, what: string) => {
    if (text.length <= BLOCK_CHARS) return text;
    notes.push(`${what} was cut to ${BLOCK_CHARS} characters in the starter script.`);
    return text.slice(0, BLOCK_CHARS);
  };
  const head = [
    `// Made from the character card of ${name}: the card's scenario, then its greetings, one knot each.`,
    "// Write the story on from each -> END (choices, knots, endings) before you publish.",
    ...lines(block(o.scenario, "The scenario"), null),
  ];
  const openings = [o.first, ...o.greetings].filter((g) => g.trim());
  if (openings.length === 0) return [...head, ...(o.scenario.trim() ? [] : [`${name} is waiting for you.`]), "-> END", ""].join("\n");
  if (openings.length === 1) return [...head, ...lines(block(openings[0]!, "The first message"), name), "-> END", ""].join("\n");
  const choices: string[] = [];
  const knots: string[] = [];
  let size = head.join("\n").length;
  for (const [i, g] of openings.entries()) {
    const knot = [`== opening_${i + 1} ==`, ...lines(block(g, i === 0 ? "The first message" : `Greeting ${i + 1}`), name), "-> END", ""].join("\n");
    const choice = `* [${label(g, i + 1)}] -> opening_${i + 1}`;
    if (size + knot.length + choice.length > SCRIPT_ROOM) {
      notes.push(`The starter script has the first ${i} openings of ${openings.length}; the others did not fit.`);
      break;
    }
    size += knot.length + choice.length + 2;
    choices.push(choice);
    knots.push(knot);
  }
  return [...head, ...choices, "", ...knots].join("\n");
}
