// The prompt inspector's pure parts: grouping the recorded parts for display and its wording.
import type { PromptPart, PromptRecord } from "@storyloom/contract";

/** A group of the inspector: a heading, its parts and their tokens together. */
export interface InspectorGroup {
  title: string;
  parts: PromptPart[];
  tokens: number;
}

const TITLES: Record<PromptPart["kind"], string> = {
  instructions: "Instructions",
  persona: "Persona",
  lore: "Lore that fired",
  scene: "Scene and goal",
  choices: "Open choices",
  summary: "Summary of earlier turns",
  pins: "Pinned facts",
  after_choice: "The choice just taken",
  continue: "Continuing the reply",
  turn: "Recent turns",
};

/** The record's parts grouped by kind, in the order they first appear in the prompt. */
export function groupsOf(record: PromptRecord): InspectorGroup[] {
  const groups = new Map<PromptPart["kind"], InspectorGroup>();
  for (const p of record.parts) {
    let g = groups.get(p.kind);
    if (!g) groups.set(p.kind, (g = { title: TITLES[p.kind], parts: [], tokens: 0 }));
    g.parts.push(p);
    g.tokens += p.tokens;
  }
  return [...groups.values()];
}

/** "1,204 tokens" / "1 token". */
export const tokensText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "token" : "tokens"}`;

/** What was left out to fit the budget, in words; empty when nothing was. */
export function trimmedLines(record: PromptRecord): string[] {
  const t = record.trimmed;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const out: string[] = [];
  if (t.turns) out.push(`${plural(t.turns, "older turn was", "older turns were")} left out of the recent turns${t.summary_lines < t.turns ? " (summarised)" : ""}.`);
  // summary_lines: older turns the stored summary did not reach yet (it is updated after the reply).
  if (t.summary_lines) out.push(`${plural(t.summary_lines, "of them is", "of them are")} not in the summary yet; it is updated after this reply.`);
  if (t.scene_lines) out.push(`${plural(t.scene_lines, "earlier scene line was", "earlier scene lines were")} dropped.`);
  for (const l of record.lore) {
    if (l.included) continue;
    out.push(`Lore "${l.name}" fired but was left out: ${l.reason === "over_share" ? "longer than its share of the budget" : "the lore budget was full"}.`);
  }
  return out;
}

/** Why a lore entry fired, in words. */
export function firedBecause(l: PromptRecord["lore"][number]): string {
  if (l.always) return "always on";
  const words = l.matched.map((m) => `“${m.text}” (key ${m.key})`).join(", ");
  return l.depth === 0 ? `the recent turns said ${words}` : `another entry's text said ${words} (depth ${l.depth})`;
}
