import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { rowsOf, type Db } from "@storyloom/db";
import type { ProofOfWorkChallenge } from "@storyloom/contract";
import type { Config } from "../config";

/** Seconds a sign-up challenge may be answered in. */
export const CHALLENGE_TTL_S = 300;
/**
 * The range the secret number is drawn from: a phone's SHA-256 loop tries about 25,000 numbers on
 * average, about a second off the main thread, while each further sign-up costs a script the same.
 */
export const CHALLENGE_MAX_NUMBER = 50_000;

/** The HMAC key of sign-up challenges, derived from TOKEN_SECRET so no other secret must be set. */
function challengeKey(config: Config): string {
  return createHmac("sha256", config.TOKEN_SECRET).update("storyloom guest sign-up challenge").digest("hex");
}

/** A new signed proof-of-work challenge that expires in {@link CHALLENGE_TTL_S}. */
export async function newGuestChallenge(config: Config): Promise<ProofOfWorkChallenge> {
  const c = await createChallenge({
    algorithm: "SHA-256",
    hmacKey: challengeKey(config),
    maxnumber: CHALLENGE_MAX_NUMBER,
    expires: new Date(Date.now() + CHALLENGE_TTL_S * 1000),
  });
  return { algorithm: "SHA-256", challenge: c.challenge, maxnumber: c.maxnumber ?? CHALLENGE_MAX_NUMBER, salt: c.salt, signature: c.signature };
}

/** The payload of an `altcha` field when it has the shape of a SHA-256 solution; else null. */
function parsePayload(altcha: string): { algorithm: "SHA-256"; challenge: string; number: number; salt: string; signature: string } | null {
  try {
    const p = JSON.parse(Buffer.from(altcha, "base64").toString("utf8")) as Record<string, unknown>;
    const ok =
      p.algorithm === "SHA-256" &&
      typeof p.challenge === "string" &&
      typeof p.salt === "string" &&
      typeof p.signature === "string" &&
      Number.isSafeInteger(p.number) &&
      (p.number as number) >= 0;
    return ok ? (p as { algorithm: "SHA-256"; challenge: string; number: number; salt: string; signature: string }) : null;
  } catch {
    return null;
  }
}

/**
 * Whether `altcha` solves a challenge this API issued, unexpired and never used before. The first
 * use is remembered in `rate_limits` (one row per challenge signature, kept past the challenge's
 * expiry by the prune's one-day window), in one insert, so a replay fails across instances too.
 */
export async function redeemGuestChallenge(db: Db, config: Config, altcha: string): Promise<boolean> {
  const payload = parsePayload(altcha);
  if (!payload) return false;
  if (!(await verifySolution(payload, challengeKey(config), true))) return false;
  const fresh = rowsOf(
    await db.execute(sql`insert into rate_limits (key, window_start, count) values (${`altcha:${payload.signature}`}, now(), 1)
      on conflict (key) do nothing returning key`),
  );
  return fresh.length === 1;
}
