import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Access tokens are signed, not stored: `sl1.<payload>.<signature>`. The signature and expiry are
// checked without the database; the session (token family) is then checked for revocation.

/** What an access token carries. */
export interface AccessClaims {
  /** session (token family) id */
  sid: string;
  /** user id */
  uid: number;
  /** expiry, unix seconds */
  exp: number;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString("base64url");

/** Signs an access token for a session. */
export function signAccessToken(secret: string, claims: AccessClaims): string {
  const payload = b64(JSON.stringify(claims));
  const sig = createHmac("sha256", secret).update(`sl1.${payload}`).digest("base64url");
  return `sl1.${payload}.${sig}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Verifies signature, shape and expiry; null for anything malformed, forged or expired. */
export function verifyAccessToken(secret: string, token: string, nowS = Date.now() / 1000): AccessClaims | null {
  if (token.length > 1024) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== "sl1") return null;
  const [, payload, sig] = parts as [string, string, string];
  const expected = createHmac("sha256", secret).update(`sl1.${payload}`).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<AccessClaims>;
    if (typeof c.sid !== "string" || !UUID.test(c.sid)) return null;
    if (typeof c.uid !== "number" || !Number.isInteger(c.uid)) return null;
    if (typeof c.exp !== "number" || c.exp <= nowS) return null;
    return { sid: c.sid, uid: c.uid, exp: c.exp };
  } catch {
    return null;
  }
}

/** A new opaque refresh token (256 bits). */
export const newRefreshToken = () => `rt_${randomBytes(32).toString("base64url")}`;

/** How refresh tokens are stored: only their hash. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Hash of a verification code, bound to the e-mail and the server secret. */
export const hashCode = (secret: string, email: string, code: string) =>
  createHmac("sha256", secret).update(`${email}\n${code}`).digest("hex");

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
