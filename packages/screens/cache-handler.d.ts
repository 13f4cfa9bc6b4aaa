/** Whether a full-route cache entry is a rendered not-found page, which is never stored. */
export declare function isNotFoundPage(data: unknown): boolean;

/** Next's file-system cache handler, except that not-found pages are not stored. */
export default class RouteCache {
  constructor(options: { fs: unknown; serverDistDir: string; flushToDisk?: boolean; maxMemoryCacheSize?: number; revalidatedTags?: string[]; dev?: boolean });
  set(key: string, data: unknown, ctx: Record<string, unknown>): Promise<void>;
}
