// The rewrite that loads Next's page scripts after the first paint (defer-scripts.ts), on pages
// shaped as Next 16 writes them, and its middleware on a real HTTP server behind the compression.
// That the loader runs them after the first paint in Chromium is the e2e suite's (page-scripts.e2e.ts).
import { createServer, request, type Server, type ServerResponse } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { DEFER_GLOBAL, DEFER_LOADER, deferScriptsMiddleware, rewriteOnce, scriptDeferrer } from "./defer-scripts";
import { compressionMiddleware } from "./serve";

const chunk = (name: string) => `/_next/static/chunks/${name}.js`;
// As Next 16.4 writes a page (inlined stylesheet, preload, async scripts, noModule polyfills,
// flight data, then the shared runtime's bootstrap and its script in the body).
const page =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><style data-precedence="next">.a{color:red}</style>' +
  `<link rel="preload" as="script" fetchPriority="low" href="${chunk("runtime")}"/>` +
  `<script src="${chunk("react")}" async=""></script><script src="${chunk("page-é")}" async=""></script>` +
  '<title>Coins – Storyloom</title><script>(function(){document.documentElement.dataset.theme="dark"})()</script>' +
  `<script src="${chunk("polyfills")}" noModule=""></script></head><body><main><p>Coins unlock story replies — ✓</p></main>` +
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/react.js"]});</script>' +
  `<script src="${chunk("runtime")}" async=""></script>` +
  '<script>self.__next_f.push([1,"0:[\\"$\\",\\"script\\",{\\"src\\":\\"/_next/static/chunks/react.js\\",\\"async\\":true}]"])</script></body></html>';
const call = (name: string) => `<script>${DEFER_GLOBAL}("${chunk(name)}")</script>`;

describe("rewriteOnce", () => {
  it("puts the loader first in the head, drops the script preload and turns each async page script into a call to it, in order", () => {
    const out = rewriteOnce(page);
    expect(out.startsWith(`<!DOCTYPE html><html lang="en"><head>${DEFER_LOADER}<meta charSet="utf-8"/>`)).toBe(true);
    expect(out).not.toContain('rel="preload"');
    expect(out).toContain(`${call("react")}${call("page-é")}<title>`);
    expect(out).toContain(`{"otherChunks":["static/chunks/react.js"]});</script>${call("runtime")}<script>self.__next_f`);
    expect(out.match(/<script src=/g)).toHaveLength(1);
    // Left as written: the noModule polyfills (modern browsers skip them), inline scripts, the flight
    // data's description of the same tags, and the content.
    expect(out).toContain(`<script src="${chunk("polyfills")}" noModule=""></script>`);
    expect(out).toContain('<script>(function(){document.documentElement.dataset.theme="dark"})()</script>');
    expect(out).toContain('\\"src\\":\\"/_next/static/chunks/react.js\\"');
    expect(out).toContain("<p>Coins unlock story replies — ✓</p>");
    expect(out.split(DEFER_LOADER)).toHaveLength(2);
  });

  it("passes a document without a head through unchanged, its script tags too", () => {
    const bare = `<!doctype html><title>x</title><script src="${chunk("a")}" async=""></script><p>hi</p>`;
    expect(rewriteOnce(bare)).toBe(bare);
    expect(rewriteOnce("")).toBe("");
  });

  it("leaves scripts from elsewhere and differently written tags alone", () => {
    const other = `<html><head><script src="https://cdn.example/x.js" async=""></script><script src="${chunk("a")}" async="" nonce="n"></script></head></html>`;
    expect(rewriteOnce(other)).toBe(other.replace("<head>", `<head>${DEFER_LOADER}`));
  });
});

describe("scriptDeferrer (streamed)", () => {
  const stream = (pieces: string[]) => {
    const d = scriptDeferrer();
    return pieces.map((p) => d.push(p)).join("") + d.end();
  };

  it("gives the one-shot result however the page is cut in two, tags cut in the middle included", () => {
    const whole = rewriteOnce(page);
    // Cut points after the head's opening tag (the first piece must hold it, as Next's shell does).
    const from = page.indexOf("<head>") + "<head>".length;
    for (let at = from; at < page.length; at++) expect(stream([page.slice(0, at), page.slice(at)])).toBe(whole);
  });

  it("gives the one-shot result when the page comes in many small pieces", () => {
    const from = page.indexOf("<head>") + "<head>".length;
    for (const size of [1, 2, 7, 13, 64]) {
      const pieces = [page.slice(0, from)];
      for (let i = from; i < page.length; i += size) pieces.push(page.slice(i, i + size));
      expect(stream(pieces)).toBe(rewriteOnce(page));
    }
  });

  it("passes the stream through when its first piece has no head", () => {
    const pieces = ["<!doctype html><title>streamed</title>", `<script src="${chunk("a")}" async=""></script>`, "<p>rest</p>"];
    expect(stream(pieces)).toBe(pieces.join(""));
  });
});

describe("deferScriptsMiddleware", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    server = undefined;
  });

  async function listen(handler: (res: ServerResponse) => void): Promise<number> {
    const compress = compressionMiddleware();
    const defer = deferScriptsMiddleware();
    server = createServer((req, res) => compress(req, res, () => defer(req, res, () => handler(res))));
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    return (server!.address() as { port: number }).port;
  }
  function get(port: number, headers: Record<string, string> = {}): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = request({ port, host: "127.0.0.1", path: "/", headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("rewrites a page written in pieces (a character cut between two), under Brotli, without its stale length", async () => {
    const bytes = Buffer.from(page);
    const cut = bytes.indexOf(Buffer.from("é")) + 1; // inside the two bytes of "é"
    const port = await listen((res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-length", String(bytes.length));
      res.write(bytes.subarray(0, cut));
      res.write(bytes.subarray(cut, cut + 100));
      res.end(bytes.subarray(cut + 100));
    });
    const br = await get(port, { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(rewriteOnce(page));
    const plain = await get(port);
    expect(plain.headers["content-length"]).toBeUndefined();
    expect(plain.body.toString()).toBe(rewriteOnce(page));
  });

  it("rewrites a page given whole to end(), with headers given to writeHead", async () => {
    const port = await listen((res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(page) });
      res.end(page);
    });
    expect((await get(port)).body.toString()).toBe(rewriteOnce(page));
  });

  it("leaves other responses as they are", async () => {
    const js = `document.write('<head><script src="${chunk("a")}" async=""></script>')`;
    const port = await listen((res) => {
      res.setHeader("content-type", "application/javascript; charset=UTF-8");
      res.setHeader("content-length", String(Buffer.byteLength(js)));
      res.end(js);
    });
    const { headers, body } = await get(port);
    expect(headers["content-length"]).toBe(String(Buffer.byteLength(js)));
    expect(body.toString()).toBe(js);
  });
});
