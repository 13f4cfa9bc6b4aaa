// The full-route and data cache of both brand apps (Next's `cacheHandler`), written to Next's public
// cache-handler interface (get, set, revalidateTag, resetRequestCache) rather than as a subclass of
// Next's internal file-system cache, which it replaces (issue #42). It keeps what that cache gave:
// rendered pages and fetch answers are stored on disk in the build folder, so they survive a restart
// of the same build and a new build starts empty; a byte-bounded in-memory LRU sits in front; tags
// passed to revalidateTag (and revalidatePath's) make the entries carrying them be rendered anew.
//
// It is kept for safety rather than speed: a not-found answer is never stored. Story and character
// pages are cached on their first visit (see generateStaticParams in story-screen.tsx); without this,
// every made-up slug would leave a page on disk, so anyone could fill the server's disk by requesting
// /story/<anything>. An unknown slug is rendered on each request instead, as before caching, which
// costs a render and changes nothing. The disk is bounded besides (RouteCache.diskLimitBytes), so
// that nothing else can fill it either.
//
// Pages prerendered by `next build` are read from the build output (readBuildSeed): with a custom
// handler Next no longer reads them itself, it would render each once more on its first request.
//
// A cached page is answered with a `Link: rel=preload` header for its stylesheets (stylesheetPreload),
// as Next answers a page it renders per request: the browser asks for the render-blocking stylesheet
// when the response's headers arrive rather than once the HTML has.
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { deserialize, serialize } from "node:v8";

// The interface's types, as far as used here, declared rather than imported: Next's own
// (CacheHandlerContext, CacheHandlerValue in next/dist/server/lib/incremental-cache) drag in its
// internal module graph.

/** What Next passes the handler's constructor. */
export interface CacheHandlerContext {
  /** The build's server folder (`<distDir>/server`). */
  serverDistDir?: string;
  /** `isrFlushToDisk` (default true): false keeps entries in memory only. */
  flushToDisk?: boolean;
  /** `cacheMaxMemorySize` (default 50 MB): 0 keeps no entry in memory. */
  maxMemoryCacheSize?: number;
  /** Tags revalidated by an earlier request, in minimal mode only. */
  revalidatedTags?: string[];
}

/** A cached value: a rendered page or route (APP_PAGE, APP_ROUTE, PAGES), a fetch answer (FETCH)… */
export interface CacheValue {
  kind: string;
  headers?: Record<string, string | string[] | undefined>;
  status?: number;
  [field: string]: unknown;
}

/** What get answers. */
export interface CacheHandlerValue {
  lastModified: number;
  value: CacheValue | null;
  cacheControl?: unknown;
}

/** The context of get: the kind asked for, and a fetch's tags. */
export interface GetContext {
  kind: string;
  tags?: string[];
  softTags?: string[];
  isFallback?: boolean;
  isRoutePPREnabled?: boolean;
}

/** The context of set: a fetch's tags, or a page's lifetime. */
export interface SetContext {
  fetchCache?: boolean;
  tags?: string[];
  cacheControl?: unknown;
  isFallback?: boolean;
}

/** An entry as stored, in memory and (v8-serialized) on disk. */
export interface Stored {
  key: string;
  lastModified: number;
  value: CacheValue;
  cacheControl?: unknown;
  /** A fetch's tags; a page's are in its `x-next-cache-tags` header. */
  tags: string[];
}

/** When a tag was revalidated: entries older than `stale` are rendered anew, as are those older than `expired` once it passed. */
export interface TagState {
  stale?: number;
  expired?: number;
}

/**
 * The cache of one build folder. Next creates a handler per request, so what must outlive one lives
 * here, one per folder (as the file-system cache kept its memory cache and tags in statics).
 */
interface Store {
  dir: string | undefined;
  memory: Map<string, { record: Stored; bytes: number }>;
  memoryBytes: number;
  memoryLimit: number;
  /** File name → bytes of each entry on disk, counted at start and kept up to date. */
  disk: Map<string, number>;
  diskBytes: number;
  tags: Map<string, TagState>;
  ready: Promise<void>;
}

