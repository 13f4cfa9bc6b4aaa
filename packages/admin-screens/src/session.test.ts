import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONSOLE_SESSION_KEY, createConsoleApi, NOT_STAFF, readSession, type SessionStore } from "./session";

// A small local peer speaking the API's wire (the `{ code, message, data }` envelope, bearer tokens):
// user.auth answers the role of the address, whoami wants a live access token, user.refresh trades
// a known refresh token for a new access token.
let server: Server;
let base = "";
let live = new Set<string>();
const refreshTokens = new Set(["r-good"]);
const roles: Record<string, string> = { "staff@example.com": "super_admin", "player@example.com": "normal" };
let refreshCalls = 0;

const user = (email: string) => ({ uuid: "00000000-0000-4000-8000-000000000001", id: 7, name: email.split("@")[0], username: null, email, role: roles[email], status: "normal", is_guest: false, coins: 0, avatar_url: null, level: 1, vip_level: 0, create_time: "2026-01-01T00:00:00Z" });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const send = (status: number, code: string, data: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ code, message: code === "0" ? "" : code, data }));
      const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
      const input = body ? (JSON.parse(body) as Record<string, string>) : {};
      if (req.url === "/api/v1/user.auth") {
        live.add("a-1");
        return send(200, "0", { auth: { access_token: "a-1", refresh_token: "r-good", expires: 9e9 }, user: user(input.email!) });
      }
      if (req.url === "/api/v1/user.refresh") {
        refreshCalls++;
        if (!refreshTokens.has(input.refresh_token!)) return send(401, "UNAUTHORIZED", null);
        live.add("a-2");
        return send(200, "0", { auth: { access_token: "a-2", refresh_token: "r-good", expires: 9e9 } });
      }
      if (req.url === "/api/v1/user.whoami") return live.has(token) ? send(200, "0", { user: user("staff@example.com") }) : send(401, "UNAUTHORIZED", null);
      send(404, "NOT_FOUND", null);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  live = new Set();
  refreshCalls = 0;
});

/** A Map behind the Storage-like interface. */
function store(initial: Record<string, string> = {}): SessionStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe("the console's session", () => {
  it("keeps a staff sign-in with its role as the API gave it (super_admin stays super_admin)", async () => {
    const s = store();
    const api = createConsoleApi(base, s);
    const r = await api.signIn("staff@example.com", "123456");
    expect(r.ok).toBe(true);
    expect(api.current()?.user.role).toBe("super_admin");
    expect(readSession(s)?.auth.access_token).toBe("a-1");
  });

  it("refuses a normal player: told the account is not staff, nothing kept", async () => {
    const s = store();
    const api = createConsoleApi(base, s);
    const r = await api.signIn("player@example.com", "123456");
    expect(r).toMatchObject({ ok: false, message: NOT_STAFF, status: 403 });
    expect(api.current()).toBeNull();
    expect(s.data.size).toBe(0);
  });

  it("ignores a stored session that is malformed or names a non-staff role", () => {
    const auth = { access_token: "a", refresh_token: "r", expires: 1 };
    expect(readSession(store({ [CONSOLE_SESSION_KEY]: "{not json" }))).toBeNull();
    expect(readSession(store({ [CONSOLE_SESSION_KEY]: JSON.stringify({ auth, user: { id: 1, role: "normal" } }) }))).toBeNull();
    expect(readSession(store({ [CONSOLE_SESSION_KEY]: JSON.stringify({ auth, user: { id: 1, role: "admin" } }) }))?.user.role).toBe("admin");
  });

  it("renews an expired access token once for concurrent calls, and keeps the new one", async () => {
    const s = store();
    const api = createConsoleApi(base, s);
    await api.signIn("staff@example.com", "123456");
    live.clear();
    const [a, b] = await Promise.all([api.call("whoami"), api.call("whoami")]);
    expect(a.ok && b.ok).toBe(true);
    expect(refreshCalls).toBe(1);
    expect(readSession(s)?.auth.access_token).toBe("a-2");
  });

  it("signs out when the refresh token is refused", async () => {
    const auth = { access_token: "stale", refresh_token: "r-revoked", expires: 1 };
    const s = store({ [CONSOLE_SESSION_KEY]: JSON.stringify({ auth, user: { id: 7, uuid: "u", name: "x", email: null, role: "admin" } }) });
    const api = createConsoleApi(base, s);
    const r = await api.call("whoami");
    expect(r).toMatchObject({ ok: false, status: 401 });
    expect(api.current()).toBeNull();
    expect(s.data.size).toBe(0);
  });

  it("answers signed out without calling the API when no session is kept", async () => {
    const r = await createConsoleApi(base, store()).call("whoami");
    expect(r).toMatchObject({ ok: false, status: 401 });
  });
});
