import { describe, expect, it } from "vitest";
import { scriptsBeforeLcp } from "./script-race";

// Trimmed from a Lighthouse 13 report of the Storyloom home page (simulated throttling).
const report = (observedLcp: number | undefined, items: object[] | undefined) => ({
  audits: {
    metrics: { details: { items: [{ observedFirstContentfulPaint: 140, observedLargestContentfulPaint: observedLcp }] } },
    "network-requests": { details: { items } },
  },
});
const requests = [
  { url: "http://127.0.0.1:3000/", resourceType: "Document", networkEndTime: 97.6, transferSize: 25116, finished: true },
  { url: "http://127.0.0.1:3000/_next/static/chunks/a.js", resourceType: "Script", networkEndTime: 90, transferSize: 2474, finished: true },
  { url: "http://127.0.0.1:3000/_next/static/chunks/b.js", resourceType: "Script", networkEndTime: 187, transferSize: 8436, finished: true },
  { url: "http://127.0.0.1:3000/_next/static/chunks/c.js", resourceType: "Script", networkEndTime: 325.5, transferSize: 69665, finished: true },
  { url: "data:image/webp;base64,UklGR", resourceType: "Image", networkEndTime: 140.3, transferSize: 0, finished: true },
];

describe("scriptsBeforeLcp", () => {
  it("counts the scripts that finished by the observed LCP, the paint itself included, and their bytes", () => {
    expect(scriptsBeforeLcp(report(187, requests))).toEqual({ scripts: 2, bytes: 2474 + 8436 });
  });

  it("reads a race won as no scripts, and leaves out documents, images and unfinished requests", () => {
    expect(scriptsBeforeLcp(report(89, requests))).toEqual({ scripts: 0, bytes: 0 });
    const unfinished = [{ resourceType: "Script", networkEndTime: 50, transferSize: 900, finished: false }];
    expect(scriptsBeforeLcp(report(400, unfinished))).toEqual({ scripts: 0, bytes: 0 });
  });

  it("is null without an observed LCP or a request list", () => {
    expect(scriptsBeforeLcp(report(undefined, requests))).toBeNull();
    expect(scriptsBeforeLcp(report(187, undefined))).toBeNull();
    expect(scriptsBeforeLcp({ audits: {} })).toBeNull();
  });
});
