import type { NextConfig } from "next";

/** The Next.js config of a brand app: images, headers, transpiled packages and the brand switch. */
export declare function brandNextConfig(appName: "storyloom" | "playshot"): NextConfig;

/** The build folder: NEXT_DIST_DIR, else `.next`. */
export declare function distDir(): string;

/** The catalogue's sort orders whose plain view is served from the full-route cache. */
export declare const CACHED_SORTS: readonly string[];
