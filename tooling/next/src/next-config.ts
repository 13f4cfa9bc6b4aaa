// The Next.js config both brand apps share; an app only names its brand. next.config.ts loads it
// through Node before any TypeScript tooling runs, so the apps import the built file (dist/).
import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";
import { securityHeaders } from "./security-headers.js";

/** The brand of an app: every screen reads it from APP_NAME. */
export type AppName = "storyloom" | "playshot";

/**
 * The catalogue's sort orders (SORTS in packages/screens/src/catalogue/query.ts), each served from the
 * full-route cache; a test in screens keeps the two lists equal.
 */
export const CACHED_SORTS: readonly string[] = ["popular", "new", "trending"];

/** The build folder: NEXT_DIST_DIR lets a test run build and serve its own copy, else `.next`. */
export function distDir(): string {
  return process.env.NEXT_DIST_DIR || ".next";
}

/**
 * The cache handler's file, next to this module: dist/cache-handler.js once built (Next loads it by
 * path, so it must be the compiled file). The path is absolute on the build machine only: `next
 * build` traces the file into the standalone output and records it relative to the build folder
 * (required-server-files.json, and the standalone server.js's config), which package.test.ts checks.
 */
export function cacheHandlerPath(): string {
  return fileURLToPath(new URL("./cache-handler.js", import.meta.url));
}

/**
 * The monorepo's root (this package is tooling/next, its module src/ or dist/): the standalone
 * output traces files from here, so the workspace packages an app imports land in the bundle, laid
 * out as in the repo (`<distDir>/standalone/apps/<app>/server.js`).
 */
export function tracingRoot(): string {
  return fileURLToPath(new URL("../../../", import.meta.url));
}

/** The Next.js config of a brand app: images, headers, transpiled packages and the brand switch. */
export function brandNextConfig(appName: AppName): NextConfig {
  // Covers and avatars are served by the API; allow its default local addresses and the configured one.
  const apiUrl = new URL(process.env.NEXT_PUBLIC_API_URL || "http://127.0.0.1:4000");
  const apiHosts = [apiUrl, new URL("http://127.0.0.1:4000"), new URL("http://localhost:4000")];
  return {
    // The one brand switch: every screen reads the brand from APP_NAME (inlined at build).
    // PARENT_ORIGINS: the parent pages allowed to frame the site (payments' frame messaging), read at build.
    env: { APP_NAME: appName, PARENT_ORIGINS: process.env.PARENT_ORIGINS || "" },
    // Lets a test run build and serve its own copy while teammates rebuild .next in the same tree.
    distDir: distDir(),
    // `<distDir>/standalone`: a server (server.js) with only the files it needs, which runs with
    // plain `node` away from the repo; `pnpm deploy:bundle` (scripts/bundle.mjs) adds the static
    // files Next leaves out. `next start` still serves the build, with a warning saying so.
    output: "standalone",
    outputFileTracingRoot: tracingRoot(),
    poweredByHeader: false,
    // The sites' full-route and data cache, on Next's public interface, minus not-found pages
    // (cache-handler.ts says why).
    cacheHandler: cacheHandlerPath(),
    // NEXT_SOURCE_MAPS=1 ships browser source maps, for attributing bundle bytes to sources.
    productionBrowserSourceMaps: process.env.NEXT_SOURCE_MAPS === "1",
    reactStrictMode: true,
    // Types are the `typecheck` task's job (`next typegen`, then TypeScript 7 over the app with the
    // route types Next generates), as lint is the `lint` task's: the build skips its own pass with
    // TypeScript 5.9, 17–18 s of each app's build here.
    typescript: { ignoreBuildErrors: true },
    // Workspace packages ship TypeScript source; Next compiles them with the app.
    transpilePackages: ["@storyloom/screens", "@storyloom/ui", "@storyloom/api-client", "@storyloom/payments", "@storyloom/tracking", "@storyloom/contract", "@storyloom/story-script"],
    images: {
      // The spec's widths (section 9); fixed-size images get 1x and 2x from the same list.
      deviceSizes: [320, 640, 768, 1024, 1280, 1536],
      imageSizes: [],
      formats: ["image/webp"],
      qualities: [75, 100],
      remotePatterns: apiHosts.map((u) => ({
        protocol: u.protocol === "https:" ? ("https" as const) : ("http" as const),
        hostname: u.hostname,
        port: u.port,
        pathname: "/**",
      })),
    },
    // The API's generated art is served from the site's own origin (no extra connection before the
    // covers, the largest paint of most pages, can load); the API answers it with immutable caching.
    async rewrites() {
      const api = (process.env.API_INTERNAL_URL || process.env.NEXT_PUBLIC_API_URL || "http://127.0.0.1:4000").replace(/\/+$/, "");
      return {
        // The unfiltered catalogue (no search, no category) is the same for everyone: served from the
        // full-route cache under the same address (home-screen.tsx, CachedHomeScreen).
        beforeFiles: [
          { source: "/", missing: [{ type: "query", key: "q" }, { type: "query", key: "category" }, { type: "query", key: "sort" }], destination: "/catalogue/popular" },
          // The sort ids of catalogue/query.ts (SORTS); a test keeps the two lists equal.
          { source: "/", has: [{ type: "query", key: "sort", value: `(?<sort>${CACHED_SORTS.join("|")})` }], missing: [{ type: "query", key: "q" }, { type: "query", key: "category" }], destination: "/catalogue/:sort" },
        ],
        afterFiles: [{ source: "/api/v1/art/:path*", destination: `${api}/api/v1/art/:path*` }],
        fallback: [],
      };
    },
    // The cached catalogue's own address is internal: a visit there goes to the page it serves.
    // (A render reached that way would also store the wrong address in the cached page.)
    async redirects() {
      return [{ source: "/catalogue/:sort", destination: "/?sort=:sort", permanent: false }];
    },
    async headers() {
      // The whole site stays out of search indexes (spec section 1), error pages included; every
      // page carries the security headers (security-headers.ts), read from the build's settings.
      return [{ source: "/:path*", headers: [{ key: "X-Robots-Tag", value: "noindex, nofollow" }, ...securityHeaders(process.env)] }];
    },
  };
}
