import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { clearCatalogueHere, notifyCatalogueChange, onCatalogueChange } from "./invalidation";
import { revalidateSites } from "./siteRevalidate";

/**
 * A small in-process TTL cache for answers that are the same for every caller (catalogue pages,
 * categories, prices). Nothing per-user goes in here, so any number of API instances stay
 * interchangeable; the TTL bounds how stale a counter (plays, likes) can look. Entries are keyed
 * per database so test servers in one process never share them.
 */
export class TtlCache<V> {
  private readonly byDb = new WeakMap<object, Map<string, { at: number; value: Promise<V> }>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    /** "catalogue": emptied by invalidateCatalogue when a story is published or taken down */
    group?: "catalogue",
  ) {
    if (group === "catalogue") onCatalogueChange((db) => this.clear(db));
  }

  /** Forgets every entry of one database (a load in flight is not served again). */
  clear(db: object): void {
    this.byDb.delete(db);
  }

  /** The cached value of `key`, or the loader's (shared by concurrent callers while it runs). */
  get(db: object, key: string, load: () => Promise<V>): Promise<V> {
    let map = this.byDb.get(db);
    if (!map) {
      map = new Map();
      this.byDb.set(db, map);
    }
    const now = Date.now();
    const hit = map.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (map.size >= this.maxEntries) map.delete(map.keys().next().value!);
    const value = load();
    map.set(key, { at: now, value });
    // A failed load must not be served from the cache.
    value.catch(() => map.delete(key));
    return value;
  }
}

/**
 * Empties this instance's catalogue caches of one database, so a story published, approved, hidden
 * or taken down shows (or is gone) at once here, and tells the other instances (PostgreSQL NOTIFY,
 * sent in the background) so theirs empty within moments; were a notice lost, their TTL (5 s for
 * stories and pages) still bounds it. Call it after the change committed.
 */
export function invalidateCatalogue(db: object): void {
  clearCatalogueHere(db);
  revalidateSites(db);
  notifyCatalogueChange(db).catch((err: unknown) => {
    // The others' caches then expire on their own within seconds.
    console.warn(`[catalogue] could not tell other instances of a change: ${err instanceof Error ? err.message : String(err)}`);
  });
}

/** {@link invalidateCatalogue}, resolving once the other instances have been told (or failing when they could not be). */
export async function invalidateCatalogueEverywhere(db: object): Promise<void> {
  clearCatalogueHere(db);
  revalidateSites(db);
  await notifyCatalogueChange(db);
}

/** Marks an answer as cacheable by browsers and CDNs: fresh for `maxAgeS`, then revalidated in the background. */
export function publicCache(reply: FastifyReply, maxAgeS: number, staleS: number): void {
  reply.header("cache-control", `public, max-age=${maxAgeS}, stale-while-revalidate=${staleS}`);
}

/** Marks an answer as personal: never stored by a shared cache. */
export function privateNoStore(reply: FastifyReply): void {
  reply.header("cache-control", "private, no-store");
}

/**
 * The origin browsers reach this API at: PUBLIC_API_URL when configured, else the request's own
 * origin, so a web app on another port can load the art the answer links to.
 */
export function publicBase(ctx: AppContext, req: FastifyRequest): string {
  const configured = ctx.config.PUBLIC_API_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return `${req.protocol}://${req.host}`;
}

/** Turns a stored relative path into an absolute URL (absolute URLs pass through). */
export function absolute(base: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${base}${path.startsWith("/") ? "" : "/"}${path}`;
}
