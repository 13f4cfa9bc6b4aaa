import { and, eq, isNull, sql } from "drizzle-orm";
import { sessions, users } from "@storyloom/db";
import type { AppContext } from "../context";
import { verifyAccessToken, type AccessClaims } from "./tokens";

/** The caller of an authenticated request: the user row and the session the token belongs to. */
export interface AuthedUser {
  user: typeof users.$inferSelect;
  sessionId: string;
}

// One prepared statement per database: the hot path of every authenticated call.
const prepared = new WeakMap<object, ReturnType<typeof prepare>>();
function prepare(ctx: AppContext) {
  return ctx.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sid")),
        eq(users.id, sql.placeholder("uid")),
        isNull(sessions.revokedAt),
        isNull(users.mergedInto),
        eq(users.status, "normal"),
      ),
    )
    .limit(1)
    .prepare("auth_session_user");
}

/** Reads the bearer token of an Authorization header. */
export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

/** Resolves a bearer header to its user; null when missing, malformed, expired, revoked or disabled. */
export async function authenticate(ctx: AppContext, header: string | undefined): Promise<AuthedUser | null> {
  const token = bearer(header);
  if (!token) return null;
  const claims: AccessClaims | null = verifyAccessToken(ctx.config.TOKEN_SECRET, token);
  if (!claims) return null;
  let stmt = prepared.get(ctx.db);
  if (!stmt) {
    stmt = prepare(ctx);
    prepared.set(ctx.db, stmt);
  }
  const [row] = await stmt.execute({ sid: claims.sid, uid: claims.uid });
  return row ? { user: row.user, sessionId: claims.sid } : null;
}
