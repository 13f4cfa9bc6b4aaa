#!/usr/bin/env node
// A brand app's `build:e2e`: `next build` for the e2e stack (stack.mjs's siteBuildEnv) into
// `.next-e2e`, then the compile hints, in the app's folder (turbo runs it there). turbo.json makes
// `@storyloom/e2e#test:e2e` depend on both apps' `build:e2e` and keys their cache on this file,
// stack.mjs and the stack's port variables.
import { spawnSync } from "node:child_process";
import { siteBuildEnv } from "./stack.mjs";

const env = { ...process.env, ...siteBuildEnv };
// `--no-hints`: an app without the brand sites' compile-hints step (the operator console).
const steps = [["next", ["build"]], ["storyloom-compile-hints", []]].slice(0, process.argv.includes("--no-hints") ? 1 : 2);
for (const [cmd, args] of steps) {
  const { status } = spawnSync(`node_modules/.bin/${cmd}`, args, { env, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
