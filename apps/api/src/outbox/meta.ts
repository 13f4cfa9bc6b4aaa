import { inArray } from "drizzle-orm";
import { z } from "zod";
import { metaEvents, type Db } from "@storyloom/db";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import { loadMetaEvents } from "../services/metaEvents";
import type { OutboxHandler } from "./outbox";

/** A batch of stored events waiting in the outbox (ids of `meta_events` rows, at most 1000). */
export const MetaBatchPayload = z.object({ ids: z.array(z.number().int()).min(1).max(1000) });

/** Graph API tries within one outbox pass before the outbox's own, longer backoff takes over. */
export const META_TRIES_PER_PASS = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a failed Graph API answer is worth another try (throttling, server errors). */
const retryable = (status: number) => status === 429 || status >= 500;

/**
 * Sends one batch to the Conversions API (`POST {META_GRAPH_URL}/{pixel}/events`). A 5xx, a 429 or a
 * network failure is retried in the pass with backoff (base, ×2); what still fails throws, and the
 * outbox retries later. A 4xx other than 429 is the batch's own fault: it throws at once, so the
 * outbox records the Graph API's message. Accepted events get `sent_at`.
 */
export function metaHandler(config: Config, db: Db, log: Pick<FastifyBaseLogger, "warn">): OutboxHandler {
  return async (payload) => {
    const { ids } = MetaBatchPayload.parse(payload);
    if (!config.META_PIXEL_ID || !config.META_ACCESS_TOKEN) throw new Error("Meta is not configured (META_PIXEL_ID, META_ACCESS_TOKEN)");
    const rows = await loadMetaEvents(db, ids);
    if (rows.length === 0) return;
    const url = `${config.META_GRAPH_URL.replace(/\/+$/, "")}/${config.META_PIXEL_ID}/events`;
    const body = JSON.stringify({ data: rows.map((r) => r.payload), access_token: config.META_ACCESS_TOKEN });
    let lastError = "";
    for (let attempt = 0; attempt < META_TRIES_PER_PASS; attempt++) {
      if (attempt > 0) await sleep(config.META_RETRY_BASE_MS * 2 ** (attempt - 1));
      let status = 0;
      let text = "";
      try {
        const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body, signal: AbortSignal.timeout(30_000) });
        status = res.status;
        text = await res.text();
      } catch (err) {
        lastError = `Graph API unreachable: ${err instanceof Error ? err.message : String(err)}`;
        log.warn({ attempt, err: lastError }, "meta batch failed");
        continue;
      }
      if (status >= 200 && status < 300) {
        await db.update(metaEvents).set({ sentAt: new Date() }).where(inArray(metaEvents.id, rows.map((r) => r.id)));
        return;
      }
      lastError = `Graph API answered ${status}: ${text.slice(0, 500)}`;
      if (!retryable(status)) break;
      log.warn({ attempt, status }, "meta batch failed");
    }
    throw new Error(lastError);
  };
}
