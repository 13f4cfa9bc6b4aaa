// The full-route cache of both brand apps: Next's own file-system cache, except that a not-found
// answer is never stored. Story and character pages are cached on their first visit (see
// generateStaticParams in story-screen.tsx); without this, every made-up slug would leave a page on
// disk, so anyone could fill the server's disk by requesting /story/<anything>. An unknown slug is
// rendered on each request instead, as before caching, which costs a render and changes nothing.
// Next 16.4 has no public option for this; the base class is the handler Next uses by default, with
// the same constructor options (pinned Next version, covered by the e2e suite).
import fileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";

const FileSystemCache = fileSystemCache.default ?? fileSystemCache;

/** Whether a cache entry is a rendered not-found page (status 404), which must not be stored. */
export function isNotFoundPage(data) {
  return Boolean(data && data.kind === "APP_PAGE" && data.status === 404);
}

export default class RouteCache extends FileSystemCache {
  async set(key, data, ctx) {
    if (isNotFoundPage(data)) return;
    return super.set(key, data, ctx);
  }
}
