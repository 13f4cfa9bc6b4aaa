// Layout time of the story map at 50 and 200 knots: `npx tsx src/creator/story-map/bench.ts` in
// packages/screens. Prints the median of several runs of the map walk and of the dagre layout.
import { performance } from "node:perf_hooks";
import { compileScript } from "@storyloom/story-script";
import { storyMap } from "@storyloom/story-script/map";
import { layoutMap } from "./layout";
import { syntheticStory } from "./synthetic-story";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const knots of [50, 200]) {
  const source = syntheticStory(knots);
  const c = compileScript(source);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  const walk: number[] = [];
  const lay: number[] = [];
  for (let run = 0; run < 7; run++) {
    const t0 = performance.now();
    const map = storyMap(c.json, source);
    const t1 = performance.now();
    layoutMap(map);
    walk.push(t1 - t0);
    lay.push(performance.now() - t1);
  }
  const map = storyMap(c.json, source);
  process.stdout.write(
    `${knots} knots (${map.nodes.length} nodes, ${map.edges.length} edges): map walk ${median(walk).toFixed(1)} ms, dagre layout ${median(lay).toFixed(1)} ms (median of 7)\n`,
  );
}
