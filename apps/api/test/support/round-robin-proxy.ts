import { createServer, request, Agent, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A running round-robin proxy. */
export interface RoundRobinProxy {
  url: string;
  /** How many requests each upstream was handed, in the order given. */
  counts: number[];
  close(): Promise<void>;
}

// Hop-by-hop headers belong to one connection and are never forwarded (RFC 9110 7.6.1).
const HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"]);
const forwardable = (headers: IncomingMessage["headers"]) => Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP.has(k.toLowerCase())));

/**
 * A minimal load balancer for tests (a test helper, not part of the API): the suites that need one
 * trusted hop in front of an API (trustProxy, clientAddress, guests) and `pnpm abuse` use it so they
 * run on machines without nginx; the scale-out stage runs behind nginx itself (src/cluster/nginx.ts,
 * deploy/nginx). Each request goes to the next upstream in turn (no stickiness), bodies stream both
 * ways as they arrive (no buffering, so streamed answers reach the client chunk by chunk), and it
 * adds X-Forwarded-For/-Proto/-Host like a real load balancer. An unreachable upstream answers 502.
 */
export async function startRoundRobinProxy(upstreams: string[], opts: { port?: number; host?: string } = {}): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error("round-robin proxy: no upstreams");
  const targets = upstreams.map((u) => new URL(u));
  const counts = targets.map(() => 0);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const i = next;
    next = (next + 1) % targets.length;
    counts[i]!++;
    const target = targets[i]!;
    const headers = forwardable(req.headers);
    const peer = req.socket.remoteAddress ?? "";
    headers["x-forwarded-for"] = req.headers["x-forwarded-for"] ? `${String(req.headers["x-forwarded-for"])}, ${peer}` : peer;
    headers["x-forwarded-proto"] = "http";
    if (req.headers.host) headers["x-forwarded-host"] = req.headers.host;
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardable(answer.headers));
        res.flushHeaders(); // a streamed answer's headers leave now, not with its first chunk
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("error", (err) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "UNAVAILABLE", message: `upstream ${target.host} failed: ${err.message}`, data: null }));
    });
    // A client that goes away cancels the upstream request too (a stopped stream stops the work).
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };

  const server: Server = createServer(handle);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host ?? "127.0.0.1"}:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
