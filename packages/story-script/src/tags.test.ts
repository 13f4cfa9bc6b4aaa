import { describe, expect, it } from "vitest";
import { speakerOf } from "./tags";

describe("speakerOf", () => {
  it("reads the speaker tag among others, trimmed, in any case", () => {
    expect(speakerOf(["scene: pier", "speaker:  Wren "])).toBe("Wren");
    expect(speakerOf(["Speaker: Ash"])).toBe("Ash");
  });
  it("answers null for narration (no speaker tag, or an empty one)", () => {
    expect(speakerOf(["scene: pier"])).toBeNull();
    expect(speakerOf(["speaker:"])).toBeNull();
    expect(speakerOf([])).toBeNull();
  });
});
