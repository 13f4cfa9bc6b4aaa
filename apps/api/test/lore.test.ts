import { describe, expect, it } from "vitest";
import { LoreEntry, type LoreEntry as Entry } from "@storyloom/contract";
import { compileLorebook, LORE_MAX_DEPTH, loreKeyProblem, matchLore } from "../src/llm/lore";
import { buildPrompt, PART_SEPARATOR, type PromptInput } from "../src/llm/prompt";

// The lorebook matcher and its place in the prompt, without a server.

const entry = (e: Partial<Entry> & Pick<Entry, "name" | "content">): Entry => LoreEntry.parse({ keys: [], ...e });
const fired = (entries: Entry[], texts: string[], depth?: number) => matchLore(compileLorebook(entries), texts, depth).map((m) => ({ name: m.lore.entry.name, depth: m.depth, matched: m.matched }));

describe("lore keys", () => {
  it("match plain words whole and in any case, across spaces, in any script", () => {
    const es = [entry({ name: "gate", keys: ["Moon Gate"], content: "c1" }), entry({ name: "cat", keys: ["cat"], content: "c2" }), entry({ name: "küche", keys: ["Küche"], content: "c3" })];
    expect(fired(es, ["We reach the moon   gate at dusk."])).toEqual([{ name: "gate", depth: 0, matched: [{ key: "Moon Gate", text: "moon   gate" }] }]);
    // "cat" is not inside "concatenate", but is before punctuation; whole words in any script.
    expect(fired(es, ["concatenate"])).toEqual([]);
    expect(fired(es, ["A cat!"]).map((f) => f.name)).toEqual(["cat"]);
    expect(fired(es, ["in der KÜCHE"]).map((f) => f.name)).toEqual(["küche"]);
    expect(fired(es, ["Küchenmesser"])).toEqual([]);
  });

  it("run /pattern/ and /pattern/i keys with RE2, and report what they matched", () => {
    const es = [entry({ name: "ship", keys: ["/cabin [0-9]+/"], content: "c" }), entry({ name: "drake", keys: ["/dragons?/i"], content: "d" })];
    expect(fired(es, ["Go to cabin 7, the DRAGONS wait"])).toEqual([
      { name: "ship", depth: 0, matched: [{ key: "/cabin [0-9]+/", text: "cabin 7" }] },
      { name: "drake", depth: 0, matched: [{ key: "/dragons?/i", text: "DRAGONS" }] },
    ]);
    // Case-sensitive without the flag; a pattern that only matches the empty string never fires.
    expect(fired(es, ["CABIN 7"])).toEqual([]);
    expect(fired([entry({ name: "empty", keys: ["/x*/"], content: "e" })], ["abc"])).toEqual([]);
  });

  it("refuses patterns RE2 cannot run (backreferences, lookaround, broken syntax) with its reason", () => {
    expect(loreKeyProblem("/(a)\\1/")).toMatch(/escape|backreference|invalid/i);
    expect(loreKeyProblem("/(?=a)b/")).toMatch(/Perl syntax/);
    expect(loreKeyProblem("/(unclosed/")).toMatch(/missing closing \)/);
    expect(loreKeyProblem("/fine|good/i")).toBeNull();
    expect(loreKeyProblem("plain (words) [are] fine")).toBeNull();
  });

  it("matches a catastrophic-for-backtracking pattern in linear time", () => {
    // (a+)+$ against "aaaa…b" takes exponential time in a backtracking engine.
    const es = [entry({ name: "evil", keys: ["/(a+)+$/"], content: "x" })];
    const text = `${"a".repeat(50_000)}b`;
    expect(fired(es, [text])).toEqual([]);
  });
});

describe("lore recursion", () => {
  const chain = [
    entry({ name: "A", keys: ["alpha"], content: "Alpha mentions bravo." }),
    entry({ name: "B", keys: ["bravo"], content: "Bravo mentions charlie." }),
    entry({ name: "C", keys: ["charlie"], content: "Charlie mentions delta." }),
    entry({ name: "D", keys: ["delta"], content: "Delta is the end." }),
    entry({ name: "Always", always: true, content: "Always here." }),
  ];
  it("follows entries' content down to the depth limit, each entry once at its first depth", () => {
    expect(LORE_MAX_DEPTH).toBe(2);
    expect(fired(chain, ["say alpha"]).map((f) => [f.name, f.depth])).toEqual([
      ["A", 0],
      ["B", 1],
      ["C", 2],
      ["Always", 0],
    ]);
    expect(fired(chain, ["say alpha"], 0).map((f) => f.name)).toEqual(["A", "Always"]);
    expect(fired(chain, ["bravo and charlie"]).map((f) => [f.name, f.depth])).toEqual([
      ["B", 0],
      ["C", 0],
      ["D", 1],
      ["Always", 0],
    ]);
  });
});

