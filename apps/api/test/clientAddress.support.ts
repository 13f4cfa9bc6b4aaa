import { request } from "node:http";
import { startRoundRobinProxy, type RoundRobinProxy } from "./support/round-robin-proxy";
import type { RunningApi } from "../src/server";

/**
 * A trusted hop in front of one API: a proxy that appends the address it was reached from to
 * X-Forwarded-For, as nginx's `$proxy_add_x_forwarded_for` and load balancers do.
 */
export function trustedHop(api: Pick<RunningApi, "url">): Promise<RoundRobinProxy> {
  return startRoundRobinProxy([api.url]);
}

/** An answer read as the envelope. */
export interface FromAnswer<T> {
  status: number;
  code: string;
  message: string;
  data: T;
}

/**
 * POSTs JSON to `base + path` from the local address `from` (any 127.x.y.z on Linux loopback), so one
 * test machine plays several clients; `headers` may carry a forged X-Forwarded-For.
 */
export function postFrom<T = Record<string, unknown>>(
  base: string,
  path: string,
  body: unknown,
  opts: { from: string; headers?: Record<string, string> },
): Promise<FromAnswer<T>> {
  const url = new URL(path, base);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: opts.from,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          try {
            const json = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { code: string; message: string; data: T };
            resolve({ status: res.statusCode ?? 0, code: json.code, message: json.message, data: json.data });
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
