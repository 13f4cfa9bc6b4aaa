import { serverApiBase } from "../env";
import { artUrl } from "./art-url";

/** The spec width of the inlined copy: on a phone the lead cover is ~184 CSS px wide, 320 device px at 1.75×. */
export const LEAD_COVER_WIDTH = 320;
/** A larger answer is not inlined: it would delay the whole page more than its own request would. */
export const LEAD_COVER_MAX_BYTES = 8_000;
const TIMEOUT_MS = 1500;

/** The API path of a generated cover's small WebP copy (via artUrl, absolute or site-relative), else null. */
export function leadCoverPath(url: string): string | null {
  const path = artUrl(url);
  return /^\/api\/v1\/art\/cover\/[a-z0-9][a-z0-9-]*\.webp$/.test(path) ? `${path}?w=${LEAD_COVER_WIDTH}` : null;
}

/**
 * The page's lead cover as a `data:` URL of its small WebP copy, so it paints with the first
 * response: on a phone connection a separate request costs a full round trip after the HTML, and
 * this picture is the page's largest paint. The full-size copy still loads over it. The art of an
 * id never changes, so the fetch is cached for good. Anything else, too large, or failing → null
 * (the cover then simply loads as a request).
 */
export async function inlineLeadCover(url: string | undefined): Promise<string | null> {
  const path = url ? leadCoverPath(url) : null;
  if (!path) return null;
  try {
    // `next.revalidate: false` is Next.js's cache-for-good; plain fetch ignores it.
    const init: RequestInit & { next: { revalidate: false } } = { signal: AbortSignal.timeout(TIMEOUT_MS), next: { revalidate: false } };
    const res = await fetch(`${serverApiBase()}${path}`, init);
    if (!res.ok || res.headers.get("content-type")?.split(";")[0]?.trim() !== "image/webp") return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length === 0 || bytes.length > LEAD_COVER_MAX_BYTES) return null;
    return `data:image/webp;base64,${bytes.toString("base64")}`;
  } catch {
    return null;
  }
}