describe("lore in the prompt", () => {
  const base = (over: Partial<PromptInput>): PromptInput => ({
    title: "T",
    speaker: { id: "m", name: "Mara", tagline: "t", persona: "A courier.", greeting: "Hi." },
    cast: [{ id: "m", name: "Mara", tagline: "t", persona: "A courier.", greeting: "Hi." }],
    group: false,
    scene: { lines: ["Rain."], tags: { scene: "Dock", goal: "Find the key" } },
    choices: [],
    offerChoices: false,
    history: [{ role: "user", actorId: null, content: "Tell me about the lighthouse." }],
    budget: 2000,
    ...over,
  });

  it("puts fired entries where the author placed them, and the parts rebuild the system message", () => {
    const lore = compileLorebook([
      entry({ name: "Before", keys: ["lighthouse"], content: "LORE-BEFORE", position: "before_persona" }),
      entry({ name: "After", keys: ["lighthouse"], content: "LORE-AFTER", position: "after_persona" }),
      entry({ name: "Last", keys: ["lighthouse"], content: "LORE-LAST", position: "before_turns" }),
      entry({ name: "Unnamed", keys: ["harbour"], content: "LORE-NEVER" }),
    ]);
    const p = buildPrompt(base({ lorebook: lore }));
    const system = p.messages[0]!.content as string;
    expect(system.indexOf("LORE-BEFORE")).toBeLessThan(system.indexOf("Persona:"));
    expect(system.indexOf("LORE-AFTER")).toBeGreaterThan(system.indexOf("Persona:"));
    expect(system.indexOf("LORE-AFTER")).toBeLessThan(system.indexOf("# The current scene"));
    expect(system.endsWith("LORE-LAST")).toBe(true);
    expect(system).not.toContain("LORE-NEVER");
    const parts = p.record.parts;
    expect(parts.filter((x) => x.message === "system").map((x) => x.text).join(PART_SEPARATOR)).toBe(system);
    expect(parts.filter((x) => x.kind === "turn").map((x) => x.text)).toEqual(p.messages.slice(1).map((m) => m.content));
    expect(p.record.tokens).toBe(parts.reduce((n, x) => n + x.tokens, 0) + p.record.tool_tokens);
    expect(p.record.lore.map((l) => [l.name, l.included])).toEqual([
      ["Before", true],
      ["After", true],
      ["Last", true],
    ]);
  });

  it("leaves out an entry over its own share, then fills the lore budget by priority", () => {
    const long = "word ".repeat(300).trim(); // ~300 tokens: over 10 % of 2000
    const mid = "sand ".repeat(120).trim(); // ~120 tokens
    const lore = compileLorebook([
      entry({ name: "TooLong", keys: ["lighthouse"], content: long, share: 10 }),
      entry({ name: "Low", keys: ["lighthouse"], content: `LOW ${mid}`, priority: 10, share: 20 }),
      entry({ name: "High", keys: ["lighthouse"], content: `HIGH ${mid}`, priority: 90, share: 20 }),
      entry({ name: "Mid", keys: ["lighthouse"], content: `MID ${mid}`, priority: 50, share: 20 }),
      entry({ name: "Small", keys: ["lighthouse"], content: "SMALL fact.", priority: 0 }),
    ]);
    // 30 % of what is left after the fixed parts holds about four of the ~120-token entries: lower
    // priorities lose first, and a small one still fits after a big one did not.
    const p = buildPrompt(base({ lorebook: lore, budget: 1000 }));
    const byName = Object.fromEntries(p.record.lore.map((l) => [l.name, l]));
    expect(byName.TooLong).toMatchObject({ included: false, reason: "over_share" });
    expect(byName.High).toMatchObject({ included: true, reason: null });
    expect(byName.Mid).toMatchObject({ included: true, reason: null });
    expect(byName.Low).toMatchObject({ included: false, reason: "over_budget" });
    expect(byName.Small).toMatchObject({ included: true });
    expect(p.record.trimmed.lore_entries).toBe(2);
    const system = p.messages[0]!.content as string;
    expect(system).toContain("HIGH");
    expect(system).not.toContain("LOW sand");
    expect(p.tokens).toBeLessThanOrEqual(1000);
  });
});
