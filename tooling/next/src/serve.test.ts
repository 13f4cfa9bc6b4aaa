// The sites' production server's compression (serve.ts) on a real HTTP server and client, and the
// built `storyloom-next-start` bin's argument checks. The server in front of a real Next build is
// what the e2e suite runs against (playwright.config.ts starts both sites with it).
import { execFileSync } from "node:child_process";
import { createServer, request, type Server, type ServerResponse } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, createBrotliDecompress, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressionMiddleware } from "./serve";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

let server: Server | undefined;
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
});

/** A page shaped like App Router's: a 60 KB stylesheet inlined, then again in the flight data. */
const css = Array.from({ length: 1500 }, (_, i) => `.u${i}{margin:${i}px;padding:${i % 7}rem}`).join("");
const page = `<!doctype html><html><head><style>${css}</style></head><body><main>${"<p>story</p>".repeat(2000)}</main><script>self.__next_f.push([1,${JSON.stringify(css)}])</script></body></html>`;

async function listen(handler: (res: ServerResponse & { flush?: () => void }) => void | Promise<void>): Promise<number> {
  const compress = compressionMiddleware();
  server = createServer((req, res) => compress(req, res, () => void handler(res)));
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return (server!.address() as { port: number }).port;
}

function get(port: number, acceptEncoding?: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: "127.0.0.1", path: "/", headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the sites' compression", () => {
  it("answers a browser with Brotli, which sees the stylesheet's second copy that gzip's 32 KB window misses", async () => {
    const port = await listen((res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(page);
    });
    const { encoding, body } = await get(port, "gzip, deflate, br, zstd");
    expect(encoding).toBe("br");
    expect(brotliDecompressSync(body).toString()).toBe(page);
    // The two copies are more than 32 KB apart: gzip pays for both, Brotli for about one.
    expect(body.length).toBeLessThan(gzipSync(page).length * 0.75);
  });

  it("answers gzip to a client without Brotli, and plain text to one that takes neither", async () => {
    const port = await listen((res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(page);
    });
    const gz = await get(port, "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(page);
    const plain = await get(port);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("delivers a streamed page's first part while the rest is still being rendered (Next flushes each part)", async () => {
    let release!: () => void;
    const rest = new Promise<void>((r) => (release = r));
    const port = await listen(async (res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.write("<!doctype html><title>shell</title><main>first</main>");
      res.flush?.();
      await rest;
      res.end("<p>suspended part</p>");
    });
    const text = await new Promise<string>((resolve, reject) => {
      const req = request({ port, host: "127.0.0.1", path: "/", headers: { "accept-encoding": "br" } }, (res) => {
        expect(res.headers["content-encoding"]).toBe("br");
        const inflate = res.pipe(createBrotliDecompress());
        let seen = "";
        inflate.on("data", (c: Buffer) => {
          seen += c.toString();
          // The first part arrived before the server wrote the rest: let it finish.
          if (seen.includes("first</main>")) release();
        });
        inflate.on("end", () => resolve(seen));
        inflate.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
    expect(text).toBe("<!doctype html><title>shell</title><main>first</main><p>suspended part</p>");
  });

  it("leaves images alone (already compressed)", async () => {
    const png = Buffer.alloc(4096, 7);
    const port = await listen((res) => {
      res.setHeader("content-type", "image/webp");
      res.end(png);
    });
    const { encoding, body } = await get(port, "br, gzip");
    expect(encoding).toBeUndefined();
    expect(body.equals(png)).toBe(true);
  });
});

describe("storyloom-next-start", () => {
  const bin = join(root, (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> }).bin["storyloom-next-start"]!);
  const run = (args: string[]) => {
    try {
      return { status: 0, out: execFileSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", stdio: "pipe" }) };
    } catch (e) {
      const err = e as { status: number; stderr: string };
      return { status: err.status, out: err.stderr };
    }
  };

  it("refuses a port that is not one, and says how to call it", () => {
    if (!existsSync(join(root, "dist", "serve-cli.js"))) throw new Error("dist/ is not built: run `turbo run test` (it builds first)");
    const { status, out } = run(["--port", "80a"]);
    expect(status).toBe(1);
    expect(out).toContain('"80a" is not a port');
    expect(out).toContain("usage: storyloom-next-start");
  });

  it("refuses an option it does not know", () => {
    const { status, out } = run(["--prot", "3000"]);
    expect(status).toBe(1);
    expect(out).toContain("usage: storyloom-next-start");
  });
});
