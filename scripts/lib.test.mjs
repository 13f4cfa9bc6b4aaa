// The quick-start scripts' own helpers: what `npm start` shows of the API's log, and how much it
// prints before "ready". Node's test runner (no dependencies beyond the root's pino-pretty):
// `node --test scripts/lib.test.mjs`, run by `npm test`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it, mock } from "node:test";
import { prettyFactory } from "pino-pretty";
import { apiLogView, logDir, logsRequests, pnpmLogged, PRETTY_OPTIONS, readyBanner, shownStderr } from "./lib.mjs";

const pretty = prettyFactory({ ...PRETTY_OPTIONS, colorize: false });
const t0 = Date.UTC(2026, 0, 1, 12);
const json = (o) => JSON.stringify({ pid: 4242, hostname: "laptop", time: t0, ...o });

// What the API writes to stdout from launch to listening, as `pnpm --filter @storyloom/api start` runs it.
const startupLines = [
  "",
  "> @storyloom/api@0.1.0 start /repo/apps/api",
  "> node dist/main.js",
  "",
  json({ level: 30, msg: "Server listening at http://127.0.0.1:4000" }),
  json({
    level: 40,
    msg: "embedded defaults active:\n  - database: embedded PGlite in .data/pglite (one instance only; set DATABASE_URL)\n  - TOKEN_SECRET: the public development secret (set TOKEN_SECRET)\n  - mail: dev mailbox at /dev/mail shows every mail (DEV_MAILBOX)\n  - mail: no SMTP_URL, mail goes to the dev mailbox and the log\n  - payments: Stripe is played by this API's sandbox (PAYMENTS_SANDBOX)\n  - payments: Onlypay is played by this API's sandbox (PAYMENTS_SANDBOX)\n  - payments: the sandbox signs with the repository's public secrets (set SANDBOX_SECRET)",
  }),
  json({ level: 30, msg: "API ready at http://127.0.0.1:4000/api/v1 (pglite)" }),
];

/** Fastify's two lines for one request. */
const requestLines = (reqId, method, url, status, ms) => [
  json({ level: 30, reqId, req: { method, url, host: "127.0.0.1:4000", remoteAddress: "127.0.0.1", remotePort: 50000 }, msg: "incoming request" }),
  json({ level: 30, reqId, res: { statusCode: status }, responseTime: ms, msg: "request completed" }),
];

/** Feeds lines to a view and returns what it prints, split into terminal lines. */
const shown = (view, lines) =>
  lines
    .map((l) => view.line(l))
    .filter(Boolean)
    .join("")
    .split("\n")
    .filter((l) => l !== "");

