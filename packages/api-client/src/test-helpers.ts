// Test helpers (not exported by the package): a fetch that forwards to the real API server while
// recording what was sent, so tests can count requests without mocking anything.
import { endpoints, type EndpointName } from "@storyloom/contract";

/** One request as the client sent it. */
export interface SentRequest {
  path: string;
  method: string;
  authorization: string | null;
  body: Record<string, unknown> | null;
}

/** A recording fetch: forwards every request (optionally after a delay) to the real network. */
export function recordingFetch(opts: { delayMs?: number } = {}) {
  const sent: SentRequest[] = [];
  const realFetch = globalThis.fetch;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers);
    sent.push({
      path: url.pathname,
      method: init?.method ?? "GET",
      authorization: headers.get("authorization"),
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : null,
    });
    if (opts.delayMs) {
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, opts.delayMs);
        init?.signal?.addEventListener("abort", () => {
          clearTimeout(t);
          reject(new DOMException("aborted", "AbortError"));
        });
      });
    }
    return realFetch(input, init);
  };
  return {
    fetch: fetchFn,
    sent,
    /** Requests made to an endpoint of the table. */
    to: (name: EndpointName) => sent.filter((r) => r.path === endpoints[name].path),
    count: (name: EndpointName) => sent.filter((r) => r.path === endpoints[name].path).length,
    reset: () => {
      sent.length = 0;
    },
  };
}

/** An address nothing listens on: the port of a server that was started and stopped. */
export async function deadUrl(): Promise<string> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 1;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

let seq = 0;
/** A unique e-mail address per call (codes are rate-limited per address). */
export const uniqueEmail = (tag = "user") => `${tag}.${process.pid}.${Date.now().toString(36)}.${seq++}@example.com`;
