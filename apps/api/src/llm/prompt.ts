import { countTokens } from "gpt-tokenizer";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { LoreFiring, LorePosition, PromptPart, PromptRecord } from "@storyloom/contract";
import type { SceneTags } from "../services/ink";
import { byPriority, LORE_SCAN_LINES, matchLore, type CompiledLoreEntry, type LoreMatch } from "./lore";

// The hybrid prompt: the ink script is the spine, the model improvises inside it. The system message
// carries who speaks (persona, greeting), the lorebook entries the recent turns named (around the
// persona or last, as the author placed them), the current scene (ink's text since the last choice and
// its tags), the open choices, the facts the player pinned and the chat's rolling summary (the turns
// that no longer fit, folded in by the model after a reply: see memory.ts); the recent turns follow
// as messages. Everything fits a token budget counted with the tokenizer, newest turns first. The builder keeps the
// parts it assembled (the prompt inspector shows them): the system message is its parts joined.

/** The name of the function through which the model takes one of the story's open choices. */
export const CHOICE_TOOL = "take_choice";

/** A character as the prompt needs it. */
export interface PromptCharacter {
  id: string;
  name: string;
  tagline: string;
  persona: string;
  greeting: string;
}

/** A message of the thread as the prompt needs it. */
export interface PromptLine {
  role: "user" | "actor" | "narrator";
  actorId: string | null;
  content: string;
  /** the stored message's id (the player's words of this very turn have none yet) */
  id?: number;
}

/** A chat's memory as the prompt needs it (see memory.ts). */
export interface PromptMemory {
  /** the rolling summary of the turns that left the budget ("" = none yet) */
  summary: string;
  /** the facts the player pinned: every prompt carries them */
  pins: readonly string[];
  /** the newest message id the summary reaches (0 = none) */
  through: number;
}

/** Everything a prompt is built from. */
export interface PromptInput {
  title: string;
  /** who writes this reply; null = the narrator */
  speaker: PromptCharacter | null;
  cast: PromptCharacter[];
  /** several characters answer in turn (the group scene) */
  group: boolean;
  scene: { lines: string[]; tags: SceneTags };
  /** the open choices the model may take (none offered: no tool) */
  choices: { index: number; text: string }[];
  offerChoices: boolean;
  /** the thread so far, oldest first (without the reply being written) */
  history: PromptLine[];
  /** the choice the player just took, when the reply follows a scripted choice */
  afterChoice?: string;
  /** the history ends with this speaker's reply, to be continued where it stops ("Continue") */
  continueReply?: boolean;
  /** tokens the whole prompt may take */
  budget: number;
  /** the story's lorebook, compiled (see lore.ts); none: no world info */
  lorebook?: readonly CompiledLoreEntry[];
  /** the chat's summary and pinned facts; none: neither */
  memory?: PromptMemory;
}

/** The built prompt. */
export interface Prompt {
  messages: ChatCompletionMessageParam[];
  tools?: ChatCompletionTool[];
  /** tokens it takes, as counted */
  tokens: number;
  /** what it was built from, part by part (the prompt inspector's record, stored with the reply) */
  record: PromptRecord;
}

// Counting is the prompt's main cost, and most of what it counts recurs from turn to turn (a story's
// persona, scene, choices and tool; the thread's earlier lines): counts are kept, a bounded number.
const counted = new Map<string, number>();
const MAX_COUNTED = 4096;
const tokens = (s: string) => {
  let n = counted.get(s);
  if (n === undefined) {
    n = countTokens(s) + 4; // + the per-message framing of chat formats
    if (counted.size >= MAX_COUNTED) counted.clear();
    counted.set(s, n);
  }
  return n;
};

/** Keeps the end of `lines` that fits `budget` tokens. */
function tail(lines: string[], budget: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const t = tokens(lines[i]!);
    if (used + t > budget) break;
    out.unshift(lines[i]!);
    used += t;
  }
  return out;
}

/** A section of the system message, or one recent turn, as the builder assembles them. */
type Part = PromptPart;

/** The system message's parts are joined with this (so the parts rebuild it exactly). */
export const PART_SEPARATOR = "\n\n";
/** The most of the budget left after the fixed parts that the lorebook's entries may take together. */
export const LORE_BUDGET_SHARE = 0.3;

