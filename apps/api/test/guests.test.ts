import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { solveChallenge } from "altcha-lib/v1";
import { endpoints, powPayload, readProofOfWorkChallenge, type ProofOfWorkChallenge } from "@storyloom/contract";
import { rowsOf } from "@storyloom/db";
import { ConfigSchema } from "../src/config";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import type { RoundRobinProxy } from "./support/round-robin-proxy";
import { postFrom, trustedHop } from "./clientAddress.support";

// Guest sign-up had no limit: every sign-up was a new account with the starting coins, so a script
// minted coins (and model replies) by signing up again and again. This suite runs at the defaults.

const PER_HOUR = ConfigSchema.shape.GUEST_PER_IP_PER_HOUR.parse(undefined);
const COINS_PER_DAY = ConfigSchema.shape.GUEST_COINS_PER_IP_PER_DAY.parse(undefined);

interface SignedUp {
  user: { uuid: string; coins: number };
  challenge?: unknown;
}

let api: RunningApi;
let hop: RoundRobinProxy;
let devices = 0;
const device = () => `guest-limit-${process.pid}-${++devices}`;
const signUp = (from: string, body: Record<string, unknown> = {}) =>
  postFrom<SignedUp>(hop.url, endpoints.guestSignUp.path, { device_id: device(), gender: "unknown", ...body }, { from });
const guestCount = async () => Number(rowsOf<{ n: number }>(await api.ctx.db.execute(sql`select count(*)::int as n from users where is_guest`))[0]!.n);

/** Finds the number that solves `challenge`, as the client does. */
async function solve(challenge: ProofOfWorkChallenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("challenge not solved");
  return powPayload(challenge, solution.number);
}

beforeAll(async () => {
  // The defaults, not the raised limits of the other suites; one trusted hop plays other addresses.
  api = await startTestApi({ GUEST_PER_IP_PER_HOUR: PER_HOUR, GUEST_COINS_PER_IP_PER_DAY: COINS_PER_DAY, TRUST_PROXY: 1 });
  hop = await trustedHop(api);
});
afterAll(async () => {
  await hop.close();
  await api.stop();
});

describe("guest sign-ups per address, at the defaults", () => {
  let firstDevice = "";
  let challenge: ProofOfWorkChallenge;
  let solved = "";

  it(`lets ${PER_HOUR} guests sign up from one address; the starting coins go to the first only`, async () => {
    expect(PER_HOUR).toBe(10);
    const coins: number[] = [];
    for (let i = 0; i < PER_HOUR; i++) {
      const r = await signUp("127.0.0.2");
      expect(r.status).toBe(200);
      if (i === 0) firstDevice = `guest-limit-${process.pid}-${devices}`;
      coins.push(r.data.user.coins);
    }
    expect(coins).toEqual([20, ...Array<number>(PER_HOUR - 1).fill(0)]);
  });

  it(`answers sign-up ${PER_HOUR + 1} with 429 RATE_LIMITED and a proof-of-work challenge, creating nobody`, async () => {
    const before = await guestCount();
    const r = await signUp("127.0.0.2");
    expect(r.status).toBe(429);
    expect(r.code).toBe("RATE_LIMITED");
    expect(r.message).toMatch(/try again/);
    challenge = readProofOfWorkChallenge(r.data.challenge)!;
    expect(challenge).not.toBeNull();
    expect(await guestCount()).toBe(before);
  });

  it("still returns a device's existing guest past the limit (device_id is not a new sign-up)", async () => {
    const again = await postFrom<SignedUp>(hop.url, endpoints.guestSignUp.path, { device_id: firstDevice }, { from: "127.0.0.2" });
    expect(again.status).toBe(200);
    expect(again.data.user.coins).toBe(20);
  });

  it("lets a sign-up with the solved challenge through, with no starting coins", async () => {
    solved = await solve(challenge);
    const r = await signUp("127.0.0.2", { altcha: solved });
    expect(r.status).toBe(200);
    expect(r.data.user.coins).toBe(0);
  });

  it("refuses the same solution again, and a forged one, with a fresh challenge", async () => {
    const before = await guestCount();
    const replay = await signUp("127.0.0.2", { altcha: solved });
    expect(replay.status).toBe(429);
    expect(readProofOfWorkChallenge(replay.data.challenge)?.signature).not.toBe(challenge.signature);
    const forged = await signUp("127.0.0.2", { altcha: powPayload({ ...challenge, challenge: "0".repeat(64) }, 1) });
    expect(forged.status).toBe(429);
    const garbage = await signUp("127.0.0.2", { altcha: "not a solution" });
    expect(garbage.status).toBe(429);
    expect(await guestCount()).toBe(before);
  });

  it("gives a guest from another address its own limit and its starting coins", async () => {
    const r = await signUp("127.0.0.3");
    expect(r.status).toBe(200);
    expect(r.data.user.coins).toBe(20);
    expect((await signUp("127.0.0.3")).data.user.coins).toBe(0);
  });
});
