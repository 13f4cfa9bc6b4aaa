import { createServer, type Server } from "node:http";

/** One request the peer received: when, the pixel id of its path, and its parsed body. */
export interface GraphRequest {
  at: number;
  pixelId: string;
  accepted: boolean;
  raw: string;
  body: { data?: Record<string, unknown>[]; access_token?: string };
}

/**
 * A local stand-in for the Graph API's Conversions API endpoint (`POST /<version>/<pixel>/events`),
 * answering like Meta does (`{ events_received, fbtrace_id }`). `failNext(n, status)` makes the next
 * n requests fail, to test retries; every request is recorded, failed or not.
 */
export class GraphPeer {
  readonly requests: GraphRequest[] = [];
  private failures: number[] = [];
  private server: Server;
  url = "";

  constructor(private readonly version = "v21.0") {
    this.server = createServer((req, res) => {
      let raw = "";
      req.setEncoding("utf8");
      req.on("data", (c: string) => (raw += c));
      req.on("end", () => {
        const m = new RegExp(`^/${this.version}/(\\d+)/events$`).exec(req.url ?? "");
        let body: GraphRequest["body"] = {};
        try {
          body = JSON.parse(raw) as GraphRequest["body"];
        } catch {
          // recorded as sent; answered 400 below
        }
        const request: GraphRequest = { at: Date.now(), pixelId: m?.[1] ?? "", accepted: false, raw, body };
        this.requests.push(request);
        res.setHeader("content-type", "application/json");
        const fail = this.failures.shift();
        if (fail) {
          res.statusCode = fail;
          return res.end(JSON.stringify({ error: { message: "Service temporarily unavailable", type: "OAuthException", code: 2, is_transient: true } }));
        }
        if (req.method !== "POST" || !m || !Array.isArray(body.data) || !body.access_token) {
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: { message: "Invalid parameter", type: "OAuthException", code: 100 } }));
        }
        request.accepted = true;
        res.end(JSON.stringify({ events_received: body.data.length, messages: [], fbtrace_id: `trace-${this.requests.length}` }));
      });
    });
  }

  /** Listens on a free local port (or the given one). */
  async start(port = 0): Promise<this> {
    await new Promise<void>((res) => this.server.listen(port, "127.0.0.1", () => res()));
    const addr = this.server.address();
    this.url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : port}/${this.version}`;
    return this;
  }

  /** The next `count` requests are answered with `status`. */
  failNext(count: number, status = 503): void {
    this.failures.push(...Array<number>(count).fill(status));
  }

  /** Every event the peer accepted (answered 200). */
  get events(): Record<string, unknown>[] {
    return this.requests.filter((r) => r.accepted).flatMap((r) => r.body.data ?? []);
  }

  /** Stops listening. */
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((res) => this.server.close(() => res()));
  }
}
