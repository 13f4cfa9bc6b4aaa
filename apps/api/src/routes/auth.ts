import { randomInt } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { CODE_MAX_ATTEMPTS, CODE_RESEND_S, CODE_TTL_S } from "@storyloom/contract";
import { refreshTokens, sessions, users, verificationCodes } from "@storyloom/db";
import type { AppContext } from "../context";
import { route } from "../http";
import { ApiError, unauthorized } from "../errors";
import { hashCode, hashToken, sameDigest } from "../auth/tokens";
import { issueTokens, startSession } from "../services/sessions";
import { toUser } from "../services/users";
import { hitRateLimit } from "../services/rateLimit";
import { createGuest, loginWithEmail } from "../services/accounts";
import { addressBucket } from "../clientAddress";
import { requestBrand } from "../services/activity";
import { newGuestChallenge, redeemGuestChallenge } from "../services/guestChallenge";

/**
 * Lets a new guest from `address` through: within GUEST_PER_IP_PER_HOUR, or past it with a solved,
 * unexpired, unused proof-of-work challenge. Past it without one, 429 RATE_LIMITED carries a fresh
 * challenge in `data.challenge` (the client solves it off the main thread and signs up again).
 */
async function admitNewGuest(ctx: AppContext, address: string, altcha: string | undefined): Promise<void> {
  const { config, db } = ctx;
  if (altcha !== undefined) {
    if (await redeemGuestChallenge(db, config, altcha)) return;
    throw new ApiError("RATE_LIMITED", "That sign-up check has expired or was already used; please try again", {
      retry_after: 1,
      challenge: await newGuestChallenge(config),
    });
  }
  try {
    await hitRateLimit(db, `guest-ip:${address}`, config.GUEST_PER_IP_PER_HOUR, 3600, "Many guests signed up from this network; please try again");
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== "RATE_LIMITED") throw err;
    throw new ApiError("RATE_LIMITED", err.message, { ...err.data, challenge: await newGuestChallenge(config) });
  }
}

