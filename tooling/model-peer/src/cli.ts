#!/usr/bin/env -S npx tsx
// Runs the model peer as a process: `tsx src/cli.ts --port 4121 [--token-delay 20] [--first-token-delay 0]
// [--reasoning reasoning_content|reasoning|think|none] [--api-key KEY] [--speech-ms-per-word 250]`.
// Control it over /_peer/*.
import { parseArgs } from "node:util";
import { startModelPeer, type ReasoningStyle } from "./index";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4121" },
    host: { type: "string", default: "127.0.0.1" },
    "token-delay": { type: "string", default: "15" },
    "first-token-delay": { type: "string", default: "0" },
    reasoning: { type: "string", default: "reasoning_content" },
    "api-key": { type: "string" },
    "speech-ms-per-word": { type: "string", default: "250" },
  },
});
const style = values.reasoning as ReasoningStyle | "none";
const peer = await startModelPeer({
  port: Number(values.port),
  host: values.host,
  apiKey: values["api-key"],
  speech: { msPerWord: Number(values["speech-ms-per-word"]) },
  defaults: {
    tokenDelayMs: Number(values["token-delay"]),
    firstTokenDelayMs: Number(values["first-token-delay"]),
    ...(style === "none" ? { reasoning: null } : { reasoningStyle: style }),
  },
});
process.stdout.write(`model peer listening: LLM_BASE_URL=${peer.url} (TTS_BASE_URL too)\n`);
const stop = () => void peer.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
