// The console's own session: the staff member's tokens and user info in this browser's localStorage
// under a key of its own. It is deliberately not the sites' session (api-client's cookies): cookies
// are shared across ports on one host, so on a laptop the console's staff sign-in would replace the
// player session of the brand sites on localhost:3000/3001, and the sites' guest sign-up is not
// wanted here. Calls go through api-client's transport with the token passed per call; an expired
// access token is renewed once with the refresh token, and a failed renewal signs the console out.
import { createApiClient, memoryStorage, type ApiClient, type ApiResult } from "@storyloom/api-client";
import type { Auth, EndpointData, EndpointInput, EndpointName, User } from "@storyloom/contract";
import { isStaffRole } from "./rules";

/** The storage key of the console's session. */
export const CONSOLE_SESSION_KEY = "storyloom-console-session";

/** What the console keeps about the signed-in staff member. */
export interface ConsoleSession {
  auth: Auth;
  user: Pick<User, "id" | "uuid" | "name" | "email" | "role">;
}

/** A place to keep the session (localStorage in a browser; a Map in tests). */
export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Reads the stored session; anything unreadable or not staff counts as none. */
export function readSession(store: SessionStore): ConsoleSession | null {
  const raw = store.getItem(CONSOLE_SESSION_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ConsoleSession>;
    const ok = typeof v.auth?.access_token === "string" && typeof v.auth.refresh_token === "string" && typeof v.user?.id === "number" && isStaffRole(v.user.role);
    return ok ? (v as ConsoleSession) : null;
  } catch {
    return null;
  }
}

/** Stores the session, or clears it when `session` is null. */
export function writeSession(store: SessionStore, session: ConsoleSession | null): void {
  if (session) store.setItem(CONSOLE_SESSION_KEY, JSON.stringify(session));
  else store.removeItem(CONSOLE_SESSION_KEY);
}

/** Why a sign-in did not get past the console's door. */
export const NOT_STAFF = "This account is not staff.";

/** The console's API access: typed calls with the staff token, sign-in and sign-out. */
export interface ConsoleApi {
  /** Calls an endpoint as the signed-in staff member (renewing the token once on a 401). */
  call<N extends EndpointName>(name: N, input?: EndpointInput<N>): Promise<ApiResult<EndpointData<N>>>;
  /**
   * GETs `path` of the API (an answer that is not the JSON envelope, such as a picture) with the
   * staff token, renewing it once on a 401 as `call` does. Rejects only when no answer arrives.
   */
  fetchAuthorized(path: string): Promise<Response>;
  /** Sends a sign-in code to `email`. */
  sendCode(email: string): Promise<ApiResult<unknown>>;
  /** Signs in with a code; a non-staff account is refused (NOT_STAFF) and nothing is kept. */
  signIn(email: string, code: string): Promise<ApiResult<ConsoleSession>>;
  /** Forgets the session. */
  signOut(): void;
  /** The session kept now, if any. */
  current(): ConsoleSession | null;
  /** Called whenever the session changes (sign-in, renewal, sign-out). */
  subscribe(listener: () => void): () => void;
  readonly client: ApiClient;
}

/** The user fields the console keeps. */
const keep = (u: User): ConsoleSession["user"] => ({ id: u.id, uuid: u.uuid, name: u.name, email: u.email, role: u.role });

/** Creates the console's API access over `store` (the browser's localStorage by default). */
export function createConsoleApi(baseUrl: string, store: SessionStore, fetchImpl?: typeof fetch): ConsoleApi {
  const client = createApiClient({ baseUrl, storage: memoryStorage(), fetch: fetchImpl });
  const listeners = new Set<() => void>();
  let session = readSession(store);
  const set = (next: ConsoleSession | null) => {
    session = next;
    writeSession(store, next);
    for (const l of listeners) l();
  };
  let renewing: Promise<string | null> | null = null;

  /** One renewal shared by concurrent calls; null (and signed out) when the refresh token is refused. */
  function renew(current: ConsoleSession): Promise<string | null> {
    renewing ??= client.call("refresh", { refresh_token: current.auth.refresh_token }).then((r) => {
      renewing = null;
      if (r.ok && session) {
        set({ ...session, auth: r.data.auth });
        return r.data.auth.access_token;
      }
      if (!r.ok && r.status !== 0) set(null);
      return null;
    });
    return renewing;
  }

  async function call<N extends EndpointName>(name: N, input?: EndpointInput<N>): Promise<ApiResult<EndpointData<N>>> {
    const now = session;
    if (!now) return { ok: false, code: "AUTH_ERROR", message: "Signed out", status: 401 };
    const first = await client.call(name, input, { token: now.auth.access_token });
    if (first.ok || first.status !== 401) return first;
    const token = await renew(now);
    return token ? client.call(name, input, { token }) : first;
  }

  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  async function fetchAuthorized(path: string): Promise<Response> {
    const get = (token: string | undefined) => doFetch(`${baseUrl.replace(/\/+$/, "")}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    const now = session;
    // Signed out: asked without a token, so the API's own 401 answers it.
    const first = await get(now?.auth.access_token);
    if (first.status !== 401 || !now) return first;
    const token = await renew(now);
    return token ? get(token) : first;
  }

  return {
    client,
    call,
    fetchAuthorized,
    current: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sendCode: (email) => client.call("sendCode", { email, code_type: "login" }),
    async signIn(email, code) {
      const r = await client.call("login", { email, code });
      if (!r.ok) return r;
      if (!isStaffRole(r.data.user.role)) {
        set(null);
        return { ok: false, code: "FORBIDDEN", message: NOT_STAFF, status: 403 };
      }
      const next = { auth: r.data.auth, user: keep(r.data.user) };
      set(next);
      return { ...r, data: next };
    },
    signOut: () => set(null),
  };
}
