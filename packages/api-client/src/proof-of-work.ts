// The proof-of-work a guest sign-up past the per-address limit is answered with (ALTCHA's SHA-256
// challenge): find `number` with hex(SHA-256(salt + number)) = challenge. A person never sees it:
// the session solves it off the main thread and signs up again.
import type { ProofOfWorkChallenge } from "@storyloom/contract/proof-of-work";

// The search, as the worker runs it and as the fallback runs it: `crypto.subtle` in both, so the
// main thread is handed back between digests when no worker can be made.
const SEARCH_SOURCE = `
async function search(challenge, salt, max) {
  const encoder = new TextEncoder();
  for (let n = 0; n <= max; n++) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(salt + n)));
    let hex = "";
    for (const b of digest) hex += b.toString(16).padStart(2, "0");
    if (hex === challenge) return n;
  }
  return null;
}`;

/** The Web Worker's script: takes `{ challenge, salt, max }`, posts back the number or null. */
export const POW_WORKER_SOURCE = `${SEARCH_SOURCE}
self.onmessage = async (e) => {
  const { challenge, salt, max } = e.data;
  self.postMessage(await search(challenge, salt, max));
};`;

/** Tries numbers 0..max for the one whose SHA-256 (after `salt`) is `challenge`; null when none is. */
async function search(challenge: string, salt: string, max: number, signal?: AbortSignal): Promise<number | null> {
  const encoder = new TextEncoder();
  for (let n = 0; n <= max; n++) {
    if (signal?.aborted) return null;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(salt + n)));
    let hex = "";
    for (const b of digest) hex += b.toString(16).padStart(2, "0");
    if (hex === challenge) return n;
  }
  return null;
}

/** A Web Worker running the search, made from a Blob URL (no extra file to serve); null where none can be made. */
function searchWorker(): { worker: Worker; url: string } | null {
  if (typeof Worker === "undefined" || typeof Blob === "undefined" || typeof URL.createObjectURL !== "function") return null;
  let url: string | undefined;
  try {
    url = URL.createObjectURL(new Blob([POW_WORKER_SOURCE], { type: "text/javascript" }));
    return { worker: new Worker(url), url };
  } catch {
    // A Content-Security-Policy without `worker-src blob:`, or a browser without Blob workers.
    if (url) URL.revokeObjectURL(url);
    return null;
  }
}

/**
 * Finds the number that solves `challenge`: in a Web Worker where the platform has them, else
 * (Node, a page whose policy forbids Blob workers) by awaiting `crypto.subtle` digests one at a
 * time, which hands the thread back between them. Null when no number in range solves it.
 */
export function solveProofOfWork(challenge: ProofOfWorkChallenge, signal?: AbortSignal): Promise<number | null> {
  const made = searchWorker();
  const inThisThread = () => search(challenge.challenge, challenge.salt, challenge.maxnumber, signal);
  if (!made) return inThisThread();
  const { worker, url } = made;
  return new Promise((resolve) => {
    const end = () => {
      worker.terminate();
      URL.revokeObjectURL(url);
      signal?.removeEventListener("abort", abort);
    };
    const abort = () => {
      end();
      resolve(null);
    };
    signal?.addEventListener("abort", abort, { once: true });
    worker.onmessage = (e: MessageEvent<number | null>) => {
      end();
      resolve(typeof e.data === "number" ? e.data : null);
    };
    // A worker that fails to start (e.g. refused after creation) leaves the search to this thread.
    worker.onerror = () => {
      end();
      void inThisThread().then(resolve);
    };
    worker.postMessage({ challenge: challenge.challenge, salt: challenge.salt, max: challenge.maxnumber });
  });
}
