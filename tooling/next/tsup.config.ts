import { defineConfig } from "tsup";

// One file per entry, side by side in dist/: next-config.js names the cache handler by its path next
// to itself (`./cache-handler.js`), and the bin shim imports `cli.js`. `next` stays external (a peer).
export default defineConfig({
  entry: {
    "next-config": "src/next-config.ts",
    "cache-handler": "src/cache-handler.ts",
    "compile-hints": "src/compile-hints.ts",
    cli: "src/cli.ts",
  },
  format: ["esm"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  platform: "node",
  outDir: "dist",
  external: ["next"],
});
