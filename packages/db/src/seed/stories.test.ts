import { describe, expect, it } from "vitest";
import type { WalkReport } from "@storyloom/story-script";
import { seedCategories } from "./catalogue";
import { checkedSeedScripts, scriptProblems, seedScript, seedWalk } from "./scripts";

// Plays every seeded story to every ending it can reach (all choice sequences, up to 40 choices,
// states de-duplicated) and holds each one to the bar of the catalogue: at least 12 knots, all of
// them reachable, 3 or more endings, 6 or more choice points on a typical path, no dead end, state
// that changes later text or choices, every character speaking and scenes tagged.

const all = seedCategories.flatMap((c) => c.stories.map((s) => ({ category: c.id, story: s })));
const reports: string[] = [];

// Every VAR is set somewhere after its declaration and read somewhere other than where it is set.
function varsThatMatter(source: string): { declared: string[]; unused: string[] } {
  const declared = [...source.matchAll(/^VAR\s+(\w+)\s*=/gm)].map((m) => m[1]!);
  const lines = source.split("\n").map((l) => l.replace(/\/\/.*$/, ""));
  const unused = declared.filter((v) => {
    const word = new RegExp(`\\b${v}\\b`);
    const set = lines.some((l) => new RegExp(`^\\s*~\\s*${v}\\s*(=|\\+\\+|--|\\+=|-=)`).test(l));
    const read = lines.some((l) => word.test(l) && !/^\s*(VAR|~\s*\w+\s*(=|\+\+|--|\+=|-=))/.test(l));
    return !set || !read;
  });
  return { declared, unused };
}

describe("seeded story scripts (walked)", () => {
  it("has at least 24 stories in 6 categories", () => {
    expect(seedCategories.length).toBeGreaterThanOrEqual(6);
    expect(all.length).toBeGreaterThanOrEqual(24);
  });

  it.each(all.map(({ category, story }) => [story.id, category, story] as const))("%s (%s)", (id, _category, story) => {
    const source = seedScript(story);
    const { problems, report } = scriptProblems(id, source, { ...seedWalk, plays: 100 });
    expect(problems).toEqual([]);
    const r = report as WalkReport;
    const knots = r.knots.filter((k) => !k.includes("."));
    reports.push(
      `${id.padEnd(32)} knots ${String(knots.length).padStart(2)}  endings ${r.endings.length}  depth ${r.depth.min}/${r.depth.typical}/${r.depth.max}  first-choice ${r.firstChoiceDepth}  states ${r.states}`,
    );
    expect(r.truncated, "the walk covered every state").toBe(false);
    expect(r.deadEnds).toEqual([]);
    expect(r.errors).toEqual([]);
    expect(knots.length).toBeGreaterThanOrEqual(12);
    expect(r.knotsVisited.filter((k) => !k.includes(".")).sort()).toEqual([...knots].sort());
    expect(r.endings.length).toBeGreaterThanOrEqual(3);
    expect(r.depth.typical).toBeGreaterThanOrEqual(6);
    expect(r.playsEnded, "every random playthrough reached an ending").toBe(100);
    // The chat tests play a story to its end by always taking the first choice, within 10 turns.
    expect(r.firstChoiceDepth).not.toBeNull();
    expect(r.firstChoiceDepth!).toBeLessThanOrEqual(10);
    // Characters speak in their own voice: every cast member, and nobody outside the cast.
    expect(r.speakers).toEqual(story.actors.map((a) => a.slug).sort());
    expect(r.scenes.length).toBeGreaterThanOrEqual(4);
    const vars = varsThatMatter(source);
    expect(vars.declared.length, "the story keeps state").toBeGreaterThanOrEqual(1);
    expect(vars.unused, "every VAR is both set and read").toEqual([]);
    // The opening the catalogue shows is the one the script tells.
    const firstLine = story.opening.split("\n")[0]!.trim();
    expect(source).toContain(firstLine);
  });

  it("a broken script stops the seed with its file and line", () => {
    const [story] = all.map((a) => a.story);
    const broken = { ...story!, id: "broken-example" };
    const badDivert = "Start.\n* [Go] -> nowhere\n* [Stay] -> END\n";
    expect(() => checkedSeedScripts([broken], () => badDivert)).toThrow(/src\/seed\/stories\/broken-example\.ink:2: Divert target not found/);
    const deadEnd = "Start.\n* [Safe] -> END\n* [Lost] -> lost\n\n=== lost ===\nThe path just stops here.\n";
    expect(() => checkedSeedScripts([broken], () => deadEnd)).toThrow(/broken-example\.ink:5: dead end in lost: .*\(after: Lost\)/);
    const loop = "-> hub\n=== hub ===\n+ [Wait] -> hub\n+ [Wait longer] -> hub\n";
    expect(() => checkedSeedScripts([broken], () => loop)).toThrow(/broken-example\.ink:2: dead end in hub: no ending can be reached/);
  });

  it("prints the walk report", () => {
    console.log(`\n${reports.join("\n")}\n(depth: fewest/typical/most choice points to an ending)`);
  });
});
