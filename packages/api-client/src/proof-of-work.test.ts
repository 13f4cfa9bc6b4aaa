import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Worker } from "node:worker_threads";
import { createChallenge } from "altcha-lib/v1";
import { startTestApi, type TestApi } from "@storyloom/test-api";
import { createApiClient } from "./client";
import { POW_WORKER_SOURCE, solveProofOfWork } from "./proof-of-work";
import { memoryStorage } from "./storage";
import { recordingFetch } from "./test-helpers";

// Past the per-address guest limit the API answers sign-up with a proof-of-work challenge; the
// session solves it and signs up again without the person noticing.

let api: TestApi;

beforeAll(async () => {
  // One guest per address per hour: the second new device from this machine is past the limit.
  api = await startTestApi({ GUEST_PER_IP_PER_HOUR: 1 });
});
afterAll(async () => {
  await api?.stop();
});

describe("guest sign-up past the per-address limit", () => {
  it("solves the challenge and signs up again, so the call succeeds as any other", async () => {
    const first = createApiClient({ baseUrl: api.url, storage: memoryStorage() });
    expect((await first.call("whoami")).ok).toBe(true);

    const rec = recordingFetch();
    const second = createApiClient({ baseUrl: api.url, fetch: rec.fetch, storage: memoryStorage() });
    const r = await second.call("whoami");
    expect(r.ok).toBe(true);
    const signUps = rec.to("guestSignUp");
    expect(signUps).toHaveLength(2);
    expect(signUps[0]!.body).not.toHaveProperty("altcha");
    expect(typeof signUps[1]!.body?.altcha).toBe("string");
    expect(signUps[1]!.body?.device_id).toBe(signUps[0]!.body?.device_id);
    expect(second.session.storedStatus()).toBe("valid");
    expect(second.session.getSnapshot().user?.uuid).not.toBe(first.session.getSnapshot().user?.uuid);
  });
});

/** Runs the browser worker's script in a Node worker thread, with `self` wired to the thread's port. */
function runWorkerScript(message: unknown): Promise<unknown> {
  const shim = `const { parentPort } = require("node:worker_threads");
const self = { postMessage: (m) => parentPort.postMessage(m) };
parentPort.on("message", (data) => self.onmessage({ data }));
${POW_WORKER_SOURCE}`;
  const worker = new Worker(shim, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once("message", (m) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once("error", reject);
    worker.postMessage(message);
  });
}

describe("solving a challenge", () => {
  it("finds the hidden number, in the browser's worker script and in this thread alike", async () => {
    const c = await createChallenge({ hmacKey: "test-key", maxnumber: 5000, number: 1234 });
    const challenge = { algorithm: "SHA-256" as const, challenge: c.challenge, maxnumber: 5000, salt: c.salt, signature: c.signature };
    expect(await runWorkerScript({ challenge: c.challenge, salt: c.salt, max: 5000 })).toBe(1234);
    expect(await solveProofOfWork(challenge)).toBe(1234);
    expect(await runWorkerScript({ challenge: "0".repeat(64), salt: c.salt, max: 50 })).toBeNull();
    expect(await solveProofOfWork({ ...challenge, challenge: "0".repeat(64), maxnumber: 50 })).toBeNull();
  });
});
