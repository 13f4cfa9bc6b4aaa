import { describe, expect, it } from "vitest";
import { artUrl, avatarSources, coverSources } from "./art-url";

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

// Spec section 9: densities 1 and 2. A picture of a fixed CSS size gets 1x/2x candidates; one
// that scales with the layout keeps its width descriptors.
describe("1x/2x candidates for fixed-size pictures", () => {
  it("a fixed-size cover offers the copy covering 1x and the one covering 2x", () => {
    expect(coverSources("http://127.0.0.1:4000/api/v1/art/cover/neon-requiem.svg", 192)).toEqual({
      src: "/api/v1/art/cover/neon-requiem.webp?w=320",
      srcSet: "/api/v1/art/cover/neon-requiem.webp?w=320 1x, /api/v1/art/cover/neon-requiem.webp?w=640 2x",
    });
    // 2 × 112 px still fits the 320 copy: one address serves both densities.
    expect(coverSources("/api/v1/art/cover/neon-requiem.svg", 112)).toEqual({ src: "/api/v1/art/cover/neon-requiem.webp?w=320" });
    expect(coverSources("https://cdn.example.com/cover.jpg", 192)).toEqual({ src: "https://cdn.example.com/cover.jpg" });
  });

  it("an avatar offers its size and twice its size, never past the 256 px drawing", () => {
    expect(avatarSources("http://127.0.0.1:4000/api/v1/art/avatar/juno-vex.svg", 48)).toEqual({
      src: "/api/v1/art/avatar/juno-vex.webp?w=48",
      srcSet: "/api/v1/art/avatar/juno-vex.webp?w=48 1x, /api/v1/art/avatar/juno-vex.webp?w=96 2x",
    });
    expect(avatarSources("/api/v1/art/avatar/juno-vex.svg", 80)).toEqual({
      src: "/api/v1/art/avatar/juno-vex.webp?w=96",
      srcSet: "/api/v1/art/avatar/juno-vex.webp?w=96 1x, /api/v1/art/avatar/juno-vex.webp?w=256 2x",
    });
    expect(avatarSources("/api/v1/art/avatar/juno-vex.svg", 128).srcSet).toBe(
      "/api/v1/art/avatar/juno-vex.webp?w=128 1x, /api/v1/art/avatar/juno-vex.webp?w=256 2x",
    );
    expect(avatarSources("/api/v1/art/avatar/juno-vex.svg", 192)).toEqual({ src: "/api/v1/art/avatar/juno-vex.webp?w=256" });
    expect(avatarSources("https://example.com/me.png", 80)).toEqual({ src: "https://example.com/me.png" });
  });
});
