import { describe, expect, it } from "vitest";
import { Story } from "inkjs/full";
import { compileScript, InkRunaway, installInkGuard, walkScript, withInkDeadline } from "./index";

const json = (src: string) => {
  const c = compileScript(src);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  return c.json;
};

describe("the ink guard", () => {
  it("is installed on ink's Story when the package loads, and a second install wraps nothing twice", () => {
    const guarded = Story.prototype.Continue;
    installInkGuard(Story);
    installInkGuard(Story);
    expect(Story.prototype.Continue).toBe(guarded);
    expect(guarded.name).toBe("guardedContinue");
  });
  it("stops a knot that diverts into itself without printing anything", () => {
    const story = new Story(json("Start.\n-> spin\n== spin ==\n-> spin\n"));
    expect(() => story.ContinueMaximally()).toThrow(InkRunaway);
  });
  it("ends a walk of a script that prints forever once its deadline passes", () => {
    const loop = json("Once.\n* [Again] -> loop\n== loop ==\nAnd again.\n-> loop\n");
    const t = Date.now();
    expect(() => withInkDeadline(300, () => walkScript(loop))).toThrow(InkRunaway);
    expect(Date.now() - t).toBeLessThan(5_000);
  });
  it("leaves a good script alone", () => {
    const r = withInkDeadline(5_000, () => walkScript(json("Hi.\n* [Go] -> out\n== out ==\nBye.\n-> END\n")));
    expect(r.endings).toHaveLength(1);
  });
});
