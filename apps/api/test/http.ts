import { endpoints, type EndpointName } from "@storyloom/contract";
import type { RunningApi } from "../src/server";
import { readCode } from "@storyloom/test-api";

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

/** Calls an endpoint of the contract by name: `input` goes in the query for GET, the JSON body for POST. */
export function callEndpoint<T = Record<string, unknown>>(api: Pick<RunningApi, "url">, name: EndpointName, input: unknown = {}, token?: string): Promise<Answer<T>> {
  const def = endpoints[name];
  if (def.method === "POST") return call<T>(api, "POST", def.path, { body: input, token });
  const entries = Object.entries(input as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]);
  return call<T>(api, "GET", def.path, { query: entries.length ? Object.fromEntries(entries) : undefined, token });
}

let devices = 0;
/** Signs up a fresh guest (optionally with an invite code); returns its tokens, user, uuid and id. */
export async function newGuest(api: Pick<RunningApi, "url">, inviteCode?: string) {
  const device_id = `test-device-${process.pid}-${++devices}-${Math.random().toString(36).slice(2, 10)}`;
  const r = await call<{ auth: { access_token: string; refresh_token: string; expires: number }; user: { uuid: string; id: number; coins: number } }>(
    api,
    "POST",
    "/api/v1/user-guest.sign-up",
    { body: { device_id, gender: "unknown", ...(inviteCode ? { invite_code: inviteCode } : {}) } },
  );
  if (r.code !== "0") throw new Error(`guest sign-up failed: ${r.message}`);
  return { ...r.data, device_id, token: r.data.auth.access_token, uuid: r.data.user.uuid, id: r.data.user.id };
}

let people = 0;
/** A guest signed in by e-mail code and named `name`: for the calls that are not for guests. */
export async function signedInUser(api: Pick<RunningApi, "url">, name: string): Promise<{ token: string; id: number }> {
  const g = await newGuest(api);
  const email = `person-${process.pid}-${++people}@example.com`;
  await callEndpoint(api, "sendCode", { email });
  const login = await callEndpoint<{ auth: { access_token: string }; user: { id: number } }>(api, "login", { email, code: await readCode(api, email), user_id: g.uuid });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.message}`);
  const token = login.data.auth.access_token;
  const named = await callEndpoint(api, "updateUserInfo", { name }, token);
  if (named.status !== 200) throw new Error(`naming the user failed: ${named.status} ${named.message}`);
  return { token, id: login.data.user.id };
}
