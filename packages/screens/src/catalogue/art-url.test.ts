import { describe, expect, it } from "vitest";
import { artUrl } from "./art-url";

describe("artUrl", () => {
  it("serves the API's art from the site's own origin", () => {
    expect(artUrl("http://127.0.0.1:4000/api/v1/art/cover/neon-requiem.svg")).toBe("/api/v1/art/cover/neon-requiem.svg");
    expect(artUrl("https://api.storyloom.ai/api/v1/art/avatar/juno-vex.svg")).toBe("/api/v1/art/avatar/juno-vex.svg");
  });
  it("leaves every other image alone", () => {
    expect(artUrl("https://example.com/me.png")).toBe("https://example.com/me.png");
    expect(artUrl("https://example.com/api/v1/story.list")).toBe("https://example.com/api/v1/story.list");
  });
});
