// Where the client keeps its state (spec sections 3 and 9): tokens and user info in cookies (so the
// brand site's server can read them too), device data in local storage, the payment token in session
// storage. Nothing here touches `window` or `document` until a method is called, so importing it
// (or creating a client) during a Next.js server render is safe.

/** One place to keep strings: cookies, local storage or session storage. */
export interface StorageArea {
  get(key: string): string | null;
  /** `maxAgeS` applies to cookies only; the other areas keep values until removed. */
  set(key: string, value: string, maxAgeS?: number): void;
  remove(key: string): void;
}

/** The three areas the client writes to. */
export interface ClientStorage {
  cookies: StorageArea;
  local: StorageArea;
  session: StorageArea;
}

/** Key names of everything the client stores. */
export const StorageKeys = {
  /** cookie: access token */
  token: "token",
  /** cookie: refresh token */
  refreshToken: "refresh_token",
  /** cookie: user info (JSON) */
  userInfo: "user_info",
  /** local storage: token expiry, unix milliseconds */
  tokenExpiresAt: "token_expires_at",
  /** local storage: admin | user | guest */
  userType: "user_type",
  /** local storage: the persistent device id guests are registered with */
  deviceId: "device_id",
  /** local storage: { sourceCode, inviteCode } (JSON) */
  referral: "referral_data",
  /** session storage: the payment token */
  paymentToken: "payment_token",
} as const;

/** A memory area for tests, Node scripts and server renders; cookies expire by max-age like a browser's. */
function memoryArea(initial: Record<string, string> = {}, expiring = false): StorageArea {
  const values = new Map<string, { value: string; expiresAt: number }>();
  for (const [k, v] of Object.entries(initial)) values.set(k, { value: v, expiresAt: Infinity });
  return {
    get(key) {
      const entry = values.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= Date.now()) {
        values.delete(key);
        return null;
      }
      return entry.value;
    },
    set(key, value, maxAgeS) {
      const expiresAt = expiring && maxAgeS !== undefined ? Date.now() + maxAgeS * 1000 : Infinity;
      values.set(key, { value, expiresAt });
    },
    remove(key) {
      values.delete(key);
    },
  };
}

/** In-memory storage: nothing persists beyond the object (tests, server side, non-browser use). */
export function memoryStorage(initial: { cookies?: Record<string, string>; local?: Record<string, string>; session?: Record<string, string> } = {}): ClientStorage {
  return { cookies: memoryArea(initial.cookies, true), local: memoryArea(initial.local), session: memoryArea(initial.session) };
}

/** Cookie attributes per spec section 9: path /, max-age, SameSite=Lax, Secure except on plain-http localhost. */
export function serializeCookie(name: string, value: string, maxAgeS: number, secure: boolean): string {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, "Path=/", `Max-Age=${Math.max(0, Math.floor(maxAgeS))}`, "SameSite=Lax"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** Reads one cookie from a `document.cookie` / Cookie header string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (decodeURIComponent(part.slice(0, eq).trim()) !== name) continue;
    try {
      // A removed cookie can linger as "name=" for an instant; nothing is ever stored empty.
      return decodeURIComponent(part.slice(eq + 1).trim()) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Whether cookies may go without Secure: only plain-http local development, where Secure ones would be dropped. */
export function isInsecureDevOrigin(loc: { protocol: string; hostname: string }): boolean {
  return loc.protocol === "http:" && (loc.hostname === "localhost" || loc.hostname === "127.0.0.1" || loc.hostname === "[::1]");
}

/** What browserStorage reads; injectable so tests can observe the exact cookie strings written. */
export interface BrowserEnv {
  document: { cookie: string };
  localStorage: Storage;
  sessionStorage: Storage;
  location: { protocol: string; hostname: string };
}

function webArea(get: () => Storage): StorageArea {
  // Storage can throw (Safari private mode, disabled storage): losing a value beats crashing the page.
  return {
    get: (key) => {
      try {
        return get().getItem(key);
      } catch {
        return null;
      }
    },
    set: (key, value) => {
      try {
        get().setItem(key, value);
      } catch {
        /* storage unavailable or full */
      }
    },
    remove: (key) => {
      try {
        get().removeItem(key);
      } catch {
        /* storage unavailable */
      }
    },
  };
}

/** The browser's cookies, localStorage and sessionStorage; `env` defaults to the page's globals, read lazily. */
export function browserStorage(env?: () => BrowserEnv): ClientStorage {
  const e = env ?? (() => globalThis as unknown as BrowserEnv);
  return {
    cookies: {
      get: (key) => readCookie(e().document.cookie, key),
      set: (key, value, maxAgeS = 0) => {
        e().document.cookie = serializeCookie(key, value, maxAgeS, !isInsecureDevOrigin(e().location));
      },
      remove: (key) => {
        e().document.cookie = serializeCookie(key, "", 0, !isInsecureDevOrigin(e().location));
      },
    },
    local: webArea(() => e().localStorage),
    session: webArea(() => e().sessionStorage),
  };
}

/** Browser storage in a browser, memory storage elsewhere (a Next.js server render, Node). */
export function defaultStorage(): ClientStorage {
  return typeof window !== "undefined" && typeof document !== "undefined" ? browserStorage() : memoryStorage();
}

/**
 * Storage for a server render of one request, for public reads that show the visitor's own flags
 * (liked, subscribed): the access token and user info of the Cookie header. The refresh token is left
 * out on purpose: a server-side refresh would rotate it without the browser learning the new one.
 */
export function requestStorage(cookieHeader: string | null | undefined): ClientStorage {
  const cookies: Record<string, string> = {};
  for (const key of [StorageKeys.token, StorageKeys.userInfo]) {
    const value = readCookie(cookieHeader ?? "", key);
    if (value) cookies[key] = value;
  }
  // The expiry lives in the browser's local storage; for one render, trust the token (the server
  // treats an invalid token on a public read as anonymous).
  const local: Record<string, string> = cookies[StorageKeys.token] ? { [StorageKeys.tokenExpiresAt]: String(Date.now() + 60_000) } : {};
  return memoryStorage({ cookies, local });
}
