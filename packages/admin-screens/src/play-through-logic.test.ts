import { describe, expect, it } from "vitest";
import { compileScript } from "@storyloom/story-script";
import { issueText, playableScript } from "./play-through-logic";

describe("the moderation play-through's compile", () => {
  it("answers the compiled story of a script that compiles", () => {
    const played = playableScript(compileScript("The lamp room hums.\n* [Climb] -> top\n== top ==\nStars.\n-> END\n"));
    expect(played.ok).toBe(true);
    if (played.ok) expect(JSON.parse(played.json)).toHaveProperty("inkVersion");
  });

  it("answers every error of a broken script at its line, in script order", () => {
    const played = playableScript(compileScript("Hello.\n* [Go] -> nowhere\n* [Stay] -> elsewhere\n"));
    expect(played.ok).toBe(false);
    if (played.ok) return;
    expect(played.errors).toHaveLength(2);
    expect(played.errors[0]).toMatch(/^Line 2: .*nowhere/);
    expect(played.errors[1]).toMatch(/^Line 3: .*elsewhere/);
  });

  it("writes a message without a line as it is", () => {
    expect(issueText({ line: 0, message: "the script did not compile" })).toBe("the script did not compile");
    expect(issueText({ line: 7, message: "Divert target not found" })).toBe("Line 7: Divert target not found");
  });
});
