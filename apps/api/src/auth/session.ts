import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { sessions, users, type Db } from "@storyloom/db";
import type { AppContext } from "../context";
import { verifyAccessToken, type AccessClaims } from "./tokens";

/** The caller of an authenticated request: the user row and the session the token belongs to. */
export interface AuthedUser {
  user: typeof users.$inferSelect;
  sessionId: string;
}

type UserRow = typeof users.$inferSelect;

function prepare(db: Db) {
  return db
    .select({ sid: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.id} = any(${sql.placeholder("sids")}::uuid[])`,
        isNull(sessions.revokedAt),
        isNull(users.mergedInto),
        eq(users.status, "normal"),
      ),
    )
    .prepare("auth_sessions_users");
}

/**
 * Looks up sessions in batches: every lookup asked for within one turn of the event loop goes to
 * the database as a single query. Under load this turns N round trips into one without caching
 * anything — each answer still comes from a read made after its request arrived.
 */
class SessionLoader {
  private pending = new Map<string, { resolve: (r: UserRow | null) => void; reject: (e: unknown) => void }[]>();
  private scheduled = false;
  private readonly stmt: ReturnType<typeof prepare>;

  constructor(db: Db) {
    this.stmt = prepare(db);
  }

  load(sid: string): Promise<UserRow | null> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(sid);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(sid, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    try {
      const rows = await this.stmt.execute({ sids: `{${[...batch.keys()].join(",")}}` });
      const found = new Map(rows.map((r) => [r.sid, r.user]));
      for (const [sid, waiters] of batch) for (const w of waiters) w.resolve(found.get(sid) ?? null);
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  }
}

const loaders = new WeakMap<object, SessionLoader>();

/** Reads the bearer token of an Authorization header. */
export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

/** The access token of a bearer header, its signature and expiry checked (no database read); null when missing or invalid. */
export function claimsOf(ctx: AppContext, header: string | undefined): AccessClaims | null {
  const token = bearer(header);
  return token ? verifyAccessToken(ctx.config.TOKEN_SECRET, token) : null;
}

/**
 * SQL selecting the caller's `coins` while the token's session is live, no row otherwise: the checks
 * `authenticate` makes, for a statement that checks the caller itself (one round trip fewer).
 */
export function liveCallerSql(claims: AccessClaims): SQL {
  return sql`select u.coins from sessions s join users u on u.id = s.user_id
    where s.id = ${claims.sid} and u.id = ${claims.uid} and s.revoked_at is null and u.merged_into is null and u.status = 'normal'`;
}

/** Resolves a bearer header to its user; null when missing, malformed, expired, revoked or disabled. */
export async function authenticate(ctx: AppContext, header: string | undefined): Promise<AuthedUser | null> {
  const claims = claimsOf(ctx, header);
  if (!claims) return null;
  let loader = loaders.get(ctx.db);
  if (!loader) {
    loader = new SessionLoader(ctx.db);
    loaders.set(ctx.db, loader);
  }
  const user = await loader.load(claims.sid);
  // The token names its user too: a session always belongs to one user, so a mismatch is a forgery.
  return user && user.id === claims.uid ? { user, sessionId: claims.sid } : null;
}
