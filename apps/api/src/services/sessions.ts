import { and, eq, isNull } from "drizzle-orm";
import { refreshTokens, sessions, type Db, type Tx } from "@storyloom/db";
import type { Auth } from "@storyloom/contract";
import type { Config } from "../config";
import { hashToken, newRefreshToken, signAccessToken } from "../auth/tokens";

/** Issues an access and refresh token pair inside an existing session (token family). */
export async function issueTokens(tx: Db | Tx, config: Config, sessionId: string, userId: number): Promise<Auth> {
  const refresh = newRefreshToken();
  const now = Date.now();
  await tx.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(now + config.REFRESH_TOKEN_TTL_S * 1000),
  });
  const exp = Math.floor(now / 1000) + config.ACCESS_TOKEN_TTL_S;
  return {
    access_token: signAccessToken(config.TOKEN_SECRET, { sid: sessionId, uid: userId, exp }),
    refresh_token: refresh,
    expires: config.ACCESS_TOKEN_TTL_S,
  };
}

/** Starts a new session for a user and issues its first tokens. */
export async function startSession(tx: Db | Tx, config: Config, userId: number): Promise<Auth> {
  const [s] = await tx.insert(sessions).values({ userId }).returning({ id: sessions.id });
  return issueTokens(tx, config, s!.id, userId);
}

/** Revokes every live session of a user (their tokens stop working at once). */
export async function revokeUserSessions(tx: Db | Tx, userId: number, reason: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