/** Builds the prompt of one reply within `input.budget` tokens, with the record of what it was built from. */
export function buildPrompt(input: PromptInput): Prompt {
  const nameOf = (id: string | null) => (id ? (input.cast.find((c) => c.id === id)?.name ?? id) : "Narrator");
  const who = input.speaker;
  const part = (kind: Part["kind"], label: string, text: string, message: Part["message"] = "system"): Part => ({ kind, label, message, text, tokens: tokens(text) });
  const instructions = part(
    "instructions",
    "Instructions",
    who
      ? `You are ${who.name}, a character in the interactive story "${input.title}". Stay in character: answer as ${who.name}, in the first person, in a few vivid sentences. Never speak for the player, never mention being an AI or these instructions.`
      : `You are the narrator of the interactive story "${input.title}". Answer the player's words and actions with what happens next, in the second person and present tense, in a few vivid sentences. Never mention being an AI or these instructions.`,
  );
  let personaPart: Part | null = null;
  if (who) {
    const lines = [`Persona: ${who.persona}`, `Your first words to the player were: "${who.greeting}"`];
    if (input.group) {
      const others = input.cast.filter((c) => c.id !== who.id).map((c) => `${c.name} (${c.tagline})`);
      if (others.length) lines.push(`Also in this scene: ${others.join("; ")}. Speak only as ${who.name}; the others answer for themselves.`);
    }
    personaPart = part("persona", `Persona: ${who.name}`, lines.join("\n"));
  }
  const { scene, speaker, goal } = input.scene.tags;
  const sceneHead = ["# The current scene", scene ? `Scene: ${scene}` : "", speaker ? `Speaking now: ${speaker}` : "", goal ? `The scene's goal: ${goal}` : ""].filter(Boolean);
  const tools: ChatCompletionTool[] | undefined =
    input.offerChoices && input.choices.length
      ? [
          {
            type: "function",
            function: {
              name: CHOICE_TOOL,
              description: `Advance the story along one of its open choices. Call it only when the player's words clearly take that choice; otherwise do not call it.\n${input.choices.map((c) => `${c.index}: ${c.text}`).join("\n")}`,
              parameters: {
                type: "object",
                properties: { index: { type: "integer", enum: input.choices.map((c) => c.index), description: "the number of the choice the player takes" } },
                required: ["index"],
                additionalProperties: false,
              },
            },
          },
        ]
      : undefined;
  const choicePart = input.choices.length
    ? part(
        "choices",
        "Open choices",
        [
          "# The story's open choices",
          ...input.choices.map((c) => `${c.index}: ${c.text}`),
          tools ? `If the player's words clearly take one of these choices, call ${CHOICE_TOOL} with its number and still answer in character. Never take a choice the player did not clearly make.` : "The player chooses among these; do not choose for them.",
        ].join("\n"),
      )
    : null;
  const afterPart = input.afterChoice
    ? part("after_choice", "The player's choice", `The player has just chosen: "${input.afterChoice}". React to it in a line or two, in character; the story's next scene follows your words.`)
    : input.continueReply
      ? part("continue", "Continue the reply", "Your last reply above is not finished: continue it from exactly where it stops, in character. Write only the words that follow; do not repeat any of it.")
      : null;
  const toolTokens = tools ? tokens(JSON.stringify(tools)) : 0;
  // The player's pinned facts and the summary are fixed parts: no budget cut drops them (both are
  // bounded in length where they are written).
  const memory = input.memory;
  const pinsPart = memory?.pins.length ? part("pins", "Pinned facts", ["# Facts to keep (the player pinned them; they stay true)", ...memory.pins.map((p) => `- ${p}`)].join("\n")) : null;
  const summaryPart = memory?.summary.trim() ? part("summary", "Summary of earlier turns", `# Earlier in the story (summary)\n${memory.summary.trim()}`) : null;

  let budget = input.budget;
  budget -= [instructions, personaPart, choicePart, pinsPart, summaryPart, afterPart].reduce((n, p) => n + (p?.tokens ?? 0), 0) + tokens(sceneHead.join("\n")) + toolTokens;
  // The lorebook may take up to LORE_BUDGET_SHARE of what is left, each entry at most its own share of
  // the whole budget; the entries that fired claim it by priority.
  const lore = pickLore(input, Math.max(0, Math.floor(budget * LORE_BUDGET_SHARE)));
  budget -= lore.used;
  // The scene may take up to 40 % of what is left; its latest lines matter most.
  const sceneLines = tail(input.scene.lines, Math.max(0, Math.floor(budget * 0.4)));
  budget -= sceneLines.reduce((n, l) => n + tokens(l), 0);

  // Recent turns, newest first, until the rest is used; older ones are in the summary (or will be:
  // the fold after this reply takes them).
  const turns: ChatCompletionMessageParam[] = [];
  const turnParts: Part[] = [];
  const recentBudget = Math.max(0, budget);
  let used = 0;
  let i = input.history.length - 1;
  for (; i >= 0; i--) {
    const line = input.history[i]!;
    const msg = toMessage(line, who?.id ?? null, nameOf);
    const text = typeof msg.content === "string" ? msg.content : "";
    const t = tokens(text);
    if (used + t > recentBudget) break;
    turns.unshift(msg);
    turnParts.unshift(part("turn", line.role === "user" ? "Player" : nameOf(line.role === "actor" ? line.actorId : null), text, msg.role === "assistant" ? "assistant" : "user"));
    used += t;
  }
  const older = input.history.slice(0, i + 1);
  const through = memory?.through ?? 0;
  const unsummarised = older.filter((l) => l.id === undefined || l.id > through).length;

  const loreAt = (position: LorePosition) => lore.parts.filter((p) => p.position === position).map((p) => p.part);
  const system: Part[] = [
    instructions,
    ...loreAt("before_persona"),
    ...(personaPart ? [personaPart] : []),
    ...loreAt("after_persona"),
    part("scene", "Scene and goal", [...sceneHead, ...sceneLines].join("\n")),
    ...(choicePart ? [choicePart] : []),
    ...(pinsPart ? [pinsPart] : []),
    ...(summaryPart ? [summaryPart] : []),
    ...(afterPart ? [afterPart] : []),
    ...loreAt("before_turns"),
  ];
  const messages: ChatCompletionMessageParam[] = [{ role: "system", content: system.map((p) => p.text).join(PART_SEPARATOR) }, ...turns];
  const parts = [...system, ...turnParts];
  const total = parts.reduce((n, p) => n + p.tokens, 0) + toolTokens;
  const record: PromptRecord = {
    parts,
    lore: lore.firings,
    trimmed: {
      scene_lines: input.scene.lines.length - sceneLines.length,
      turns: i + 1,
      // the older turns the summary does not reach yet (the fold after this reply takes them)
      summary_lines: unsummarised,
      lore_entries: lore.firings.filter((f) => !f.included).length,
    },
    tool_tokens: toolTokens,
    budget: input.budget,
    tokens: total,
  };
  return { messages, tools, tokens: total, record };
}

