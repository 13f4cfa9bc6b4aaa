import { describe, expect, it } from "vitest";
import { lcpElement } from "./lcp-element";

// The shape of Lighthouse 13's lcp-breakdown-insight, as read from a report of the home page.
const breakdown = {
  details: {
    type: "list",
    items: [
      {
        type: "table",
        headings: [],
        items: [
          { subpart: "timeToFirstByte", label: "Time to first byte", duration: 28.4 },
          { subpart: "elementRenderDelay", label: "Element render delay", duration: 779.6 },
        ],
      },
      { type: "node", lhId: "page-0-IMG", selector: "li > article.group > div.relative > img.absolute", snippet: "<img …>", nodeLabel: "" },
    ],
  },
};

describe("lcpElement", () => {
  it("reads the element's selector and its rounded subparts", () => {
    expect(lcpElement({ audits: { "lcp-breakdown-insight": breakdown } })).toEqual({
      selector: "li > article.group > div.relative > img.absolute",
      subparts: { timeToFirstByte: 28, elementRenderDelay: 780 },
    });
  });

  it("is null when the report has no breakdown or the breakdown names no element", () => {
    expect(lcpElement({ audits: {} })).toBeNull();
    expect(lcpElement({ audits: { "lcp-breakdown-insight": { details: { items: [breakdown.details.items[0]] } } } })).toBeNull();
    expect(lcpElement({ audits: { "lcp-breakdown-insight": {} } })).toBeNull();
  });

  it("skips subparts without a finite duration", () => {
    const odd = { details: { items: [{ type: "table", items: [{ subpart: "resourceLoadDelay", duration: null }, { subpart: "elementRenderDelay", duration: 12 }] }, breakdown.details.items[1]] } };
    expect(lcpElement({ audits: { "lcp-breakdown-insight": odd } })?.subparts).toEqual({ elementRenderDelay: 12 });
  });
});
