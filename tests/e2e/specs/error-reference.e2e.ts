// A page whose server read the API refused shows the API's request id as its "Reference", so a
// player can quote it to support (issue #46). Next's production build hands the error page only the
// thrown error's digest; the read's error carries the request id as that digest. The suite's
// Storyloom build is served once more here, by its own `next start`, reading through a local peer
// that answers story.get with a 503 naming a request id and passes everything else to the real API.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import { join } from "node:path";
import { expect, test } from "../support/test";
import { anyViewport } from "../support/checks";
import { apiPort, apiUrl, productPort, siteDistDir } from "../support/env";
import { publishApprovedStory } from "../support/staff";
import { freshEmail } from "./account-flows";

const peerPort = apiPort + 8;
const sitePort = productPort + 8;
const siteUrl = `http://127.0.0.1:${sitePort}`;
const REQUEST_ID = "e2e0reference0f3a9c";

let peer: Server;
let site: ChildProcess;

/** story.get fails as a proxy in front of a failing API would; every other read reaches the API. */
function startPeer(): Promise<Server> {
  const upstream = new URL(apiUrl);
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/api/v1/story.get")) {
      res.writeHead(503, { "content-type": "application/json", "x-request-id": REQUEST_ID });
      res.end('{"code":"INTERNAL_ERROR","message":"Something went wrong on our side; please try again","data":null}');
      return;
    }
    const up = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on("error", () => res.writeHead(502).end());
    req.pipe(up);
  });
  return new Promise((resolve) => server.listen(peerPort, "127.0.0.1", () => resolve(server)));
}

async function answers(url: string, timeoutMs: number): Promise<void> {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(5000) });
      return;
    } catch {
      // not listening yet
    }
  }
  throw new Error(`${url} did not answer`);
}

test.describe("the error page's reference", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    peer = await startPeer();
    const cwd = join(import.meta.dirname, "..", "..", "..", "apps", "product");
    site = spawn("node_modules/.bin/next", ["start", "--port", String(sitePort)], {
      cwd,
      stdio: "ignore",
      // Its own process group: the .bin shim and the next-server under it stop together.
      detached: true,
      env: { ...process.env, API_INTERNAL_URL: `http://127.0.0.1:${peerPort}`, NEXT_TELEMETRY_DISABLED: "1", ...(siteDistDir ? { NEXT_DIST_DIR: siteDistDir } : {}) },
    });
    await answers(`${siteUrl}/about`, 60_000);
  });
  test.afterAll(async () => {
    if (site?.pid) process.kill(-site.pid, "SIGTERM");
    await new Promise<void>((r) => (peer ? peer.close(() => r()) : r()));
  });

  test("a story the API failed to read shows 'Reference: <request id>', selectable", anyViewport, async ({ page }) => {
    // A story of its own: this server shares the suite's build and so its full-route cache, where a
    // story page another spec opened is served (200) without reading the API at all.
    const id = await publishApprovedStory(freshEmail("error-reference"), `Reference ${Date.now().toString(36)}`, "general");
    const response = await page.goto(`${siteUrl}/story/${id}`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const reference = page.getByText(`Reference: ${REQUEST_ID}`, { exact: true });
    await expect(reference).toBeVisible();
    await expect(reference.locator("span")).toHaveCSS("user-select", "all");
  });
});
