import type { ReferralData, User } from "@storyloom/contract";
import { StorageKeys, type ClientStorage } from "./storage";

/** The user type of spec section 4, kept in local storage. */
export type UserType = "admin" | "user" | "guest";

/** admin for roles admin or super_admin; user if not a guest and an e-mail exists; else guest. */
export function deriveUserType(user: Pick<User, "role" | "is_guest" | "email"> | null | undefined): UserType {
  if (!user) return "guest";
  if (user.role === "admin" || user.role === "super_admin") return "admin";
  if (!user.is_guest && user.email) return "user";
  return "guest";
}

/**
 * The role a login answer is stored with: guest, normal, admin and super_admin stay (the operator
 * console tells the two staff roles apart; everywhere else super_admin counts as admin, as
 * `deriveUserType` says); anything else becomes normal (spec section 5).
 */
export function coerceLoginRole(role: string): "guest" | "normal" | "admin" | "super_admin" {
  if (role === "guest" || role === "normal" || role === "admin" || role === "super_admin") return role;
  return "normal";
}

/** Display name: the name, then the username, then 'Guest'. */
export function displayName(user: Pick<User, "name" | "username"> | null | undefined): string {
  return user?.name?.trim() || user?.username?.trim() || "Guest";
}

/** A logged-in user is authenticated, holds a token and is not a guest (spec section 6). */
export function isLoggedIn(user: Pick<User, "is_guest" | "role"> | null | undefined, hasToken: boolean): boolean {
  return hasToken && !!user && !user.is_guest && user.role !== "guest";
}

const ROLES = new Set(["guest", "normal", "admin", "super_admin"]);
const str = (v: unknown) => typeof v === "string";
const strOrNull = (v: unknown) => v === null || typeof v === "string";
const int = (v: unknown) => Number.isInteger(v);

/** True when a value has the shape of User info (spec section 3): cached data may be stale or edited. */
export function isUserInfo(v: unknown): v is User {
  if (typeof v !== "object" || v === null) return false;
  const u = v as Record<string, unknown>;
  return (
    str(u.uuid) && int(u.id) && str(u.name) && strOrNull(u.username) && strOrNull(u.email) && ROLES.has(u.role as string) &&
    (u.status === "normal" || u.status === "disabled") && typeof u.is_guest === "boolean" && int(u.coins) &&
    strOrNull(u.avatar_url) && int(u.level) && int(u.vip_level) && str(u.create_time)
  );
}

/** Reads the cached user info cookie; anything unreadable counts as no cache (cookies are user-editable). */
export function readCachedUser(storage: ClientStorage): User | null {
  const raw = storage.cookies.get(StorageKeys.userInfo);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUserInfo(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A new random device id (url-safe); works without crypto.randomUUID, which insecure origins lack. */
export function newDeviceId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === "function") c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The persistent device id, created on first use. */
export function deviceId(storage: ClientStorage): string {
  const existing = storage.local.get(StorageKeys.deviceId);
  if (existing && /^[A-Za-z0-9_-]{8,128}$/.test(existing)) return existing;
  const id = newDeviceId();
  storage.local.set(StorageKeys.deviceId, id);
  return id;
}

/** Referral data kept in local storage. */
export function readReferral(storage: ClientStorage): ReferralData {
  const raw = storage.local.get(StorageKeys.referral);
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const out: ReferralData = {};
    if (typeof v.sourceCode === "string") out.sourceCode = v.sourceCode;
    if (typeof v.inviteCode === "string") out.inviteCode = v.inviteCode;
    return out;
  } catch {
    return {};
  }
}

/**
 * Reads referral parameters from a URL query (source or source_code, invite or invite_code) and keeps
 * them in local storage; a link without them leaves earlier referral data alone. Returns what is stored.
 */
export function captureReferral(storage: ClientStorage, search: string | URLSearchParams): ReferralData {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const sourceCode = params.get("source") ?? params.get("source_code");
  const inviteCode = params.get("invite") ?? params.get("invite_code");
  const current = readReferral(storage);
  if (!sourceCode && !inviteCode) return current;
  const next: ReferralData = { ...current };
  if (sourceCode) next.sourceCode = sourceCode;
  if (inviteCode) next.inviteCode = inviteCode;
  storage.local.set(StorageKeys.referral, JSON.stringify(next));
  return next;
}
