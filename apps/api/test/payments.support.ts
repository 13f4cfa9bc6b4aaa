import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { orders, outbox } from "@storyloom/db";
import type { RunningApi } from "../src/server";
import { call } from "./http";
import { balanceAndLedger } from "./db";

/** The brand site origin the tests return to (one of the default CORS origins). */
export const SITE = "http://localhost:3000";
export const SUCCESS_URL = `${SITE}/recharge-success?provider=stripe&session_id={CHECKOUT_SESSION_ID}`;
export const CANCEL_URL = `${SITE}/user/coins`;

/** The sign-in code mailed to an address, read from the outbox (works in production mode, where /dev/mail is off). */
async function codeFromOutbox(api: RunningApi, email: string): Promise<string> {
  const rows = await api.ctx.db.select().from(outbox).where(eq(outbox.kind, "mail"));
  const mail = rows.map((r) => r.payload as { to?: string; subject?: string }).find((p) => p.to === email);
  const m = mail?.subject && /(\d{6})/.exec(mail.subject);
  if (!m) throw new Error(`no code mailed to ${email}`);
  return m[1]!;
}

let n = 0;
/** Signs a fresh address in with an e-mail code: a normal user who may buy. */
export async function buyer(api: RunningApi): Promise<{ token: string; id: number; uuid: string }> {
  const email = `buyer-${process.pid}-${++n}-${Date.now()}@example.com`;
  const sent = await call(api, "POST", "/api/v1/verify-code.send", { body: { email } });
  if (sent.code !== "0") throw new Error(`code send failed: ${sent.message}`);
  const code = await codeFromOutbox(api, email);
  const r = await call<{ auth: { access_token: string }; user: { id: number; uuid: string; role: string } }>(api, "POST", "/api/v1/user.auth", { body: { email, code } });
  if (r.code !== "0") throw new Error(`login failed: ${r.message}`);
  return { token: r.data.auth.access_token, id: r.data.user.id, uuid: r.data.user.uuid };
}

/** The user's balance, after checking it equals the sum of their ledger. */
export async function balance(api: RunningApi, userId: number): Promise<number> {
  const b = await balanceAndLedger(api.ctx.db, userId);
  if (b.coins !== b.sum) throw new Error(`balance ${b.coins} != ledger sum ${b.sum}`);
  return b.coins;
}

/** The stored order row. */
export async function orderRow(api: RunningApi, id: string) {
  const [row] = await api.ctx.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** A request a local protocol peer received. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A small HTTP server on loopback standing in for a provider: records requests, answers with `respond`. */
export class Peer {
  readonly received: Received[] = [];
  private server: Server;
  url = "";
  constructor(private respond: (req: Received, res: ServerResponse) => void) {
    this.server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        const r = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
        this.received.push(r);
        this.respond(r, res);
      });
    });
  }
  /** Swaps the answer (e.g. to simulate an outage); returns the previous one. */
  answer(respond: (req: Received, res: ServerResponse) => void): (req: Received, res: ServerResponse) => void {
    const previous = this.respond;
    this.respond = respond;
    return previous;
  }
  async start(): Promise<this> {
    await new Promise<void>((res) => this.server.listen(0, "127.0.0.1", () => res()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((res) => this.server.close(() => res()));
  }
}

/** Sends a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
