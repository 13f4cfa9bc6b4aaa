import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@storyloom/api-client";
import { REVIEW_ART_PATH } from "@storyloom/contract";
import { loadReviewArt } from "./review-art-load";
import { CONSOLE_SESSION_KEY, createConsoleApi, type SessionStore } from "./session";

// A local peer speaking the API's wire for the review art call: a picture for a live staff token,
// the `{ code, message, data }` envelope for every refusal, and user.refresh renewing a stale token.
const PICTURE = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake picture bytes", "latin1");
let server: Server;
let base = "";
let refreshCalls = 0;
let seen: { path: string; token: string }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://peer");
    const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    const envelope = (status: number, code: string, message: string) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ code, message, data: null }));
    if (url.pathname === "/api/v1/user.refresh") {
      refreshCalls++;
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: "0", message: "", data: { auth: { access_token: "a-live", refresh_token: "r-good", expires: 9e9 } } }));
    }
    if (url.pathname !== REVIEW_ART_PATH) return envelope(404, "NOT_FOUND", "no such route");
    seen.push({ path: `${url.pathname}${url.search}`, token });
    if (!token || token === "a-stale") return envelope(401, "UNAUTHORIZED", "Authentication required");
    if (token === "a-player") return envelope(403, "FORBIDDEN", "This is for staff only");
    if (url.searchParams.get("version_id") === "404") return envelope(404, "NOT_FOUND", "No story version with id 404");
    if (url.searchParams.get("version_id") === "500") return res.writeHead(200, { "content-type": "text/html" }).end("<html>a proxy page</html>");
    res.writeHead(200, { "content-type": "image/webp", "cache-control": "private, no-store" }).end(PICTURE);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  refreshCalls = 0;
  seen = [];
});

/** A console signed in with `access` as its access token. */
function signedIn(access: string) {
  const session = { auth: { access_token: access, refresh_token: "r-good", expires: 9e9 }, user: { id: 1, uuid: "u", name: "Staff", email: "staff@example.com", role: "admin" } };
  const data = new Map([[CONSOLE_SESSION_KEY, JSON.stringify(session)]]);
  const store: SessionStore = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  return createConsoleApi(base, store);
}

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
};

describe("loading a version's art for the moderation detail", () => {
  it("fetches the picture with the staff token and gives its bytes and type", async () => {
    const blob = await loadReviewArt(signedIn("a-live"), { version_id: "12", kind: "avatar", character: 1, w: 96 });
    expect(blob.type).toBe("image/webp");
    expect(Buffer.from(await blob.arrayBuffer()).equals(PICTURE)).toBe(true);
    expect(seen).toEqual([{ path: `${REVIEW_ART_PATH}?version_id=12&kind=avatar&character=1&format=webp&w=96`, token: "a-live" }]);
  });

  it("renews a stale token once and asks again", async () => {
    const api = signedIn("a-stale");
    const blob = await loadReviewArt(api, { version_id: "12", kind: "cover", w: 640 });
    expect(blob.size).toBe(PICTURE.length);
    expect(refreshCalls).toBe(1);
    expect(seen.map((s) => s.token)).toEqual(["a-stale", "a-live"]);
    expect(api.current()?.auth.access_token).toBe("a-live");
  });

  it("fails with the API's code and message when refused or the version is unknown", async () => {
    const forbidden = await failure(loadReviewArt(signedIn("a-player"), { version_id: "12", kind: "cover", w: 640 }));
    expect(forbidden).toMatchObject({ code: "FORBIDDEN", status: 403, message: "This is for staff only" });
    const missing = await failure(loadReviewArt(signedIn("a-live"), { version_id: "404", kind: "cover", w: 640 }));
    expect(missing).toMatchObject({ code: "NOT_FOUND", status: 404, message: "No story version with id 404" });
  });

  it("signed out, asks without a token and fails with 401, renewing nothing", async () => {
    const store: SessionStore = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
    const err = await failure(loadReviewArt(createConsoleApi(base, store), { version_id: "12", kind: "cover", w: 640 }));
    expect(err).toMatchObject({ code: "UNAUTHORIZED", status: 401 });
    expect(seen).toEqual([{ path: expect.stringContaining(REVIEW_ART_PATH) as string, token: "" }]);
    expect(refreshCalls).toBe(0);
  });

  it("refuses an answer that is not a picture, and says when no answer came", async () => {
    const notPicture = await failure(loadReviewArt(signedIn("a-live"), { version_id: "500", kind: "cover", w: 640 }));
    expect(notPicture).toMatchObject({ code: "ERROR", status: 200 });
    expect(notPicture.message).toContain("could not be loaded");
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const api = createConsoleApi(`http://127.0.0.1:${port}`, { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
    expect(await failure(loadReviewArt(api, { version_id: "12", kind: "cover", w: 640 }))).toMatchObject({ code: "ERROR", status: 0, message: "Network error" });
  });
});
