/**
 * The scripts a current browser downloads for an HTML document on first visit: every
 * `<script src>` except `noModule` ones (ES-module browsers skip those legacy polyfills), and every `<link rel="preload|modulepreload" as="script">`. Order of first appearance, no duplicates.
 */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\s${name}(?:=(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?(?=[\\s/>])`, "i").exec(tag);
    const value = (name: string) => {
      const m = attr(name);
      return m ? (m[1] ?? m[2] ?? m[3] ?? "") : undefined;
    };
    if (tag.toLowerCase().startsWith("<script")) {
      const src = value("src");
      if (src && !attr("nomodule")) urls.add(src);
    } else {
      const rel = value("rel")?.toLowerCase();
      const href = value("href");
      if (href && (rel === "modulepreload" || (rel === "preload" && value("as")?.toLowerCase() === "script"))) urls.add(href);
    }
  }
  return [...urls];
}
