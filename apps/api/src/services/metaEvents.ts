import { createHash, randomUUID } from "node:crypto";
import { desc, inArray } from "drizzle-orm";
import { metaEvents, type Db } from "@storyloom/db";
import type { MetaEvent } from "@storyloom/contract";
import type { Outbox } from "../outbox/outbox";

/** The outbox kind whose messages carry a batch of stored event ids to the Graph API. */
export const META_OUTBOX_KIND = "meta-events";

/** The request facts the server adds to every event. */
export interface MetaRequestFacts {
  ip: string;
  userAgent: string | undefined;
  userId: number | null;
}

/** An event as stored and as the Conversions API receives it. */
export type StoredMetaEvent = Omit<MetaEvent, "user_data"> & {
  event_id: string;
  user_data: MetaEvent["user_data"] & { client_ip_address?: string };
};

const SHA256_HEX = /^[a-f0-9]{64}$/;
const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

/** Meta's normalisation of an e-mail before hashing: trimmed, lower-cased. An existing hash is kept. */
export function hashEmail(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (!v) return undefined;
  return SHA256_HEX.test(v) ? v : sha256(v);
}

/** Meta's normalisation of a phone number before hashing: digits only (country code included), no leading zeros. */
export function hashPhone(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (SHA256_HEX.test(v)) return v;
  const digits = v.replace(/\D/g, "").replace(/^0+/, "");
  return digits ? sha256(digits) : undefined;
}

/** An external id is hashed as sent (trimmed); an existing hash is kept. */
export function hashExternalId(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  return SHA256_HEX.test(v) ? v : sha256(v);
}

/**
 * The event as it may be stored and sent: personal fields hashed, the client's IP and user agent
 * added, a server event id when the client gave none, and a future time (a skewed clock) clamped to
 * now, which the Conversions API would otherwise refuse.
 */
export function prepareMetaEvent(event: MetaEvent, facts: MetaRequestFacts, nowS = Math.floor(Date.now() / 1000)): StoredMetaEvent {
  const { em, ph, external_id, ...rest } = event.user_data;
  const user_data: StoredMetaEvent["user_data"] = { ...rest };
  const hashedEm = em === undefined ? undefined : hashEmail(em);
  const hashedPh = ph === undefined ? undefined : hashPhone(ph);
  const hashedId = external_id === undefined ? undefined : hashExternalId(external_id);
  if (hashedEm) user_data.em = hashedEm;
  if (hashedPh) user_data.ph = hashedPh;
  if (hashedId) user_data.external_id = hashedId;
  user_data.client_ip_address = facts.ip;
  user_data.client_user_agent ??= facts.userAgent?.slice(0, 1000);
  if (user_data.client_user_agent === undefined) delete user_data.client_user_agent;
  return { ...event, event_time: Math.min(event.event_time, nowS), event_id: event.event_id ?? randomUUID(), user_data };
}

/**
 * Stores events (hashed) and, when Meta is configured, queues them for the Graph API in the same
 * transaction. An event id seen before is skipped, so a retried beacon or the browser's copy of a
 * server event is stored and sent once. Returns the ids of the rows newly stored.
 */
export async function recordMetaEvents(
  db: Db,
  outbox: Outbox,
  events: MetaEvent[],
  facts: MetaRequestFacts,
  forward: boolean,
): Promise<number[]> {
  const prepared = events.map((e) => prepareMetaEvent(e, facts));
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(metaEvents)
      .values(prepared.map((e) => ({ userId: facts.userId, eventName: e.event_name, eventId: e.event_id, payload: e })))
      .onConflictDoNothing({ target: metaEvents.eventId })
      .returning({ id: metaEvents.id });
    const ids = inserted.map((r) => r.id);
    if (forward && ids.length > 0) await outbox.enqueue(tx, META_OUTBOX_KIND, { ids });
    return ids;
  });
}

/** Stored events by row id, in id order (what one outbox message sends). */
export async function loadMetaEvents(db: Db, ids: number[]): Promise<{ id: number; payload: StoredMetaEvent }[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: metaEvents.id, payload: metaEvents.payload }).from(metaEvents).where(inArray(metaEvents.id, ids)).orderBy(metaEvents.id);
  return rows.map((r) => ({ id: r.id, payload: r.payload as StoredMetaEvent }));
}

/** The newest stored events for the dev page. */
export async function recentMetaEvents(db: Db, limit = 100) {
  const rows = await db.select().from(metaEvents).orderBy(desc(metaEvents.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    event_name: r.eventName,
    event_id: r.eventId,
    user_id: r.userId,
    payload: r.payload,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
  }));
}
