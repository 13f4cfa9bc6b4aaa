import { createStore, type StoreApi } from "zustand/vanilla";
import type { Auth, User } from "@storyloom/contract";
import { ACCESS_TOKEN_TTL_S, GUEST_GENDER, REFRESH_TOKEN_TTL_S, USER_INFO_TTL_S } from "@storyloom/contract/constants";
import { powPayload, readProofOfWorkChallenge } from "@storyloom/contract/proof-of-work";
import { isUnauthorized } from "./result";
import { StorageKeys, type ClientStorage } from "./storage";
import { send, type TransportConfig } from "./transport";
import { deriveUserType, deviceId, displayName, isLoggedIn, readCachedUser, readReferral, type UserType } from "./user";

/** Session states of spec section 4. */
export type SessionStatus = "none" | "valid" | "expired";

/** What the UI reads about the session; a new object on every change (safe for useSyncExternalStore). */
export interface SessionSnapshot {
  status: SessionStatus;
  user: User | null;
  userType: UserType;
  displayName: string;
  isLoggedIn: boolean;
  /** True once the start-up sequence has finished (successfully or not). */
  ready: boolean;
  /**
   * True when the last start-up got no answer from the server (offline, timeout): the stored token
   * and user are kept (not cleared as the spec says) and `start()` again is the retry.
   */
  offline: boolean;
}

/** The session's state: a zustand store, read in React through zustand's `useStore` with a selector. */
export type SessionStore = StoreApi<SessionSnapshot>;

/**
 * What the server render and hydration show (the store's initial state): nothing is known before
 * storage is read. The client's real state follows right after hydration.
 */
export const initialSnapshot: SessionSnapshot = {
  status: "none",
  user: null,
  userType: "guest",
  displayName: "Guest",
  isLoggedIn: false,
  ready: false,
  offline: false,
};

/** Why listeners are called: any change, a different person behind the session, or a logout. */
export type SessionEvent = "change" | "identity" | "logout";

/** Options of the session machine. */
export interface SessionOptions {
  /** After whoami confirms a token whose stored expiry passed, trust it this long before asking again. */
  recheckAfterS?: number;
  /** Called after logout cleared the stored state. */
  onLogout?: () => void;
}

/**
 * The token lifecycle of spec section 4: none → guest sign-up; stored expiry in the future → valid;
 * else whoami decides; an expired token is refreshed; a failed refresh clears everything and signs up
 * a new guest. All concurrent requests for a token share one pending attempt.
 */
export class SessionMachine {
  private pending: Promise<string | null> | null = null;
  private listeners = new Set<(s: SessionSnapshot, e: SessionEvent) => void>();
  /**
   * The one copy of the session's state. Its initial state is {@link initialSnapshot} (what the
   * server rendered, so hydration matches); the state read from storage replaces it at once.
   */
  readonly store: SessionStore = createStore<SessionSnapshot>()(() => initialSnapshot);
  /** Whether the user in the snapshot came from the server during this page's life (not the cookie cache). */
  private freshUser = false;
  private readonly recheckAfterMs: number;
  /** Bumped by logout: an attempt that started before it must not store its tokens afterwards. */
  private epoch = 0;
  /** Whether the last token attempt got no answer from the server (whoami, refresh or sign-up). */
  private unanswered = false;

  constructor(
    private readonly transport: TransportConfig,
    private readonly storage: ClientStorage,
    private readonly options: SessionOptions = {},
  ) {
    this.recheckAfterMs = (options.recheckAfterS ?? 60) * 1000;
    this.store.setState(this.build(this.storedStatus(), null, false, false), true);
  }

  /** The stored access token, if any. */
  token(): string | null {
    return this.storage.cookies.get(StorageKeys.token);
  }

  /** State from storage alone: no token → none; stored expiry in the future → valid; else expired (unchecked). */
  storedStatus(): SessionStatus {
    if (!this.token()) return "none";
    const exp = Number(this.storage.local.get(StorageKeys.tokenExpiresAt));
    return Number.isFinite(exp) && exp > Date.now() ? "valid" : "expired";
  }

  /** The current snapshot. */
  getSnapshot(): SessionSnapshot {
    return this.store.getState();
  }