const stores = new Map<string, Store>();

const ENTRY_SUFFIX = ".entry";
const TAGS_FILE = "tags.json";
/** The header in which Next lists a rendered page's tags, implicit ones (its path's) included. */
const CACHE_TAGS_HEADER = "x-next-cache-tags";
/** How Next scopes a page's key: `/route-cache/<kind>/<owner hash>/$<page path>`. */
const ROUTE_KEY = /^\/route-cache\/(APP_PAGE|APP_ROUTE)\/[0-9a-f]+\/\$(\/.*)$/;

/** Whether a cache entry is a rendered not-found page (status 404), which must not be stored. */
export function isNotFoundPage(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const entry = data as { kind?: unknown; status?: unknown };
  return entry.kind === "APP_PAGE" && entry.status === 404;
}

/** Next's cache handler for both apps: disk under an in-memory LRU, not-found pages never stored. */
export default class RouteCache {
  /**
   * Bytes of entries on disk at most (512 MiB, some thousands of pages): past it a new entry is kept
   * in memory only, while entries already on disk may still be replaced.
   */
  static diskLimitBytes = 512 * 1024 * 1024;

  private readonly store: Store;
  private readonly serverDistDir: string | undefined;
  private readonly revalidatedTags: readonly string[];

  constructor(ctx: CacheHandlerContext) {
    const flush = ctx.flushToDisk !== false && Boolean(ctx.serverDistDir);
    this.serverDistDir = ctx.serverDistDir;
    this.revalidatedTags = ctx.revalidatedTags ?? [];
    this.store = openStore(
      flush ? join(ctx.serverDistDir!, "storyloom-cache") : undefined,
      ctx.maxMemoryCacheSize ?? 0,
    );
  }

  async get(key: string, ctx: GetContext): Promise<CacheHandlerValue | null> {
    const store = this.store;
    await store.ready;
    let record = memoryGet(store, key);
    if (!record && store.dir) {
      const found = (await readEntry(store, key)) ?? (await this.readBuildSeed(key, ctx));
      if (found) {
        memorySet(store, found.record, found.bytes);
        record = found.record;
      }
    }
    if (!record) return null;
    const tags =
      record.value.kind === "FETCH"
        ? [...record.tags, ...(ctx.tags ?? []), ...(ctx.softTags ?? [])]
        : responseTags(record.value);
    if (tags.some((tag) => this.revalidatedTags.includes(tag))) return null;
    if (revalidatedSince(store.tags, tags, record.lastModified, Date.now())) return null;
    return { lastModified: record.lastModified, value: record.value, cacheControl: record.cacheControl };
  }

  async set(key: string, data: CacheValue | null, ctx: SetContext): Promise<void> {
    const store = this.store;
    await store.ready;
    // A not-found page is not stored, and one that was cached under its key (a story since deleted)
    // goes, so that it is not served again.
    if (data === null || isNotFoundPage(data)) return removeEntry(store, key);
    const record: Stored = {
      key,
      lastModified: Date.now(),
      value: withStylesheetPreload(data),
      cacheControl: ctx.fetchCache ? undefined : ctx.cacheControl,
      tags: ctx.fetchCache ? (ctx.tags ?? []) : [],
    };
    const bytes = encode(record);
    memorySet(store, record, bytes.length);
    if (store.dir)
      await writeEntry(store, key, bytes, (this.constructor as typeof RouteCache).diskLimitBytes);
  }

  async revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void> {
    const store = this.store;
    await store.ready;
    const now = Date.now();
    for (const tag of typeof tags === "string" ? [tags] : tags) {
      const state = { ...store.tags.get(tag) };
      // As Next's file-system cache: with durations (revalidateTag(tag, profile)) the entries are
      // stale now and expire later; without, they expire now. Either way this handler has them
      // rendered anew on their next request (revalidatedSince says why).
      if (durations) {
        state.stale = now;
        if (durations.expire !== undefined) state.expired = now + durations.expire * 1000;
      } else {
        state.expired = now;
      }
      store.tags.set(tag, state);
    }
    if (store.dir) await writeAtomic(store.dir, TAGS_FILE, JSON.stringify(Object.fromEntries(store.tags)));
  }

