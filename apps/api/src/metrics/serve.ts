import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors";
import type { InstanceMetrics } from "./instance";
import { httpRequestDuration, markArrival } from "./metrics";

// Where /metrics is served: on a port of its own (METRICS_PORT, for a scraper on the private
// network) and/or on the API's port behind a bearer token (METRICS_TOKEN). With a token set, the
// metrics port asks for it too.

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether an Authorization header is `Bearer <token>`. Both sides are hashed first, so the compare
 * takes the same time whatever the given value's length and however much of it matches.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+)$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(sha256(given), sha256(token));
}

/**
 * Times every request of `app` by its route pattern (`/sandbox/checkout/:id`, not the URL: a URL
 * label would grow without bound) and status. Measured to the response's close, so a streamed chat
 * reply that the player stops counts too (status `aborted` only when no answer had begun).
 */
export function observeRequests(app: FastifyInstance): void {
  app.addHook("onRequest", (req, reply, done) => {
    const res = reply.raw;
    const started = performance.now();
    markArrival(req.raw);
    res.once("close", () => {
      const status = res.headersSent ? String(res.statusCode) : "aborted";
      httpRequestDuration.observe({ route: req.routeOptions.url ?? "unmatched", method: req.method, status }, (performance.now() - started) / 1000);
    });
    done();
  });
}

/** GET /metrics on the API's own port, for a caller with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). */
export function metricsRoute(app: FastifyInstance, metrics: InstanceMetrics, token: string): void {
  app.get("/metrics", async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new ApiError("UNAUTHORIZED", "Metrics need Authorization: Bearer <METRICS_TOKEN>");
    }
    const body = await metrics.scrape();
    return reply.header("content-type", metrics.contentType).header("cache-control", "no-store").send(body);
  });
}

/** A metrics server started by {@link serveMetrics}. */
export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves GET /metrics on `host:port` (0: any free port); every other path is 404. A port that cannot
 * be taken fails the start with a message naming METRICS_PORT.
 */
export async function serveMetrics(
  opts: { host: string; port: number; token?: string },
  metrics: InstanceMetrics,
  log: { error(obj: object, msg: string): void },
): Promise<MetricsServer> {
  const answer = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers }).end(text);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if ((req.url ?? "").split("?")[0] !== "/metrics") return answer(res, 404, "Not found: metrics are at /metrics\n");
    if (req.method !== "GET" && req.method !== "HEAD") return answer(res, 405, "Use GET\n", { allow: "GET, HEAD" });
    if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
      return answer(res, 401, "Metrics need Authorization: Bearer <METRICS_TOKEN>\n", { "www-authenticate": 'Bearer realm="metrics"' });
    }
    const body = await metrics.scrape();
    res.writeHead(200, { "content-type": metrics.contentType, "cache-control": "no-store" }).end(req.method === "HEAD" ? undefined : body);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.error({ err }, "metrics scrape failed");
      if (!res.headersSent) answer(res, 500, "Metrics could not be collected\n");
      else res.destroy();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(opts.port, opts.host, resolve));
  } catch (err) {
    throw new Error(`METRICS_PORT: cannot listen on ${opts.host}:${opts.port} (${err instanceof Error ? err.message : String(err)})`);
  }
  const { port } = server.address() as AddressInfo;
  const host = opts.host === "0.0.0.0" || opts.host === "::" ? "127.0.0.1" : opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