  /**
   * Listens to session changes and why they happened (a new person, a logout); returns the
   * unsubscribe function. React reads the state through {@link store} instead.
   */
  subscribe(listener: (s: SessionSnapshot, e: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the snapshot's user was answered by the server in this page's life. */
  hasFreshUser(): boolean {
    return this.freshUser && this.getSnapshot().user !== null;
  }

  /** A token that should be accepted, obtaining one if needed; null when none can be had. Shared by concurrent callers. */
  getValidToken(): Promise<string | null> {
    return this.share(() => this.acquire());
  }

  /**
   * After the server refused `failed` (401): refresh, or sign up a new guest. If another caller already
   * replaced that token, its successor is returned without a second refresh.
   */
  renewToken(failed: string): Promise<string | null> {
    if (this.pending) return this.pending;
    const current = this.token();
    if (current && current !== failed) return Promise.resolve(current);
    return this.share(() => this.recover());
  }

  /** For public reads that take a token when there is one: waits for a pending attempt, never starts one. */
  async peekToken(): Promise<string | null> {
    if (this.pending) return this.pending;
    return this.storedStatus() === "valid" ? this.token() : null;
  }

  /** Stores an auth object: cookies for the tokens, the expiry timestamp in local storage. */
  storeAuth(auth: Auth): void {
    this.storage.cookies.set(StorageKeys.token, auth.access_token, ACCESS_TOKEN_TTL_S);
    this.storage.cookies.set(StorageKeys.refreshToken, auth.refresh_token, REFRESH_TOKEN_TTL_S);
    this.storage.local.set(StorageKeys.tokenExpiresAt, String(Date.now() + auth.expires * 1000));
    this.update({ status: "valid" });
  }

  /** Stores user info (cookie) and user type (local storage); `identity` (or a new uuid) tells listeners the person changed. */
  storeUser(user: User, identity = false): void {
    const before = this.getSnapshot().user?.uuid;
    this.storage.cookies.set(StorageKeys.userInfo, JSON.stringify(user), USER_INFO_TTL_S);
    this.storage.local.set(StorageKeys.userType, deriveUserType(user));
    this.freshUser = true;
    this.update({ user }, identity || (before !== undefined && before !== user.uuid) ? "identity" : "change");
  }

  /** Shows the cached user (cookie) when the server cannot be asked; nothing is re-stored. */
  useCachedUser(): User | null {
    const cached = readCachedUser(this.storage);
    if (cached) this.update({ user: cached });
    return cached;
  }

  /** Applies a partial change to the current user, e.g. the new coin balance a call answered. */
  patchUser(patch: Partial<User>): void {
    const { user } = this.getSnapshot();
    if (user) this.storeUser({ ...user, ...patch });
  }

  /** Whether the last token attempt (see getValidToken) got no answer from the server: offline, not refused. */
  lastAttemptUnanswered(): boolean {
    return this.unanswered;
  }

  /** Marks the start-up sequence finished; `offline` when it got no answer from the server. */
  markReady(offline = false): void {
    this.update({ ready: true, offline });
  }

  /** Removes every stored piece of auth: tokens, user info, user type, expiry and payment token. */
  clearAuth(): void {
    const { cookies, local, session } = this.storage;
    cookies.remove(StorageKeys.token);
    cookies.remove(StorageKeys.refreshToken);
    cookies.remove(StorageKeys.userInfo);
    local.remove(StorageKeys.tokenExpiresAt);
    local.remove(StorageKeys.userType);
    session.remove(StorageKeys.paymentToken);
    const had = this.getSnapshot().user !== null;
    this.freshUser = false;
    this.update({ status: "none", user: null }, had ? "identity" : "change");
  }

  /** Logout: clears all stored state, then fires the logout event (listeners drop the played and liked lists). */
  logout(): void {
    this.epoch++;
    this.pending = null;
    this.clearAuth();
    this.emit("logout");
    this.options.onLogout?.();
    if (typeof window !== "undefined" && typeof window.dispatchEvent === "function") {
      window.dispatchEvent(new Event("storyloom:logout"));
    }
  }

  /** The token payment pages hand over: session storage first, then the session's own token. */
  paymentToken(): string | null {
    return this.storage.session.get(StorageKeys.paymentToken) ?? this.token() ?? this.storage.local.get(StorageKeys.token);
  }

  /** Keeps the payment token for this tab only (session storage). */
  setPaymentToken(token: string): void {
    this.storage.session.set(StorageKeys.paymentToken, token);
  }

  private share(run: () => Promise<string | null>): Promise<string | null> {
    if (this.pending) return this.pending;
    this.unanswered = false;
    const p = run().finally(() => {
      if (this.pending === p) this.pending = null;
    });
    this.pending = p;
    return p;
  }

  private async acquire(): Promise<string | null> {
    const epoch = this.epoch;
    const token = this.token();
    if (!token) {
      this.update({ status: "none" });
      // The access cookie lives 7 days, the refresh cookie 30: a returning user keeps their account.
      if (this.storage.cookies.get(StorageKeys.refreshToken)) return this.recover();
      return this.registerGuest();
    }
    if (this.storedStatus() === "valid") return token;
    const check = await send(this.transport, "whoami", {}, token);
    if (epoch !== this.epoch) return null;
    if (check.ok) {
      // The server does not say when the token ends; re-ask after a while (a 401 retry covers the gap).
      this.storage.local.set(StorageKeys.tokenExpiresAt, String(Date.now() + this.recheckAfterMs));
      this.update({ status: "valid" });
      this.storeUser(check.data.user);
      return token;
    }
    // No answer is not a verdict: keep the token rather than throw away a signed-in session offline
    // (the spec clears it; a deliberate difference, see the README). The UI shows an offline notice.
    if (!isUnauthorized(check) && check.status === 0) {
      this.unanswered = true;
      return token;
    }
    return this.recover();
  }

  private async recover(): Promise<string | null> {
    const epoch = this.epoch;
    this.update({ status: "expired" });
    const refreshToken = this.storage.cookies.get(StorageKeys.refreshToken);
    if (refreshToken) {
      const r = await send(this.transport, "refresh", { refresh_token: refreshToken }, null);
      if (epoch !== this.epoch) return null;
      if (r.ok) {
        this.storeAuth(r.data.auth);
        return r.data.auth.access_token;
      }
      // Offline: the refresh token may still be good, so nothing is cleared; the caller gets AUTH_ERROR.
      if (r.status === 0) {
        this.unanswered = true;
        return null;
      }
    }
    this.clearAuth();
    return this.registerGuest();
  }

  private async registerGuest(): Promise<string | null> {
    const epoch = this.epoch;
    const { inviteCode } = readReferral(this.storage);
    const input: Record<string, unknown> = { device_id: deviceId(this.storage), gender: GUEST_GENDER };
    // An over-long code from a hand-edited link must not block the sign-up itself.
    if (inviteCode && inviteCode.length <= 32) input.invite_code = inviteCode;
    let r = await send(this.transport, "guestSignUp", input, null);
    // Many sign-ups from this network: the answer carries a proof-of-work; solve it and sign up again, once.
    const challenge = !r.ok && r.status === 429 ? readProofOfWorkChallenge(r.details?.challenge) : null;
    if (challenge) {
      // Loaded only here: a person almost never meets a challenge, so it stays out of every page's first load.
      // A chunk that cannot be loaded (a deploy replaced it) leaves the sign-up refused, as without a solution.
      const number = await import("./proof-of-work").then(({ solveProofOfWork }) => solveProofOfWork(challenge)).catch(() => null);
      if (epoch !== this.epoch) return null;
      if (number !== null) r = await send(this.transport, "guestSignUp", { ...input, altcha: powPayload(challenge, number) }, null);
    }
    if (!r.ok && r.status === 0) this.unanswered = true;
    if (!r.ok || epoch !== this.epoch) return null;
    this.storeAuth(r.data.auth);
    this.storeUser(r.data.user);
    return r.data.auth.access_token;
  }

  private build(status: SessionStatus, user: User | null, ready: boolean, offline: boolean): SessionSnapshot {
    return {
      status,
      user,
      userType: user ? deriveUserType(user) : ((this.storage.local.get(StorageKeys.userType) as UserType | null) ?? "guest"),
      displayName: displayName(user),
      isLoggedIn: isLoggedIn(user, status !== "none"),
      ready,
      offline,
    };
  }

  private update(patch: Partial<Pick<SessionSnapshot, "status" | "user" | "ready" | "offline">>, event: SessionEvent = "change"): void {
    const s = this.getSnapshot();
    this.store.setState(this.build(patch.status ?? s.status, patch.user !== undefined ? patch.user : s.user, patch.ready ?? s.ready, patch.offline ?? s.offline), true);
    this.emit(event);
  }

  private emit(event: SessionEvent): void {
    const snapshot = this.getSnapshot();
    for (const l of [...this.listeners]) l(snapshot, event);
  }
}
