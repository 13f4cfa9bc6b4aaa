import type { User } from "@storyloom/contract";
import type { users } from "@storyloom/db";

type UserRow = typeof users.$inferSelect;
const ROLES = new Set(["guest", "normal", "admin", "super_admin"]);

/** The wire form of a user (spec section 3). Unknown stored roles are answered as normal. */
export function toUser(u: UserRow): User {
  const role = u.isGuest ? "guest" : ROLES.has(u.role) && u.role !== "guest" ? (u.role as User["role"]) : "normal";
  return {
    uuid: u.uuid,
    id: u.id,
    name: u.name,
    username: u.username,
    email: u.email,
    role,
    status: u.status === "disabled" ? "disabled" : "normal",
    is_guest: u.isGuest,
    coins: u.coins,
    avatar_url: u.avatarUrl,
    level: u.level,
    vip_level: u.vipLevel,
    create_time: u.createdAt.toISOString(),
    adult_confirmed_at: u.adultConfirmedAt?.toISOString() ?? null,
  };
}
