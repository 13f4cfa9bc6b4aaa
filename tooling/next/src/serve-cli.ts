// `storyloom-next-start [--port N] [--hostname H]` (bin/storyloom-next-start.js runs this built file):
// what `next start` does for the app in the current folder, behind Brotli compression (serve.ts).
import { parseArgs } from "node:util";

const USAGE = "usage: storyloom-next-start [--port N] [--hostname H]  (defaults: $PORT or 3000, all interfaces)";

function options(argv: string[]): { port: number; hostname: string } {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" }, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const raw = values.port ?? process.env.PORT ?? "3000";
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) throw new Error(`"${raw}" is not a port (0–65535)`);
  // Not $HOSTNAME: shells and containers set it to the machine's name.
  return { port, hostname: values.hostname ?? "0.0.0.0" };
}

try {
  const { port, hostname } = options(process.argv.slice(2));
  // As `next start` does: production builds of React and Next, set before either is loaded.
  (process.env as Record<string, string>).NODE_ENV = "production";
  const { startSiteServer } = await import("./serve.js");
  const site = await startSiteServer({ dir: process.cwd(), port, hostname });
  process.stdout.write(`▲ ready on ${site.url} (Brotli and gzip)\n`);
  const stop = () => void site.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} catch (error) {
  console.error(`storyloom-next-start: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
}
