import { ART_PATH, artUrl } from "./art-url";
import { serverApiBase } from "../env";

/** Larger pictures are left to load as their own request; inlining them would only delay the page. */
export const INLINE_ART_MAX_BYTES = 12_000;
const TIMEOUT_MS = 2000;

/** An SVG document as a `data:` URL (percent-encoded text, which compresses far better than base64). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The API art path of a cover URL when it is one of the API's generated SVGs, else null. */
export function inlinableArtPath(url: string): string | null {
  const path = artUrl(url);
  return path.startsWith(ART_PATH) && /^[^?#]+\.svg$/i.test(path) ? path : null;
}

/**
 * The above-the-fold covers of a server-rendered page as `data:` URLs, keyed by their original URL.
 * They then paint with the first response instead of a round trip later, which is what the page's
 * largest paint waits for on a slow phone connection. The art of an id never changes, so the fetch
 * is cached by the framework for good. Anything that is not a small generated SVG, or fails, is
 * left out and loads normally.
 */
export async function inlineArt(urls: readonly string[]): Promise<Record<string, string>> {
  const entries = await Promise.all(
    [...new Set(urls)].map(async (url): Promise<[string, string] | null> => {
      const path = inlinableArtPath(url);
      if (!path) return null;
      try {
        // `next.revalidate: false` is Next.js's cache-for-good; plain fetch ignores it.
        const init: RequestInit & { next: { revalidate: false } } = { signal: AbortSignal.timeout(TIMEOUT_MS), next: { revalidate: false } };
        const res = await fetch(`${serverApiBase()}${path}`, init);
        if (!res.ok || !/^image\/svg\+xml\b/.test(res.headers.get("content-type") ?? "")) return null;
        const svg = await res.text();
        return svg.length <= INLINE_ART_MAX_BYTES ? [url, svgDataUrl(svg)] : null;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((e): e is [string, string] => e !== null));
}