/** Accounts and sessions: guest sign-up, whoami, refresh with reuse detection, e-mail code login, profile. */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { config, db } = ctx;

  route(app, ctx, "guestSignUp", async ({ input, req }) => {
    const address = addressBucket(req.ip);
    const user = await createGuest(ctx, input.device_id, input.gender, input.invite_code, {
      address,
      brand: requestBrand(config, req.headers.origin),
      admit: () => admitNewGuest(ctx, address, input.altcha),
    });
    const auth = await startSession(db, config, user.id);
    return { auth, user: toUser(user) };
  });

  route(app, ctx, "whoami", async ({ user }) => ({ user: toUser(user.user) }));

  route(app, ctx, "refresh", async ({ input }) => {
    const hash = hashToken(input.refresh_token);
    // The transaction answers an outcome instead of throwing, so a family revocation commits.
    const outcome = await db.transaction(async (tx) => {
      // Single use: only one concurrent caller can flip used_at from null.
      const [row] = await tx
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
        .returning();
      if (!row) {
        const [used] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
        if (!used?.usedAt) return { error: "Invalid refresh token" } as const;
        const ageS = (Date.now() - used.usedAt.getTime()) / 1000;
        if (ageS <= config.REFRESH_REUSE_GRACE_S) return { error: "Refresh token already used" } as const;
        // A rotated token came back after the grace window: someone holds a copy. Kill the family.
        await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: "refresh token reuse" })
          .where(and(eq(sessions.id, used.sessionId), isNull(sessions.revokedAt)));
        return { error: "Refresh token reuse detected; please sign in again" } as const;
      }
      if (row.expiresAt.getTime() <= Date.now()) return { error: "Refresh token expired" } as const;
      const [session] = await tx
        .select({ userId: sessions.userId, revokedAt: sessions.revokedAt, status: users.status, mergedInto: users.mergedInto })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, row.sessionId));
      if (!session || session.revokedAt || session.mergedInto !== null || session.status !== "normal") {
        return { error: "Session revoked" } as const;
      }
      return { auth: await issueTokens(tx, config, row.sessionId, session.userId) } as const;
    });
    if ("error" in outcome) throw unauthorized(outcome.error);
    return { auth: outcome.auth };
  });

  route(app, ctx, "sendCode", async ({ input, req }) => {
    await hitRateLimit(db, `code-ip:${addressBucket(req.ip)}`, config.CODE_SEND_PER_IP_PER_HOUR, 3600, "Too many codes requested from this network; try again later");
    await hitRateLimit(db, `code-email:${input.email}`, 1, CODE_RESEND_S, `Please wait before requesting another code`);
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    await db.transaction(async (tx) => {
      // A new code replaces the old ones.
      await tx
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(verificationCodes.email, input.email), isNull(verificationCodes.consumedAt)));
      await tx.insert(verificationCodes).values({
        email: input.email,
        codeType: input.code_type,
        codeHash: hashCode(config.TOKEN_SECRET, input.email, code),
        expiresAt: new Date(Date.now() + CODE_TTL_S * 1000),
        ip: req.ip,
      });
      await ctx.outbox.enqueue(tx, "mail", {
        to: input.email,
        subject: `Your sign-in code: ${code}`,
        text: `Your sign-in code is ${code}. It expires in ${CODE_TTL_S / 60} minutes.\n\nIf you did not ask for it, ignore this mail.`,
        html: `<p>Your sign-in code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>It expires in ${CODE_TTL_S / 60} minutes. If you did not ask for it, ignore this mail.</p>`,
      });
    });
    ctx.outbox.kick();
    return { expires_in: CODE_TTL_S, resend_in: CODE_RESEND_S };
  });

  route(app, ctx, "login", async ({ input, req }) => {
    const [code] = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, input.email), eq(verificationCodes.codeType, "login")))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    if (!code || code.consumedAt) throw new ApiError("CODE_INVALID", "No valid code for this e-mail; request a new one");
    if (code.expiresAt.getTime() <= Date.now()) throw new ApiError("CODE_EXPIRED", "The code has expired; request a new one");
    if (!sameDigest(code.codeHash, hashCode(config.TOKEN_SECRET, input.email, input.code))) {
      // Count the miss atomically; the fifth miss kills the code.
      const [after] = await db
        .update(verificationCodes)
        .set({
          attempts: sql`${verificationCodes.attempts} + 1`,
          consumedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${CODE_MAX_ATTEMPTS} then now() else null end`,
        })
        .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.consumedAt)))
        .returning({ attempts: verificationCodes.attempts });
      const left = Math.max(0, CODE_MAX_ATTEMPTS - (after?.attempts ?? CODE_MAX_ATTEMPTS));
      throw new ApiError(
        "CODE_INVALID",
        left > 0 ? `Wrong code; ${left} ${left === 1 ? "try" : "tries"} left` : "Too many wrong tries; request a new code",
        { attempts_left: left },
      );
    }
    return db.transaction(async (tx) => {
      const [consumed] = await tx
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      if (!consumed) throw new ApiError("CODE_INVALID", "No valid code for this e-mail; request a new one");
      const user = await loginWithEmail(ctx, tx, input.email, input.user_id, requestBrand(config, req.headers.origin));
      const auth = await startSession(tx, config, user.id);
      return { auth, user: toUser(user) };
    });
  });

  route(app, ctx, "updateUserInfo", async ({ input, user }) => {
    const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) patch.name = input.name;
    if (input.username !== undefined) patch.username = input.username;
    if (input.avatar_url !== undefined) patch.avatarUrl = input.avatar_url;
    if (input.username !== undefined) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${input.username}) and ${users.id} <> ${user.user.id}`);
      if (taken) throw new ApiError("CONFLICT", "That username is taken", { fields: [{ path: "username", message: "is taken" }] });
    }
    try {
      const [updated] = await db.update(users).set(patch).where(eq(users.id, user.user.id)).returning();
      return { user: toUser(updated!) };
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError("CONFLICT", "That username is taken", { fields: [{ path: "username", message: "is taken" }] });
      throw err;
    }
  });

}

/** True for PostgreSQL's unique_violation (23505), as either driver reports it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
