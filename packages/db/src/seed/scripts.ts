import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { checkScript, type WalkOptions, type WalkReport } from "@storyloom/story-script";
import { packageRoot, resolveFromPackage } from "../files";
import type { SeedStory } from "./content/types";

// Every seeded story is a hand-written ink file, stories/<story-id>.ink, read at seed time. A
// script that does not compile, or that the walker finds broken, stops the seed with file and line.

/** Folder of the seeded stories' ink files. */
export const storiesFolder = join(packageRoot, "src/seed/stories");

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

// Walking all 24 stories costs seconds, and the seed runs on every API start with SEED and for
// every test snapshot. A script that passed is remembered (in the OS temp folder) under the hash
// of its text, the walk bounds and the walker's own source, so only a change is walked again; a
// failure is never remembered, so a broken script always stops the seed.
const passedFolder = join(tmpdir(), "storyloom-story-walks");
let walkerHash: string | undefined;
function passKey(source: string): string {
  if (walkerHash === undefined) {
    const h = createHash("sha256");
    const dir = dirname(resolveFromPackage("@storyloom/story-script"));
    for (const f of readdirSync(dir).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts")).sort()) h.update(f).update(readFileSync(join(dir, f)));
    walkerHash = h.digest("hex");
  }
  return createHash("sha256").update(walkerHash).update(JSON.stringify(seedWalk)).update(source).digest("hex").slice(0, 32);
}

/** The scripts of the given stories by id; throws naming every file and line that is broken. */
export function checkedSeedScripts(stories: readonly SeedStory[], read: (story: SeedStory) => string = seedScript): Map<string, string> {
  const out = new Map<string, string>();
  const problems: string[] = [];
  for (const s of stories) {
    const source = read(s);
    out.set(s.id, source);
    const passed = join(passedFolder, passKey(source));
    if (existsSync(passed)) continue;
    const found = scriptProblems(s.id, source).problems;
    problems.push(...found);
    if (found.length === 0) {
      mkdirSync(passedFolder, { recursive: true });
      writeFileSync(passed, `${s.id}\n`);
    }
  }
  if (problems.length) throw new Error(`broken story scripts:\n${problems.join("\n")}`);
  return out;
}
