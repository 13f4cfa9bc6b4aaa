import { countTokens } from "gpt-tokenizer";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { StoryDraft } from "@storyloom/contract";

// The co-writer's prompt: the draft as the author saved it (title, hook, cast, the end of the
// script that fits the budget) and one precise ask: a knot of ink, or a character's persona.

/** What the model is asked to write. */
export type CowriteAsk = { kind: "knot"; knot: string | null; note?: string } | { kind: "persona"; character: number; note?: string };

const tokens = (s: string) => countTokens(s) + 4;

/** The knot names a script declares, in order. */
export function knotNames(script: string): string[] {
  const out: string[] = [];
  for (const l of script.split("\n")) {
    const m = /^\s*={2,}\s*(?:function\s+)?(\w+)/.exec(l);
    if (m) out.push(m[1]!);
  }
  return out;
}

/** The end of the script that fits `budget` tokens, cut at a line. */
function scriptTail(script: string, budget: number): { text: string; cut: boolean } {
  const lines = script.split("\n");
  const out: string[] = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const t = countTokens(lines[i]!) + 1;
    if (used + t > budget) return { text: out.join("\n"), cut: true };
    out.unshift(lines[i]!);
    used += t;
  }
  return { text: out.join("\n"), cut: false };
}

const KNOT_RULES = [
  "Write in ink, inkle's narrative scripting language. Plain lines are narration. A character's line ends with a tag naming them: `\"Hello.\" # speaker: Name`.",
  "Choices are `* [Choice text] -> knot_name`; end a path with `-> END`. Divert only to knots listed below, to the knot you write, or to END.",
  "Answer with the knot alone: its `=== name ===` line first, then its lines. No explanations, no code fences.",
];

/** Builds the messages of one co-write request within `budget` tokens. */
export function buildCowritePrompt(draft: StoryDraft, ask: CowriteAsk, budget: number): ChatCompletionMessageParam[] {
  const cast = draft.characters.map((c) => `- ${c.name}${c.persona ? `: ${c.persona}` : ""}`);
  const head = [
    `You help an author write the interactive story "${draft.title}".`,
    draft.hook ? `Its hook: ${draft.hook}` : "",
    draft.tags.length ? `Tags: ${draft.tags.join(", ")}` : "",
    cast.length ? `Characters:\n${cast.join("\n")}` : "The story has no characters yet.",
  ].filter(Boolean);
  let task: string[];
  if (ask.kind === "knot") {
    const known = knotNames(draft.script);
    task = [
      ask.knot
        ? `Write the knot \`${ask.knot}\`: the script diverts to it but it is not written yet. Continue the story from where that divert leaves the player.`
        : "Write the story's next knot: a new scene that follows on from the end of the script, with a new name in snake_case.",
      "Keep it to one scene: a few vivid lines, a character speaking in their own voice, and two or three choices (or an ending).",
      ...KNOT_RULES,
      known.length ? `Knots already written: ${known.join(", ")}.` : "",
    ].filter(Boolean);
  } else {
    const who = draft.characters[ask.character]!;
    task = [
      `Write the persona of ${who.name}: who they are, what they want, what they hide, and how they talk (words they use, rhythm, tics), in the second person ("You are…").`,
      "Three to five sentences of plain prose, under 900 characters. A language model will play the character from it. No heading, no quotes, no lists.",
      who.persona ? `The author's current persona, to improve on: ${who.persona}` : "",
      who.greeting ? `Their first words to the player: ${who.greeting}` : "",
    ].filter(Boolean);
  }
  if (ask.note) task.push(`The author's wish for it: ${ask.note}`);
  const system = head.join("\n");
  const ending = task.join("\n");
  const room = budget - tokens(system) - tokens(ending) - 16;
  const { text, cut } = draft.script.trim() ? scriptTail(draft.script, Math.max(0, room)) : { text: "", cut: false };
  const script = text.trim() ? `The script so far${cut ? " (its end; earlier lines left out)" : ""}:\n${text}` : "The script is empty so far.";
  return [
    { role: "system", content: system },
    { role: "user", content: `${script}\n\n${ending}` },
  ];
}
