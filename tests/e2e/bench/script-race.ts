/**
 * Which scripts a Lighthouse report's page finished loading before its own observed (unthrottled)
 * LCP paint. With simulated throttling, Lighthouse builds the LCP from what the unthrottled load had
 * finished by that paint, so each such script is charged to the simulated LCP (at 1.6 Mbps, Next's
 * chunks turn a ~0.9 s LCP into ~2 s). On localhost this is a race between the page's first paint
 * and the server's answers to the chunk requests: the bench prints in how many rounds it was lost.
 */
export interface ScriptRace {
  /** Scripts whose download ended at or before the observed LCP. */
  scripts: number;
  /** Their bytes on the wire. */
  bytes: number;
}

interface Report {
  audits: Record<string, unknown>;
}
interface NetworkRequest {
  resourceType?: string;
  networkEndTime?: number;
  transferSize?: number;
  finished?: boolean;
}

/**
 * Null when the report lacks the observed LCP or the request list (a page with no contentful
 * paint, or a report format this does not know): the bench then prints no verdict for the round.
 */
export function scriptsBeforeLcp(report: Report): ScriptRace | null {
  const metrics = (report.audits.metrics as { details?: { items?: { observedLargestContentfulPaint?: number }[] } } | undefined)?.details?.items?.[0];
  const lcp = metrics?.observedLargestContentfulPaint;
  const requests = (report.audits["network-requests"] as { details?: { items?: NetworkRequest[] } } | undefined)?.details?.items;
  if (typeof lcp !== "number" || !Number.isFinite(lcp) || !Array.isArray(requests)) return null;
  let scripts = 0;
  let bytes = 0;
  for (const r of requests) {
    // Both times count from the navigation's start (Lighthouse 10+).
    if (r.resourceType !== "Script" || r.finished === false || typeof r.networkEndTime !== "number" || r.networkEndTime > lcp) continue;
    scripts++;
    bytes += r.transferSize ?? 0;
  }
  return { scripts, bytes };
}
