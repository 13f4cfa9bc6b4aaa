import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkScript, type WalkOptions, type WalkReport } from "@storyloom/story-script";
import type { SeedStory } from "./content/types";

// Every seeded story is a hand-written ink file, stories/<story-id>.ink, read at seed time. A
// script that does not compile, or that the walker finds broken, stops the seed with file and line.

/** Folder of the seeded stories' ink files. */
export const storiesFolder = fileURLToPath(new URL("./stories", import.meta.url));

/** Path of a seeded story's ink file, relative to the db package (for messages). */
export const scriptPath = (storyId: string) => `src/seed/stories/${storyId}.ink`;

/** The ink source of a seeded story. */
export function seedScript(story: SeedStory): string {
  return readFileSync(join(storiesFolder, `${story.id}.ink`), "utf8");
}

/** Bounds of the seed-time walk: enough to visit every state of an authored story (random
 * playthroughs only measure depth, which the seed does not need). */
export const seedWalk: WalkOptions = { maxTurns: 40, maxStates: 20000, plays: 0 };

/** What is wrong with a story script, as "file:line: message" lines; empty when it is sound. */
export function scriptProblems(storyId: string, source: string, walk: WalkOptions = seedWalk): { problems: string[]; report: WalkReport | null } {
  const { problems, report } = checkScript(source, walk);
  return { problems: problems.map((p) => `${scriptPath(storyId)}:${p.line}: ${p.message}`), report };
}

/** The scripts of the given stories by id; throws naming every file and line that is broken. */
export function checkedSeedScripts(stories: readonly SeedStory[], read: (story: SeedStory) => string = seedScript): Map<string, string> {
  const out = new Map<string, string>();
  const problems: string[] = [];
  for (const s of stories) {
    const source = read(s);
    problems.push(...scriptProblems(s.id, source).problems);
    out.set(s.id, source);
  }
  if (problems.length) throw new Error(`broken story scripts:\n${problems.join("\n")}`);
  return out;
}
