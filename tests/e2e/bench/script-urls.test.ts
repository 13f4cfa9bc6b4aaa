import { describe, expect, it } from "vitest";
import { scriptUrls } from "./script-urls";

describe("scriptUrls", () => {
  it("lists script tags and preloaded scripts once each, in order of appearance", () => {
    const html = [
      '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>',
      '<script src="/_next/static/chunks/b.js" async=""></script>',
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      "<link rel=modulepreload href=/m.js>",
      "<script>self.__next_f.push([1,\"inline\"])</script>",
    ].join("");
    expect(scriptUrls(html)).toEqual(["/_next/static/chunks/a.js", "/_next/static/chunks/b.js", "/m.js"]);
  });

  it("leaves out noModule scripts, which browsers with ES modules never download", () => {
    const html = '<script src="/polyfills.js" noModule=""></script><script nomodule src="/legacy.js"></script><script src="/app.js" async></script>';
    expect(scriptUrls(html)).toEqual(["/app.js"]);
  });

  it("leaves out stylesheets, fonts and other preloads", () => {
    const html = '<link rel="stylesheet" href="/a.css"/><link rel="preload" as="font" href="/f.woff2"/><link rel="preload" as="style" href="/b.css"/><link rel="icon" href="/icon.svg"/>';
    expect(scriptUrls(html)).toEqual([]);
  });
});
