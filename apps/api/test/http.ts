import type { RunningApi } from "../src/server";

/** The envelope as tests read it. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  code: string;
  message: string;
  data: T;
  headers: Headers;
}

/** Calls the API over real HTTP: JSON body for POST, query string for GET, optional bearer token. */
export async function call<T = Record<string, unknown>>(
  api: Pick<RunningApi, "url">,
  method: "GET" | "POST",
  path: string,
  opts: { body?: unknown; rawBody?: string; token?: string; query?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const qs = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : "";
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (method === "POST") {
    headers["content-type"] ??= "application/json";
    body = opts.rawBody ?? JSON.stringify(opts.body ?? {});
  }
  const res = await fetch(`${api.url}${path}${qs}`, { method, headers, body });
  const json = (await res.json()) as { code: string; message: string; data: T };
  return { status: res.status, code: json.code, message: json.message, data: json.data, headers: res.headers };
}

let devices = 0;
/** Signs up a fresh guest; returns its tokens and user. */
export async function newGuest(api: Pick<RunningApi, "url">) {
  const device_id = `test-device-${process.pid}-${++devices}-${Math.random().toString(36).slice(2, 10)}`;
  const r = await call<{ auth: { access_token: string; refresh_token: string; expires: number }; user: { uuid: string; id: number; coins: number } }>(
    api,
    "POST",
    "/api/v1/user-guest.sign-up",
    { body: { device_id, gender: "unknown" } },
  );
  if (r.code !== "0") throw new Error(`guest sign-up failed: ${r.message}`);
  return { ...r.data, device_id, token: r.data.auth.access_token };
}
