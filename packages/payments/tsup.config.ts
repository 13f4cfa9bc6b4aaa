import { defineConfig } from "tsup";

// Three entry points, each its own module: a browser bundle that imports `client` or `frame` never
// reaches the server code (Stripe's Node SDK, node:crypto, drizzle, fastify).
export default defineConfig({
  entry: { client: "src/client/index.ts", frame: "src/frame/index.ts", server: "src/server/index.ts" },
  format: ["esm"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  outDir: "dist",
  external: [/^@storyloom\//, "stripe", "@stripe/stripe-js", "drizzle-orm", "fastify", "zod"],
});
