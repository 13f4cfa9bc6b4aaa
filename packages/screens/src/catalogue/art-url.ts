/** Where the sites serve the API's generated art: the same path on their own origin, proxied to the API. */
export const ART_PATH = "/api/v1/art/";

/**
 * The site-relative address of the API's story art (covers, avatars). Loaded from the page's own
 * origin, a cover needs no second connection before it can paint — it is the LCP element of most
 * pages. Any other image URL passes through unchanged.
 */
export function artUrl(url: string): string {
  const m = /^https?:\/\/[^/]+(\/api\/v1\/art\/.*)$/i.exec(url);
  return m ? m[1]! : url;
}