  /** Nothing is kept per request. */
  resetRequestCache(): void {}

  /**
   * A page `next build` prerendered, from the build output (`server/app/<path>.html|.rsc|.meta`, or
   * `.body` for a route), as Next's file-system cache reads it: with a custom handler Next does not.
   * Its `.meta` names the scoped key it was rendered for, so a page of another route at the same path
   * is not taken. The layout is Next's (16.4), not a documented one: if it changes, nothing is found
   * and the page is rendered on its first request instead (x-nextjs-cache: MISS on /about).
   */
  private async readBuildSeed(
    key: string,
    ctx: GetContext,
  ): Promise<{ record: Stored; bytes: number } | undefined> {
    const match = ROUTE_KEY.exec(key);
    if (!match || !this.serverDistDir || ctx.kind !== match[1]) return undefined;
    const appDir = resolve(this.serverDistDir, "app");
    const base = resolve(appDir, `.${match[2]}`);
    if (!base.startsWith(appDir + sep)) return undefined;
    try {
      const meta = JSON.parse(await readFile(`${base}.meta`, "utf8")) as SeedMeta;
      if (meta.routeCache?.key !== key || Boolean(meta.routeCache.isFallback) !== Boolean(ctx.isFallback))
        return undefined;
      const primary = `${base}${ctx.kind === "APP_ROUTE" ? ".body" : ".html"}`;
      const lastModified = meta.routeCacheLastModified ?? (await stat(primary)).mtimeMs;
      let value: CacheValue;
      if (ctx.kind === "APP_ROUTE") {
        value = {
          kind: "APP_ROUTE",
          body: await readFile(primary),
          headers: meta.headers,
          status: meta.status,
        };
      } else {
        const withRsc = !ctx.isFallback && (!ctx.isRoutePPREnabled || meta.postponed == null);
        let segmentData: Map<string, Buffer> | undefined;
        if (meta.segmentPaths) {
          const segments = new Map<string, Buffer>();
          segmentData = segments;
          await Promise.all(
            meta.segmentPaths.map(async (path) => {
              // A missing segment is served as a dynamic one, as Next does.
              await readFile(`${base}.segments${path}.segment.rsc`).then(
                (data) => segments.set(path, data),
                () => undefined,
              );
            }),
          );
        }
        value = {
          kind: "APP_PAGE",
          html: await readFile(primary, "utf8"),
          rscData: withRsc ? await readFile(`${base}.rsc`) : undefined,
          postponed: meta.postponed,
          headers: meta.headers,
          status: meta.status,
          segmentData,
        };
      }
      const record: Stored = {
        key,
        lastModified,
        value: withStylesheetPreload(value),
        cacheControl: meta.cacheControl,
        tags: [],
      };
      return { record, bytes: encode(record).length };
    } catch {
      return undefined;
    }
  }
}

/**
 * The `Link` header that preloads a page's stylesheets: each `<link rel="stylesheet">` of its
 * `<head>`, as React's `onHeaders` gives Next for a page rendered per request (`<href>; rel=preload;
 * as="style"`, with the link's crossorigin). Next does not keep that header with the pages it caches
 * or prerenders, so a cached page's stylesheet is asked for only once its HTML has arrived, and the
 * first paint waits for it. Undefined when the page has none, or a stylesheet whose preload would
 * not match it (integrity, media) or whose address cannot go in a header.
 */
