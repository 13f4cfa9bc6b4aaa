import { createServer, type Server, type ServerResponse } from "node:http";

/** How the peer answers: every input clean, flagged, a 500, or no answer at all (a hang). */
export type ModerationMode = "clean" | "flagged" | "500" | "hang" | "malformed";

/** One request the peer received. */
export interface ModerationRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: unknown; input?: unknown };
}

const CATEGORIES = [
  "harassment",
  "harassment/threatening",
  "hate",
  "hate/threatening",
  "illicit",
  "illicit/violent",
  "self-harm",
  "self-harm/intent",
  "self-harm/instructions",
  "sexual",
  "sexual/minors",
  "violence",
  "violence/graphic",
];

/**
 * A local stand-in for an OpenAI-compatible `POST /v1/moderations`: request `{ model, input }` (a
 * string or an array of strings), answer `{ id, model, results: [{ flagged, categories,
 * category_scores }] }`, one result per input. In "flagged" mode an input is flagged (as `flagAs`)
 * when it matches `flagOnly` (every input when unset); every request is recorded.
 */
export class ModerationPeer {
  readonly requests: ModerationRequest[] = [];
  mode: ModerationMode = "clean";
  flagAs = ["violence", "harassment"];
  flagOnly: RegExp | null = null;
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();
  url = "";

  constructor() {
    this.server = createServer((req, res) => {
      let raw = "";
      req.setEncoding("utf8");
      req.on("data", (c: string) => (raw += c));
      req.on("end", () => this.answer(req.url ?? "", req.headers.authorization, raw, res));
    });
  }

  private answer(path: string, authorization: string | undefined, raw: string, res: ServerResponse): void {
    let body: ModerationRequest["body"] = {};
    try {
      body = JSON.parse(raw) as ModerationRequest["body"];
    } catch {
      // recorded as sent; answered 400 below
    }
    this.requests.push({ path, authorization, body });
    res.setHeader("content-type", "application/json");
    const fail = (status: number, message: string) => {
      res.statusCode = status;
      res.end(JSON.stringify({ error: { message, type: "invalid_request_error", code: null } }));
    };
    if (this.mode === "hang") return void this.hanging.add(res);
    if (this.mode === "500") return fail(500, "The server had an error while processing your request.");
    if (path !== "/v1/moderations") return fail(404, `Unknown path ${path}`);
    const inputs = typeof body.input === "string" ? [body.input] : body.input;
    if (typeof body.model !== "string" || !Array.isArray(inputs) || !inputs.every((i) => typeof i === "string")) return fail(400, "model and input are required");
    if (this.mode === "malformed") return void res.end(JSON.stringify({ id: "modr-x", model: body.model, results: [] }));
    const results = (inputs as string[]).map((text) => {
      const flagged = this.mode === "flagged" && (!this.flagOnly || this.flagOnly.test(text));
      const on = new Set(flagged ? this.flagAs : []);
      return {
        flagged,
        categories: Object.fromEntries(CATEGORIES.map((c) => [c, on.has(c)])),
        category_scores: Object.fromEntries(CATEGORIES.map((c) => [c, on.has(c) ? 0.93 : 0.0004])),
      };
    });
    res.end(JSON.stringify({ id: `modr-${this.requests.length}`, model: body.model, results }));
  }

  /** Every input the peer was sent, over all requests. */
  get inputs(): string[] {
    return this.requests.flatMap((r) => (Array.isArray(r.body.input) ? (r.body.input as string[]) : typeof r.body.input === "string" ? [r.body.input] : []));
  }

  /** Back to clean answers, with no request recorded (hung requests are let go). */
  reset(): void {
    this.mode = "clean";
    this.flagOnly = null;
    this.flagAs = ["violence", "harassment"];
    this.requests.length = 0;
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
  }

  /** Listens on a free local port; `url` is its /v1 base. */
  async start(): Promise<this> {
    await new Promise<void>((res) => this.server.listen(0, "127.0.0.1", () => res()));
    const addr = this.server.address();
    this.url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}/v1`;
    return this;
  }

  /** Stops listening. */
  async stop(): Promise<void> {
    this.reset();
    this.server.closeAllConnections();
    await new Promise<void>((res) => this.server.close(() => res()));
  }
}
