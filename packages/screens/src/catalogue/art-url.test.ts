import { describe, expect, it } from "vitest";
import { artUrl, coverSources } from "./art-url";

describe("artUrl", () => {
  it("serves the API's art from the site's own origin, as its WebP copy", () => {
    expect(artUrl("http://127.0.0.1:4000/api/v1/art/cover/neon-requiem.svg")).toBe("/api/v1/art/cover/neon-requiem.webp");
    expect(artUrl("https://api.storyloom.ai/api/v1/art/avatar/juno-vex.svg")).toBe("/api/v1/art/avatar/juno-vex.webp");
    expect(artUrl("/api/v1/art/avatar/juno-vex.svg")).toBe("/api/v1/art/avatar/juno-vex.webp");
  });
  it("leaves every other image alone", () => {
    expect(artUrl("https://example.com/me.png")).toBe("https://example.com/me.png");
    expect(artUrl("https://example.com/api/v1/story.list")).toBe("https://example.com/api/v1/story.list");
  });
});

describe("coverSources", () => {
  it("offers the API's covers as WebP in the spec's widths, from the site's origin", () => {
    expect(coverSources("http://127.0.0.1:4000/api/v1/art/cover/neon-requiem.svg")).toEqual({
      src: "/api/v1/art/cover/neon-requiem.webp?w=640",
      srcSet: "/api/v1/art/cover/neon-requiem.webp?w=320 320w, /api/v1/art/cover/neon-requiem.webp?w=640 600w",
    });
  });
  it("uses any other picture as it is", () => {
    expect(coverSources("https://cdn.example.com/cover.jpg")).toEqual({ src: "https://cdn.example.com/cover.jpg" });
    expect(coverSources("https://cdn.example.com/api/v1/art/cover/x.png")).toEqual({ src: "/api/v1/art/cover/x.png" });
  });
});
