// The guest sign-up's proof-of-work (README "Security and abuse limits"): past GUEST_PER_IP_PER_HOUR
// the API answers with an ALTCHA challenge, and the api-client solves it in a Web Worker made from a
// Blob. The e2e stack raises the limit (every client is 127.0.0.1), so no page meets a challenge
// here; this spec runs the worker's own script in Chromium, on a brand page under its headers, with
// a challenge made as altcha-lib makes them (find n with hex(SHA-256(salt + n)) = challenge).
import { createHash, randomBytes, randomInt } from "node:crypto";
import { POW_WORKER_SOURCE } from "../../../packages/api-client/src/proof-of-work";
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport } from "../support/checks";

const MAX = 50_000; // the API's CHALLENGE_MAX_NUMBER

for (const brand of brandSites) {
  test(`${brand.name}: the sign-up challenge's worker script solves it in the browser`, anyViewport, async ({ page }) => {
    await page.goto(brand.baseURL);
    const salt = randomBytes(12).toString("hex");
    // Near the top of the range: the longest search a player can be given.
    const number = MAX - randomInt(0, 1000);
    const challenge = createHash("sha256").update(`${salt}${number}`).digest("hex");
    const solved = await page.evaluate(
      ({ source, challenge, salt, max }) =>
        new Promise<{ number: number | null; ms: number }>((resolve, reject) => {
          const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
          const worker = new Worker(url);
          const began = performance.now();
          worker.onmessage = (e: MessageEvent<number | null>) => {
            worker.terminate();
            URL.revokeObjectURL(url);
            resolve({ number: e.data, ms: performance.now() - began });
          };
          worker.onerror = (e) => reject(new Error(`the worker failed: ${e.message}`));
          worker.postMessage({ challenge, salt, max });
        }),
      { source: POW_WORKER_SOURCE, challenge, salt, max: MAX },
    );
    expect(solved.number).toBe(number);
    test.info().annotations.push({ type: "proof-of-work", description: `${MAX - 1000}+ digests in ${Math.round(solved.ms)} ms` });
  });
}
