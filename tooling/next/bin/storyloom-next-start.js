#!/usr/bin/env node
// The `storyloom-next-start` command: a committed shim in front of the built server, because pnpm
// links a workspace package's bin only if its file exists at install time, before dist/ is built.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const cli = new URL("../dist/serve-cli.js", import.meta.url);
if (!existsSync(cli)) {
  console.error(`storyloom-next-start: ${fileURLToPath(cli)} is not built; run \`turbo run build\` first`);
  process.exit(1);
}
await import(cli.href);