export function stylesheetPreload(html: string): string | undefined {
  const end = html.indexOf("</head>");
  if (end < 0) return undefined;
  const entries: string[] = [];
  for (const [tag] of html.slice(0, end).matchAll(/<link\b[^>]*>/gi)) {
    // React writes every attribute's value in double quotes (an attribute without one is empty).
    const attributes = new Map(
      [...tag.matchAll(/\s([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [
        name!.toLowerCase(),
        value ?? "",
      ]),
    );
    if (attributes.get("rel")?.toLowerCase() !== "stylesheet") continue;
    const href = attributes.get("href")?.replaceAll("&amp;", "&");
    if (!href || !/^[^\s<>",;]+$/.test(href) || attributes.has("integrity") || attributes.has("media"))
      return undefined;
    const cors = attributes.get("crossorigin");
    const mode =
      cors === undefined
        ? ""
        : cors === "use-credentials"
          ? '; crossorigin="use-credentials"'
          : "; crossorigin";
    entries.push(`<${href}>; rel=preload; as="style"${mode}`);
  }
  return entries.length ? entries.join(", ") : undefined;
}

/** A rendered page with its stylesheets' preload header added (stylesheetPreload), unless it has one. */
function withStylesheetPreload(value: CacheValue): CacheValue {
  if (value.kind !== "APP_PAGE" || typeof value.html !== "string") return value;
  if (Object.keys(value.headers ?? {}).some((name) => name.toLowerCase() === "link")) return value;
  const link = stylesheetPreload(value.html);
  return link ? { ...value, headers: { ...value.headers, link } } : value;
}

/** The `.meta` file `next build` writes beside a prerendered page. */
interface SeedMeta {
  routeCache?: { key?: string; isFallback?: boolean };
  routeCacheLastModified?: number;
  headers?: Record<string, string | string[] | undefined>;
  status?: number;
  postponed?: string;
  segmentPaths?: string[];
  cacheControl?: unknown;
}

function openStore(dir: string | undefined, memoryLimit: number): Store {
  const id = dir ?? "";
  let store = stores.get(id);
  if (!store) {
    const created: Store = {
      dir,
      memory: new Map(),
      memoryBytes: 0,
      memoryLimit,
      disk: new Map(),
      diskBytes: 0,
      tags: new Map(),
      ready: Promise.resolve(),
    };
    created.ready = dir ? loadDisk(created, dir) : Promise.resolve();
    stores.set(id, (store = created));
  }
  return store;
}

/** Counts the entries an earlier run of this build left, and reads the tags it revalidated. */
async function loadDisk(store: Store, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    if (name.endsWith(ENTRY_SUFFIX)) {
      const { size } = await stat(join(dir, name));
      store.disk.set(name, size);
      store.diskBytes += size;
    } else if (name.endsWith(".tmp")) {
      // Left by a write cut short.
      await unlink(join(dir, name)).catch(() => undefined);
    }
  }
  try {
    const saved = JSON.parse(await readFile(join(dir, TAGS_FILE), "utf8")) as Record<string, TagState>;
    for (const [tag, state] of Object.entries(saved)) store.tags.set(tag, state);
  } catch {
    // No tag revalidated yet.
  }
}

function memoryGet(store: Store, key: string): Stored | undefined {
  const hit = store.memory.get(key);
  if (!hit) return undefined;
  // Most recently used last: eviction takes the first.
  store.memory.delete(key);
  store.memory.set(key, hit);
  return hit.record;
}

function memorySet(store: Store, record: Stored, bytes: number): void {
  memoryDelete(store, record.key);
  if (bytes > store.memoryLimit) return;
  store.memory.set(record.key, { record, bytes });
  store.memoryBytes += bytes;
  for (const [key, { bytes: size }] of store.memory) {
    if (store.memoryBytes <= store.memoryLimit) break;
    store.memory.delete(key);
    store.memoryBytes -= size;
  }
}

function memoryDelete(store: Store, key: string): void {
  const previous = store.memory.get(key);
  if (!previous) return;
  store.memory.delete(key);
  store.memoryBytes -= previous.bytes;
}

/** An entry's file: keys are paths and hashes of any length, so the file is named by a hash of the key. */
function entryFile(key: string): string {
  return createHash("sha256").update(key).digest("hex") + ENTRY_SUFFIX;
}

async function readEntry(store: Store, key: string): Promise<{ record: Stored; bytes: number } | undefined> {
  const name = entryFile(key);
  try {
    const bytes = await readFile(join(store.dir!, name));
    const record = decode(bytes);
    if (record.key !== key) return undefined;
    // Written by another server on the same build folder since this one counted.
    if (!store.disk.has(name)) {
      store.disk.set(name, bytes.length);
      store.diskBytes += bytes.length;
    }
    return { record, bytes: bytes.length };
  } catch {
    return undefined;
  }
}

async function writeEntry(store: Store, key: string, bytes: Buffer, limit: number): Promise<void> {
  const name = entryFile(key);
  const previous = store.disk.get(name) ?? 0;
  if (store.diskBytes - previous + bytes.length > limit) return;
  // Counted before the write, so that concurrent writes cannot pass the bound together.
  store.disk.set(name, bytes.length);
  store.diskBytes += bytes.length - previous;
  try {
    await writeAtomic(store.dir!, name, bytes);
  } catch (error) {
    store.disk.set(name, previous);
    store.diskBytes -= bytes.length - previous;
    if (!previous) store.disk.delete(name);
    throw error;
  }
}

async function removeEntry(store: Store, key: string): Promise<void> {
  memoryDelete(store, key);
  if (!store.dir) return;
  const name = entryFile(key);
  const previous = store.disk.get(name);
  if (previous === undefined) return;
  store.disk.delete(name);
  store.diskBytes -= previous;
  await unlink(join(store.dir, name)).catch(() => undefined);
}

/**
 * An entry's bytes. v8 keeps a string with any character past Latin-1 (a page's) in two bytes a
 * character, so a page's HTML and a fetch's body go in as UTF-8 buffers, half the size on disk.
 */
export function encode(record: Stored): Buffer {
  const { value } = record;
  const data = value.data as { body?: unknown } | undefined;
  const utf8 = {
    html: typeof value.html === "string" ? Buffer.from(value.html) : undefined,
    body: value.kind === "FETCH" && typeof data?.body === "string" ? Buffer.from(data.body) : undefined,
  };
  const slim = {
    ...value,
    ...(utf8.html && { html: utf8.html }),
    ...(utf8.body && { data: { ...data, body: utf8.body } }),
  };
  return serialize({ ...record, value: slim, utf8: { html: Boolean(utf8.html), body: Boolean(utf8.body) } });
}

/** An entry from its bytes (encode's inverse). */
export function decode(bytes: Buffer): Stored {
  const { utf8, ...record } = deserialize(bytes) as Stored & { utf8?: { html: boolean; body: boolean } };
  const value = record.value;
  if (utf8?.html) value.html = (value.html as Buffer).toString("utf8");
  if (utf8?.body) {
    const data = value.data as { body: Buffer };
    value.data = { ...data, body: data.body.toString("utf8") };
  }
  return record;
}

/** Written beside and renamed over, so that a reader never sees half a file. */
async function writeAtomic(dir: string, name: string, data: string | Buffer): Promise<void> {
  const temporary = join(dir, `${name}.${randomUUID()}.tmp`);
  await writeFile(temporary, data);
  await rename(temporary, join(dir, name));
}

/** A rendered page's tags, from the header Next renders them into. */
function responseTags(value: CacheValue): string[] {
  const header = value.headers?.[CACHE_TAGS_HEADER];
  return typeof header === "string" && header ? header.split(",") : [];
}

/**
 * Whether a tag of the entry was revalidated after it was stored. Next's file-system cache answers
 * a stale entry and Next revalidates it in the background, through a tag list Next reads and only
 * that class writes. The interface has no field for "stale" (a lastModified of -1 has Next render
 * before answering, as nothing does), so a stale entry is answered as missing and rendered on its
 * request.
 */
export function revalidatedSince(
  tags: ReadonlyMap<string, TagState>,
  entryTags: readonly string[],
  lastModified: number,
  now: number,
): boolean {
  return entryTags.some((tag) => {
    const state = tags.get(tag);
    if (!state) return false;
    if (state.stale !== undefined && state.stale > lastModified) return true;
    return state.expired !== undefined && state.expired <= now && state.expired > lastModified;
  });
}