/**
 * The lorebook's entries for this reply: those that fired (against the newest thread lines and the
 * choice just taken, then recursively), by priority, each within its own share of the whole budget
 * and all within `room` tokens; with the record of every entry that fired, included or not.
 */
function pickLore(input: PromptInput, room: number): { parts: { position: LorePosition; part: Part }[]; firings: LoreFiring[]; used: number } {
  if (!input.lorebook?.length) return { parts: [], firings: [], used: 0 };
  const recent = input.history.slice(-LORE_SCAN_LINES).map((l) => l.content);
  if (input.afterChoice) recent.push(input.afterChoice);
  const fired = matchLore(input.lorebook, recent);
  const chosen = new Set<LoreMatch>();
  const firings = new Map<LoreMatch, LoreFiring>();
  let used = 0;
  for (const m of [...fired].sort(byPriority)) {
    const { entry } = m.lore;
    const t = tokens(entry.content);
    const cap = Math.floor((input.budget * entry.share) / 100);
    const reason = t > cap ? "over_share" : used + t > room ? "over_budget" : null;
    if (!reason) {
      chosen.add(m);
      used += t;
    }
    firings.set(m, { name: entry.name, matched: m.matched, always: entry.always, depth: m.depth, tokens: t, included: !reason, reason });
  }
  // In the prompt they keep the author's order (fired is in it).
  const parts = fired
    .filter((m) => chosen.has(m))
    .map((m) => ({ position: m.lore.entry.position, part: { kind: "lore" as const, label: `Lore: ${m.lore.entry.name}`, message: "system" as const, text: m.lore.entry.content, tokens: tokens(m.lore.entry.content) } }));
  return { parts, firings: fired.map((m) => firings.get(m)!), used };
}

/** One thread line as a chat message: the speaker's own lines are the assistant's; others are quoted. */
function toMessage(line: PromptLine, speakerId: string | null, nameOf: (id: string | null) => string): ChatCompletionMessageParam {
  if (line.role === "user") return { role: "user", content: line.content };
  const own = line.role === "actor" ? line.actorId === speakerId : speakerId === null;
  if (own) return { role: "assistant", content: line.content };
  return { role: "user", content: `(${nameOf(line.role === "actor" ? line.actorId : null)}) ${line.content}` };
}
