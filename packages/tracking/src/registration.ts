import { REGISTERED_KEY } from "./constants";
import type { QueueStorage } from "./queue";

/** The user fields the registration conversion reads (spec sections 3 and 4). */
export interface ConversionUser {
  uuid: string;
  role: string;
  status: string;
  is_guest?: boolean;
  create_time: string;
}

const sameLocalDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** A new user: status normal, role not guest, created today (spec section 4). */
export function isNewRegistration(user: ConversionUser, now = new Date()): boolean {
  if (user.status !== "normal" || user.role === "guest" || user.is_guest) return false;
  const created = new Date(user.create_time);
  return !Number.isNaN(created.getTime()) && sameLocalDay(created, now);
}

/** Ids of users already reported from this browser. */
export function reportedUsers(storage: QueueStorage | null): string[] {
  try {
    const v = JSON.parse(storage?.getItem(REGISTERED_KEY) ?? "[]") as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Reports a new user's registration once per browser: the id is written to local storage before
 * the report, so a reload, a second tab's recheck or the 2 s recheck never report it again.
 */
export function reportRegistrationOnce(user: ConversionUser | null, storage: QueueStorage | null, report: (user: ConversionUser) => void, now = new Date()): boolean {
  if (!user || !isNewRegistration(user, now)) return false;
  const seen = reportedUsers(storage);
  if (seen.includes(user.uuid)) return false;
  try {
    storage?.setItem(REGISTERED_KEY, JSON.stringify([...seen, user.uuid].slice(-50)));
  } catch {
    return false; // without storage "once" cannot be kept: better no report than a repeated one
  }
  report(user);
  return true;
}
