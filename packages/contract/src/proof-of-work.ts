// The proof-of-work challenge (ALTCHA's, SHA-256) a guest sign-up past the per-address limit is
// answered with, in the 429's `data.challenge`: find `number` in 0..maxnumber with
// hex(SHA-256(salt + number)) = challenge, then sign up again with `altcha: powPayload(challenge, number)`.
// No zod here: the browser client imports this file alone.

/** A proof-of-work challenge as the API hands it out. */
export interface ProofOfWorkChallenge {
  algorithm: "SHA-256";
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** `value` as a {@link ProofOfWorkChallenge} when it is one (e.g. a 429's `data.challenge`); else null. */
export function readProofOfWorkChallenge(value: unknown): ProofOfWorkChallenge | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const ok =
    v.algorithm === "SHA-256" &&
    typeof v.challenge === "string" &&
    /^[0-9a-f]{64}$/.test(v.challenge) &&
    typeof v.maxnumber === "number" &&
    Number.isSafeInteger(v.maxnumber) &&
    v.maxnumber > 0 &&
    typeof v.salt === "string" &&
    v.salt.length > 0 &&
    typeof v.signature === "string" &&
    v.signature.length > 0;
  return ok ? { algorithm: "SHA-256", challenge: v.challenge as string, maxnumber: v.maxnumber as number, salt: v.salt as string, signature: v.signature as string } : null;
}

/** The `altcha` field of a sign-up that answers `challenge` with `number`: base64 of the ALTCHA payload JSON. */
export function powPayload(challenge: ProofOfWorkChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return base64(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}

// Browsers and Node (16+) both have btoa; this package's types name neither platform. The JSON is ASCII.
const base64 = (text: string): string => (globalThis as unknown as { btoa(data: string): string }).btoa(text);
