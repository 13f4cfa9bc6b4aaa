// The AI run: the same stack as playwright.config.ts (same ports, same site builds, a fresh
// database) plus a local OpenAI-compatible model peer, with the API pointed at it through
// LLM_BASE_URL. `pnpm test:e2e` runs it after the main suite, which runs without a model. The
// peer writes one word per MODEL_PEER_TOKEN_MS, slow enough that a reply is seen half-written. It is
// the API's speech server too (TTS_BASE_URL, read aloud): silent MP3 a quarter second a word.
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { join } from "node:path";
import base from "./playwright.config";
import { modelPeerPort, modelPeerUrl } from "./support/env";

const root = join(import.meta.dirname, "..", "..");
const servers = ([] as NonNullable<PlaywrightTestConfig["webServer"]>[]).concat(base.webServer ?? []).flat();
const llm = { LLM_BASE_URL: modelPeerUrl, LLM_API_KEY: "e2e-peer-key", LLM_MODEL: "storyloom-peer" };
// The seeded characters have no voice of their own: the peer is asked for TTS_VOICE (read-aloud.e2e.ts).
const tts = { TTS_BASE_URL: modelPeerUrl, TTS_API_KEY: llm.LLM_API_KEY, TTS_MODEL: "storyloom-peer-tts", TTS_VOICE: "nova" };

export default defineConfig({
  ...base,
  testDir: "./specs-ai",
  testMatch: "**/*.e2e.ts",
  outputDir: process.env.E2E_AI_OUTPUT_DIR ?? "./test-results-ai",
  reporter: [["list"], ["html", { outputFolder: process.env.E2E_AI_REPORT_DIR ?? "playwright-report-ai", open: "never" }]],
  // The specs set the one peer's pace between steps: one test at a time.
  workers: 1,
  fullyParallel: false,
  webServer: [
    {
      name: "model-peer",
      command: `node_modules/.bin/tsx src/cli.ts --port ${modelPeerPort} --api-key ${llm.LLM_API_KEY} --token-delay ${process.env.MODEL_PEER_TOKEN_MS ?? 60}`,
      cwd: join(root, "tooling", "model-peer"),
      // Its control path answers without the API key.
      url: `${modelPeerUrl.replace(/\/v1$/, "")}/_peer/requests`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    ...servers.map((s) => (s.name === "api" ? { ...s, env: { ...s.env, ...llm, ...tts } } : s)),
  ],
});
