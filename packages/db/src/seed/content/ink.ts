import type { SeedStory } from "./types";

// Builds the ink script of a story from its authored branches. Generating the syntax (rather than
// hand-writing 24 scripts) keeps every script well-formed; the compile test proves it.

// Characters that have a meaning in ink text and would silently change the story if left in prose.
const INK_SPECIAL = /[{}[\]#|]|\/\/|->|<>/;

function line(text: string): string {
  const t = text.trim();
  if (INK_SPECIAL.test(t)) throw new Error(`ink-unsafe text in seed content: ${t.slice(0, 60)}`);
  // A line opening with a choice, gather, knot or logic marker would be read as syntax.
  return /^[*+\-=~]/.test(t) ? `\\${t}` : t;
}

const paragraphs = (text: string, indent = "") =>
  text
    .split(/\n+/)
    .filter((p) => p.trim() !== "")
    .map((p) => indent + line(p))
    .join("\n");

/** The ink source of a story: the opening, a first choice, a scene per branch, two endings each. */
export function inkScript(story: SeedStory): string {
  const out: string[] = [`// ${story.title}`, "VAR path = \"\"", "-> opening", "", "=== opening ===", paragraphs(story.opening)];
  story.paths.forEach((p, i) => out.push(`* [${line(p.choice)}]`, `  ~ path = "branch_${i + 1}"`, `  -> branch_${i + 1}`));
  story.paths.forEach((p, i) => {
    out.push("", `=== branch_${i + 1} ===`, paragraphs(p.scene));
    for (const [choice, ending] of p.endings) {
      out.push(`* [${line(choice)}]`, paragraphs(ending, "  "), "  -> END");
    }
  });
  return `${out.join("\n")}\n`;
}
