// `pnpm --filter @storyloom/db check:stories`: compiles and walks every seeded story script and
// exits non-zero naming file and line of each problem, so CI fails before a broken story ships.
import { seedCategories } from "./catalogue";
import { scriptProblems, seedScript } from "./scripts";

let broken = 0;
for (const story of seedCategories.flatMap((c) => c.stories)) {
  const { problems, report } = scriptProblems(story.id, seedScript(story));
  if (problems.length) {
    broken++;
    for (const p of problems) console.error(p);
  } else if (report) {
    process.stdout.write(`${story.id}: ${report.endings.length} endings, ${report.knots.filter((k) => !k.includes(".")).length} knots, ${report.states} states walked\n`);
  }
}
if (broken) {
  console.error(`${broken} story script(s) broken`);
  process.exit(1);
}
