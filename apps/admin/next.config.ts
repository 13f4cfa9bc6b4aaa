// The operator console's Next.js config: a plain app (no brand, no full-route cache, no image
// rewrites), so not the brand apps' shared config. Every page is kept out of search indexes and may
// not be framed.
import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";

const config: NextConfig = {
  // Lets a test run build and serve its own copy while teammates rebuild .next in the same tree.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `<distDir>/standalone`: a server that runs with plain `node` away from the repo (`pnpm
  // deploy:bundle`, scripts/bundle.mjs), traced from the monorepo's root so the workspace packages
  // come along. `next start` still serves the build, with a warning saying so.
  output: "standalone",
  outputFileTracingRoot: fileURLToPath(new URL("../..", import.meta.url)),
  poweredByHeader: false,
  reactStrictMode: true,
  // Types are the `typecheck` task's job, as in the brand apps.
  typescript: { ignoreBuildErrors: true },
  // Workspace packages ship TypeScript source; Next compiles them with the app.
  transpilePackages: ["@storyloom/admin-screens", "@storyloom/ui", "@storyloom/api-client", "@storyloom/contract", "@storyloom/story-script"],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default config;
