import type { EndpointData, EndpointInput, EndpointName, User } from "@storyloom/contract";
import { routes } from "@storyloom/contract/routes";
import { ClientErrors, failure, isUnauthorized, withFallbackMessage, type ApiResult } from "./result";
import { SessionMachine, type SessionOptions, type SessionSnapshot } from "./session";
import { defaultStorage, type ClientStorage } from "./storage";
import { prepareInput, send, type CallOptions, type TransportConfig } from "./transport";
import { captureReferral, coerceLoginRole, readReferral } from "./user";
import type { ReferralData } from "@storyloom/contract";

/** Options of createApiClient. */
export interface ApiClientOptions extends SessionOptions {
  /** The configured API base, e.g. https://api.storyloom.ai (paths come from the contract). */
  baseUrl: string;
  /** Where state is kept; defaults to browser storage in a browser and memory elsewhere. */
  storage?: ClientStorage;
  /** The fetch to use (tests wrap it to count requests); defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Milliseconds before a call fails with 'Request timeout'. Default 15000. */
  timeoutMs?: number;
}

/** One typed function per endpoint; the input may be left out where every field is optional. */
export type ApiCalls = {
  // An empty object satisfies I only when every field of I is optional (or there are none).
  [N in EndpointName]: Record<never, never> extends EndpointInput<N>
    ? (input?: EndpointInput<N>, opts?: CallOptions) => Promise<ApiResult<EndpointData<N>>>
    : (input: EndpointInput<N>, opts?: CallOptions) => Promise<ApiResult<EndpointData<N>>>;
};

/** Fields of a code login; user_id defaults to the current user's uuid so the guest is kept. */
export type LoginInput = EndpointInput<"login">;

/** The client: typed calls plus the account actions of spec section 4. */
export interface ApiClient {
  /** Calls an endpoint by name: bearer token as its auth mode says, one retry after a 401. */
  call<N extends EndpointName>(name: N, input?: EndpointInput<N>, opts?: CallOptions): Promise<ApiResult<EndpointData<N>>>;
  /** The same calls as named functions: `client.api.storyGet({ id })`. */
  api: ApiCalls;
  /** The token lifecycle and session snapshot. */
  session: SessionMachine;
  storage: ClientStorage;
  /**
   * Start-up sequence: make sure a valid token exists and load user info (cached info if that fails).
   * With no answer from the server the stored token is kept and the snapshot says `offline`; calling
   * it again is the retry.
   */
  start(): Promise<SessionSnapshot>;
  /** Reloads user info via whoami; falls back to the cached user when the call fails. */
  loadUser(): Promise<User | null>;
  /** Sends a login code; 'Failed to send verification code' unless the server says why. */
  sendCode(input: EndpointInput<"sendCode">): Promise<ApiResult<EndpointData<"sendCode">>>;
  /** Logs in with an e-mail code, replacing the guest; 'Login failed' unless the server says why. */
  loginWithCode(input: LoginInput): Promise<ApiResult<EndpointData<"login">>>;
  /** Updates the profile and the stored user; 'Failed to update user info' unless the server says why. */
  updateUserInfo(input: EndpointInput<"updateUserInfo">): Promise<ApiResult<EndpointData<"updateUserInfo">>>;
  /** Clears all stored state and fires the logout event. */
  logout(): void;
  /** Keeps referral parameters (source/source_code, invite/invite_code) of a URL query. */
  captureReferral(search: string | URLSearchParams): ReferralData;
  /** The referral data kept in local storage. */
  referral(): ReferralData;
}

/** Creates an API client. Safe to call during a server render: nothing touches the browser until used. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const storage = options.storage ?? defaultStorage();
  const transport: TransportConfig = {
    baseUrl: options.baseUrl,
    // Late-bound so a test or polyfill that replaces globalThis.fetch after creation is honoured.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? 15_000,
  };
  const session = new SessionMachine(transport, storage, options);
  const authFailure = () => failure(ClientErrors.AUTH.code, ClientErrors.AUTH.message, 401);

  async function call<N extends EndpointName>(name: N, input?: EndpointInput<N>, opts?: CallOptions): Promise<ApiResult<EndpointData<N>>> {
    const prepared = prepareInput(name, input);
    if (!prepared.ok) return prepared;
    const mode = routes[name].auth;
    if (mode === "none") return send(transport, name, prepared.data, null, opts);
    if (opts?.token) return send(transport, name, prepared.data, opts.token, opts);
    if (mode === "optional") return send(transport, name, prepared.data, await session.peekToken(), opts);
    const token = await session.getValidToken();
    if (!token) return authFailure();
    const first = await send(transport, name, prepared.data, token, opts);
    if (!isUnauthorized(first)) return first;
    const renewed = await session.renewToken(token);
    if (!renewed) return authFailure();
    return send(transport, name, prepared.data, renewed, opts);
  }

  const api = Object.fromEntries(
    (Object.keys(routes) as EndpointName[]).map((name) => [name, (input?: never, opts?: CallOptions) => call(name, input, opts)]),
  ) as unknown as ApiCalls;

  /** whoami into the session (cached user on failure); `unanswered` when the server gave no answer. */
  async function fetchUser(): Promise<{ user: User | null; unanswered: boolean }> {
    const r = await call("whoami");
    if (r.ok) {
      session.storeUser(r.data.user);
      return { user: r.data.user, unanswered: false };
    }
    return { user: session.useCachedUser(), unanswered: r.status === 0 || session.lastAttemptUnanswered() };
  }

  async function loadUser(): Promise<User | null> {
    return (await fetchUser()).user;
  }

  return {
    call,
    api,
    session,
    storage,
    loadUser,
    async start() {
      const token = await session.getValidToken();
      let offline = session.lastAttemptUnanswered();
      // The check or the guest sign-up may already have answered the user; otherwise ask for it.
      if (token && !session.hasFreshUser()) offline = (await fetchUser()).unanswered;
      else if (!token) session.useCachedUser();
      session.markReady(offline);
      return session.getSnapshot();
    },
    async sendCode(input) {
      return withFallbackMessage(await call("sendCode", input), ClientErrors.SEND_CODE);
    },
    async loginWithCode(input) {
      const user_id = input.user_id ?? session.getSnapshot().user?.uuid;
      const r = await call("login", user_id ? { ...input, user_id } : input);
      if (!r.ok) return withFallbackMessage(r, ClientErrors.LOGIN);
      // Code '0' without the auth or the user is a failed login (spec section 5); its message ("success") is not the reason.
      if (!r.data?.auth || !r.data.user) return failure(ClientErrors.NETWORK.code, ClientErrors.LOGIN, r.status);
      const user: User = { ...r.data.user, role: coerceLoginRole(r.data.user.role) };
      session.storeAuth(r.data.auth);
      session.storeUser(user, true);
      return { ...r, data: { auth: r.data.auth, user } };
    },
    async updateUserInfo(input) {
      const r = withFallbackMessage(await call("updateUserInfo", input), ClientErrors.UPDATE_USER);
      if (r.ok) session.storeUser(r.data.user);
      return r;
    },
    logout: () => session.logout(),
    captureReferral: (search) => captureReferral(storage, search),
    referral: () => readReferral(storage),
  };
}
