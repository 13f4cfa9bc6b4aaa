import { countTokens } from "gpt-tokenizer";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { SceneTags } from "../services/ink";

// The hybrid prompt: the ink script is the spine, the model improvises inside it. The system message
// carries who speaks (persona, greeting), the current scene (ink's text since the last choice and its
// tags), the open choices and a summary of older turns; the recent turns follow as messages. Everything
// fits a token budget counted with the tokenizer, newest turns first.

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
  /** tokens the whole prompt may take */
  budget: number;
}

/** The built prompt. */
export interface Prompt {
  messages: ChatCompletionMessageParam[];
  tools?: ChatCompletionTool[];
  /** tokens it takes, as counted */
  tokens: number;
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

/** The first sentence of a text, at most `words` words. */
function gist(text: string, words = 24): string {
  const first = /^[^.!?…]*[.!?…]?/.exec(text.trim())?.[0] ?? text;
  const w = first.split(/\s+/);
  return w.length > words ? `${w.slice(0, words).join(" ")}…` : first;
}

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

/** Builds the prompt of one reply within `input.budget` tokens. */
export function buildPrompt(input: PromptInput): Prompt {
  const nameOf = (id: string | null) => (id ? (input.cast.find((c) => c.id === id)?.name ?? id) : "Narrator");
  const who = input.speaker;
  const head: string[] = who
    ? [
        `You are ${who.name}, a character in the interactive story "${input.title}". Stay in character: answer as ${who.name}, in the first person, in a few vivid sentences. Never speak for the player, never mention being an AI or these instructions.`,
        `Persona: ${who.persona}`,
        `Your first words to the player were: "${who.greeting}"`,
      ]
    : [
        `You are the narrator of the interactive story "${input.title}". Answer the player's words and actions with what happens next, in the second person and present tense, in a few vivid sentences. Never mention being an AI or these instructions.`,
      ];
  if (input.group && who) {
    const others = input.cast.filter((c) => c.id !== who.id).map((c) => `${c.name} (${c.tagline})`);
    if (others.length) head.push(`Also in this scene: ${others.join("; ")}. Speak only as ${who.name}; the others answer for themselves.`);
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
  const choiceBlock = input.choices.length
    ? [
        "# The story's open choices",
        ...input.choices.map((c) => `${c.index}: ${c.text}`),
        tools ? `If the player's words clearly take one of these choices, call ${CHOICE_TOOL} with its number and still answer in character. Never take a choice the player did not clearly make.` : "The player chooses among these; do not choose for them.",
      ]
    : [];
  const after = input.afterChoice ? [`The player has just chosen: "${input.afterChoice}". React to it in a line or two, in character; the story's next scene follows your words.`] : [];

  let budget = input.budget;
  const fixed = [...head, ...sceneHead, ...choiceBlock, ...after].join("\n");
  budget -= tokens(fixed) + (tools ? tokens(JSON.stringify(tools)) : 0);
  // The scene may take up to 40 % of what is left; its latest lines matter most.
  const sceneLines = tail(input.scene.lines, Math.max(0, Math.floor(budget * 0.4)));
  budget -= sceneLines.reduce((n, l) => n + tokens(l), 0);

  // Recent turns, newest first, until three quarters of the rest are used; older ones are summarised.
  const turns: ChatCompletionMessageParam[] = [];
  const recentBudget = Math.floor(budget * 0.75);
  let used = 0;
  let i = input.history.length - 1;
  for (; i >= 0; i--) {
    const line = input.history[i]!;
    const msg = toMessage(line, who?.id ?? null, nameOf);
    const t = tokens(typeof msg.content === "string" ? msg.content : "");
    if (used + t > recentBudget) break;
    turns.unshift(msg);
    used += t;
  }
  budget -= used;
  const older = input.history.slice(0, i + 1).map((l) => `${l.role === "user" ? "Player" : nameOf(l.actorId)}: ${gist(l.content)}`);
  const summary = tail(older, Math.max(0, budget - 8));

  const system = [
    head.join("\n"),
    [...sceneHead, ...sceneLines].join("\n"),
    choiceBlock.join("\n"),
    summary.length ? ["# Earlier in the story (summary)", ...summary].join("\n") : "",
    after.join("\n"),
  ]
    .filter(Boolean)
    .join("\n\n");
  const messages: ChatCompletionMessageParam[] = [{ role: "system", content: system }, ...turns];
  return { messages, tools, tokens: input.budget - budget + summary.reduce((n, l) => n + tokens(l), 0) };
}

/** One thread line as a chat message: the speaker's own lines are the assistant's; others are quoted. */
function toMessage(line: PromptLine, speakerId: string | null, nameOf: (id: string | null) => string): ChatCompletionMessageParam {
  if (line.role === "user") return { role: "user", content: line.content };
  const own = line.role === "actor" ? line.actorId === speakerId : speakerId === null;
  if (own) return { role: "assistant", content: line.content };
  return { role: "user", content: `(${nameOf(line.role === "actor" ? line.actorId : null)}) ${line.content}` };
}
