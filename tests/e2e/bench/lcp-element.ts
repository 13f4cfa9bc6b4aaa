/** What a Lighthouse report says about its page's largest contentful paint, for the bench's diagnostics. */
export interface LcpElement {
  /** CSS path of the LCP element, e.g. `li > article.group > div.relative > img.absolute`. */
  selector: string;
  /** Milliseconds of the LCP's subparts (time to first byte, resource load delay and duration, element render delay). */
  subparts: Record<string, number>;
}

interface Insight {
  details?: { items?: ({ type?: string; selector?: string; items?: { subpart?: string; duration?: number }[] } | undefined)[] };
}

/**
 * The LCP element of a Lighthouse 13 report, from its `lcp-breakdown-insight` audit (a subpart
 * table, then the element's node). Null when the report has no such audit or it names no element:
 * a page with no contentful paint, or an older report format.
 */
export function lcpElement(report: { audits: Record<string, unknown> }): LcpElement | null {
  const items = (report.audits["lcp-breakdown-insight"] as Insight | undefined)?.details?.items ?? [];
  const node = items.find((i) => i?.type === "node" && typeof i.selector === "string");
  if (!node?.selector) return null;
  const subparts: Record<string, number> = {};
  for (const row of items.find((i) => i?.type === "table")?.items ?? []) {
    if (typeof row.subpart === "string" && typeof row.duration === "number" && Number.isFinite(row.duration)) subparts[row.subpart] = Math.round(row.duration);
  }
  return { selector: node.selector, subparts };
}
