// A generated branching story of any size, for the map's layout test and its bench: each knot
// offers two or three choices to nearby later knots, so every knot is reachable and every path ends.

/** An ink script with `knots` knots (knot_0 … knot_{n-1}); the last one ends the story. */
export function syntheticStory(knots: number): string {
  const out = ["-> knot_0", ""];
  for (let i = 0; i < knots; i++) {
    out.push(`=== knot_${i} ===`, `Scene ${i}.`);
    if (i === knots - 1) {
      out.push("-> END", "");
      continue;
    }
    // Mostly near branches and rejoins, with a longer jump every fifth knot, as written stories go.
    const targets = [
      ...new Set([i + 1, Math.min(knots - 1, i + 2), ...(i % 5 === 0 ? [Math.min(knots - 1, i + 6)] : [])]),
    ];
    for (const t of targets) out.push(`* [Go to scene ${t}] -> knot_${t}`);
    out.push("");
  }
  return out.join("\n");
}
