import { describe, expect, it } from "vitest";
import { powPayload, readProofOfWorkChallenge } from "./proof-of-work";

const challenge = { algorithm: "SHA-256", challenge: "a".repeat(64), maxnumber: 50_000, salt: "0123abcd?expires=1900000000&", signature: "b".repeat(64) } as const;

describe("proof-of-work challenge", () => {
  it("reads a challenge as the API sends it, and nothing else", () => {
    expect(readProofOfWorkChallenge({ ...challenge, extra: 1 })).toEqual(challenge);
    for (const bad of [null, "x", { ...challenge, algorithm: "SHA-1" }, { ...challenge, challenge: "xyz" }, { ...challenge, maxnumber: 0 }, { ...challenge, salt: "" }, { ...challenge, signature: 5 }]) {
      expect(readProofOfWorkChallenge(bad)).toBeNull();
    }
  });
  it("answers it as ALTCHA's payload: base64 JSON naming the number", () => {
    const { atob } = globalThis as unknown as { atob(data: string): string };
    const decoded = JSON.parse(atob(powPayload(challenge, 1234))) as Record<string, unknown>;
    expect(decoded).toEqual({ algorithm: "SHA-256", challenge: challenge.challenge, number: 1234, salt: challenge.salt, signature: challenge.signature });
  });
});
