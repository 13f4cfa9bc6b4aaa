// The full-route cache of both brand apps: Next's own file-system cache, except that a not-found
// answer is never stored. Story and character pages are cached on their first visit (see
// generateStaticParams in story-screen.tsx); without this, every made-up slug would leave a page on
// disk, so anyone could fill the server's disk by requesting /story/<anything>. An unknown slug is
// rendered on each request instead, as before caching, which costs a render and changes nothing.
// Next 16.4 has no public option for this; the base class is the handler Next uses by default, with
// the same constructor options. It is a Next internal, hence the exact `next` peer in package.json
// (and the e2e suite covers it).
import { createRequire } from "node:module";
import type NextFileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";

// A CommonJS module: required, its class is always `.default` (an ESM import of it would be the
// exports object under Node but the class under bundlers and vitest).
const require = createRequire(import.meta.url);
const FileSystemCache = (
  require("next/dist/server/lib/incremental-cache/file-system-cache.js") as {
    default: typeof NextFileSystemCache;
  }
).default;

type SetArgs = Parameters<InstanceType<typeof FileSystemCache>["set"]>;

/** Whether a cache entry is a rendered not-found page (status 404), which must not be stored. */
export function isNotFoundPage(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const entry = data as { kind?: unknown; status?: unknown };
  return entry.kind === "APP_PAGE" && entry.status === 404;
}

/** Next's file-system cache handler, except that not-found pages are not stored. */
export default class RouteCache extends FileSystemCache {
  override async set(key: SetArgs[0], data: SetArgs[1], ctx: SetArgs[2]): Promise<void> {
    if (isNotFoundPage(data)) return;
    return super.set(key, data, ctx);
  }
}
