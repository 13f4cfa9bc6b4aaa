import { describe, expect, it } from "vitest";
import { checkScript, knotLine } from "./index";

describe("checkScript", () => {
  it("passes a sound script and returns its JSON and walk", () => {
    const r = checkScript("Hi.\n* [A] -> a\n* [B] -> b\n=== a ===\nA.\n-> END\n=== b ===\nB.\n-> END\n");
    expect(r.problems).toEqual([]);
    expect(r.json).toBeTruthy();
    expect(r.report!.endings.map((e) => e.knot)).toEqual(["a", "b"]);
  });

  it("gives compile errors with their lines", () => {
    const r = checkScript("Hi.\n\n* [A] -> missing\n");
    expect(r.problems).toEqual([{ line: 3, message: expect.stringContaining("missing") }]);
    expect(r.report).toBeNull();
  });

  it("puts a dead end at the line of its knot, and a stitch at its own line", () => {
    const source = "Hi.\n* [Go] -> lost\n* [Stop] -> END\n\n=== lost ===\nNo way on.\n";
    expect(checkScript(source).problems).toEqual([{ line: 5, message: expect.stringMatching(/^dead end in lost: .*\(after: Go\)$/) }]);
    expect(knotLine("=== a ===\nx\n= inner\ny\n", "a.inner")).toBe(3);
    expect(knotLine("=== a ===\n", "nowhere")).toBe(0);
  });

  it("refuses a script with no reachable ending", () => {
    const r = checkScript("-> hub\n=== hub ===\n+ [Again] -> hub\n");
    expect(r.problems.map((p) => p.message)).toEqual(expect.arrayContaining([expect.stringMatching(/dead end in hub/), expect.stringMatching(/no ending is reachable/)]));
  });
});
