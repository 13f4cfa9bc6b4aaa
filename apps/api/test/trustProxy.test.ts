import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@storyloom/contract";
import { loadConfig } from "../src/config";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import type { RoundRobinProxy } from "./support/round-robin-proxy";
import { postFrom, trustedHop } from "./clientAddress.support";

// TRUST_PROXY was a boolean: on, Fastify took the left-most X-Forwarded-For, which the client
// writes, so a forged header reset every per-address limit; off, every player behind the load
// balancer shared one bucket.

const LIMIT = 3;
let sent = 0;
const sendCode = (base: string, from: string, forged?: string) =>
  postFrom(base, endpoints.sendCode.path, { email: `trust-${process.pid}-${++sent}@example.com` }, { from, headers: forged ? { "x-forwarded-for": forged } : {} });

/** Sends LIMIT + 1 codes from `from`, each with another forged X-Forwarded-For; answers their statuses. */
async function forgedRun(base: string, from: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i++) statuses.push((await sendCode(base, from, `1.2.3.${i}, 5.6.7.${i}`)).status);
  return statuses;
}

for (const [name, setting] of [
  ["one trusted hop (TRUST_PROXY=1)", "1"],
  ["the proxy's address in a CIDR list (TRUST_PROXY=10.0.0.0/8,127.0.0.1/32)", "10.0.0.0/8,127.0.0.1/32"],
] as const) {
  describe(`client address behind ${name}`, () => {
    let api: RunningApi;
    let hop: RoundRobinProxy;
    beforeAll(async () => {
      api = await startTestApi({ TRUST_PROXY: loadConfig({ TRUST_PROXY: setting }).TRUST_PROXY, CODE_SEND_PER_IP_PER_HOUR: LIMIT });
      hop = await trustedHop(api);
    });
    afterAll(async () => {
      await hop.close();
      await api.stop();
    });

    it("counts a client by the address the hop saw, whatever X-Forwarded-For it forges", async () => {
      expect(await forgedRun(hop.url, "127.0.0.2")).toEqual([200, 200, 200, 429]);
    });
    it("counts another client behind the same hop apart", async () => {
      expect((await sendCode(hop.url, "127.0.0.3", "127.0.0.2")).status).toBe(200);
    });
  });
}

describe("TRUST_PROXY settings", () => {
  it("refuses true, saying why and what to give instead", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: true is refused: the left-most X-Forwarded-For is written by the client.*hop count/);
  });
  it("takes a hop count, a list of addresses/CIDRs, or none", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,fd00::/8" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "127.0.0.1", "fd00::/8"]);
  });
  it("refuses what is neither, naming it", () => {
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/8,proxy.internal" })).toThrow(/TRUST_PROXY: .*proxy\.internal/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY/);
  });
});