describe("the API's log in npm start", () => {
  it("before ready shows only warnings and errors; the start-up chatter and pnpm's header stay in the log file", () => {
    const view = apiLogView({ pretty, requests: false });
    const out = shown(view, startupLines);
    assert.match(out[0], /^\[\d\d:\d\d:\d\d\] WARN: embedded defaults active:$/);
    assert.equal(out.length, 8);
    assert.ok(!out.some((l) => /Server listening|API ready|node dist/.test(l)));
  });

  it("at the default level prints no line per request, but a request's warning with its request id", () => {
    const view = apiLogView({ pretty, requests: logsRequests("info") });
    view.markReady();
    const requests = Array.from({ length: 40 }, (_, i) => requestLines(`r${i}`, "GET", `/api/v1/art/cover/${i}`, 200, 1.2)).flat();
    assert.deepEqual(shown(view, requests), []);
    const warned = shown(view, [json({ level: 40, reqId: "3f9a0c2b7d1e4a65", msg: "checkout conversion not recorded", order_id: "o1" })]);
    assert.equal(warned.length, 1);
    assert.match(warned[0], /WARN: \[3f9a0c2b7d1e4a65\] checkout conversion not recorded \{"order_id":"o1"\}$/);
  });

  it("with LOG_LEVEL=debug prints each request once: method, path, status, time and request id", () => {
    const view = apiLogView({ pretty, requests: logsRequests("debug") });
    view.markReady();
    const out = shown(view, [...requestLines("a1", "POST", "/api/v1/story.list", 200, 11.6), ...requestLines("b2", "GET", "/healthz", 503, 0.4)]);
    assert.deepEqual(
      out.map((l) => l.replace(/^\[\d\d:\d\d:\d\d\] /, "")),
      ["INFO: [a1] POST /api/v1/story.list 200 12 ms", "INFO: [b2] GET /healthz 503 0 ms"],
    );
  });

  it("after ready shows informational lines too (the dev mailbox's mail), pretty, not JSON", () => {
    const view = apiLogView({ pretty, requests: false });
    const before = json({ level: 30, msg: "mail (no SMTP configured)", mail: { to: "a@b.c", subject: "Your code" } });
    assert.equal(view.line(before), null);
    view.markReady();
    const [line] = shown(view, [before]);
    assert.match(line, /INFO: mail \(no SMTP configured\) \{"mail":\{"to":"a@b.c","subject":"Your code"\}\}$/);
    assert.ok(!line.startsWith("{"));
  });

  it("prints fewer than 30 lines from launch to ready", () => {
    const view = apiLogView({ pretty, requests: false });
    const steps = ["▶ building the API (cached after the first run)…", "▶ starting the API (embedded database, seeded)…", "▶ building both brand sites and the console (cached after the first run)…", "▶ starting both brand sites and the console…"];
    // A page load or two while the sites build (their server renders read the catalogue).
    const traffic = Array.from({ length: 30 }, (_, i) => requestLines(`t${i}`, "POST", "/api/v1/story.list", 200, 3)).flat();
    const banner = readyBanner({ productPort: 3000, playshotPort: 3001, adminPort: 3002, apiPublic: "http://localhost:4000", superAdmin: "admin@storyloom.local", llm: {}, logs: ".cache/start/*.log", requests: false }).split("\n");
    const total = steps.length + shown(view, [...startupLines, ...traffic]).length + banner.length;
    assert.ok(total < 30, `npm start would print ${total} lines`);
    assert.ok(banner.some((l) => l.includes("http://localhost:3000")) && banner.some((l) => l.includes("/dev/mail")));
  });
});

describe("the processes' stderr in npm start", () => {
  it("shows warnings and errors, but not next start's expected standalone notice or blank lines", () => {
    assert.equal(shownStderr('⚠ "next start" does not work with "output: standalone" configuration. Use "node .next/standalone/server.js" instead.'), false);
    assert.equal(shownStderr("   "), false);
    assert.equal(shownStderr("⨯ Error: The story could not be loaded: HTTP error! status: 503 (request 3f9a0c2b7d1e4a65)"), true);
    assert.equal(shownStderr("Invalid API configuration:"), true);
  });
});

describe("pnpmLogged", () => {
  it("keeps a command's output in .cache/start and, when it fails, shows the last lines and the log's path", async () => {
    const errors = mock.method(console, "error", () => {});
    try {
      const script = "for (let i = 1; i <= 100; i++) console.log('line ' + i); console.error('the real cause'); process.exit(3)";
      const code = await pnpmLogged(["exec", "node", "-e", script], "lib-test");
      assert.equal(code, 3);
      const logged = readFileSync(join(logDir, "lib-test.log"), "utf8");
      assert.match(logged, /line 1\n[\s\S]*line 100\n[\s\S]*the real cause/);
      assert.equal(errors.mock.callCount(), 1);
      const printed = String(errors.mock.calls[0].arguments[0]).split("\n");
      assert.ok(printed.length <= 21, `printed ${printed.length} lines`);
      assert.ok(printed.includes("the real cause"));
      assert.match(printed.at(-1), /the full output is in .*\.cache\/start\/lib-test\.log$/);
    } finally {
      errors.mock.restore();
    }
  });
});
