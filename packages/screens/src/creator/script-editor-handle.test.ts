import { describe, expect, it } from "vitest";
import { knotHeaders } from "./script-editor-handle";

describe("knotHeaders", () => {
  it("lists knots, their stitches and functions with their lines", () => {
    const source = "Start.\n-> hall\n=== hall ===\n= desk\nA desk.\n  ==  cellar\n=== function double(x) ===\n~ return x * 2\n";
    expect(knotHeaders(source)).toEqual([
      { name: "hall", line: 3, function: false },
      { name: "hall.desk", line: 4, function: false },
      { name: "cellar", line: 6, function: false },
      { name: "double", line: 7, function: true },
    ]);
  });

  it("ignores a stitch-like line before any knot, and a script without headers", () => {
    expect(knotHeaders("= lone\nText.\n")).toEqual([]);
    expect(knotHeaders("")).toEqual([]);
  });
});
