import { createHash, randomUUID } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import { metaEvents, users, type Db, type Tx } from "@storyloom/db";
import type { MetaEvent } from "@storyloom/contract";
import { purchaseEventId } from "@storyloom/contract/constants";
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
  return db.transaction((tx) => storeMetaEvents(tx, outbox, prepared, facts.userId, forward));
}

/** Inserts prepared events (an event id seen before is skipped) and queues the new rows when forwarding. */
async function storeMetaEvents(tx: Db | Tx, outbox: Outbox, prepared: StoredMetaEvent[], userId: number | null, forward: boolean): Promise<number[]> {
  const inserted = await tx
    .insert(metaEvents)
    .values(prepared.map((e) => ({ userId, eventName: e.event_name, eventId: e.event_id, payload: e })))
    .onConflictDoNothing({ target: metaEvents.eventId })
    .returning({ id: metaEvents.id });
  const ids = inserted.map((r) => r.id);
  if (forward && ids.length > 0) await outbox.enqueue(tx, META_OUTBOX_KIND, { ids });
  return ids;
}

/** An order, as far as its conversions need it. */
export interface OrderFacts {
  id: string;
  userId: number;
  priceId: string;
  /** US cents. */
  amount: number;
  coins: number;
}

/** The event id of an order's checkout start, whose buyer facts the order's Purchase reuses. */
export const checkoutEventId = (orderId: string) => `checkout_${orderId}`;

/** The order as the conversions' custom data: what the browser's Purchase carries too. */
function orderData(order: OrderFacts): NonNullable<StoredMetaEvent["custom_data"]> {
  const value = order.amount / 100;
  return { currency: "usd", value, order_id: order.id, contents: [{ id: order.priceId, quantity: 1, item_price: value, title: `${order.coins} coins` }] };
}

/** The buyer as the ad platform matches them: hashed user uuid (as the browser names them) and e-mail. */
async function buyerIds(tx: Db | Tx, userId: number): Promise<StoredMetaEvent["user_data"]> {
  const [user] = await tx.select({ uuid: users.uuid, email: users.email }).from(users).where(eq(users.id, userId));
  const user_data: StoredMetaEvent["user_data"] = {};
  const external = user ? hashExternalId(user.uuid) : undefined;
  const email = user?.email ? hashEmail(user.email) : undefined;
  if (external) user_data.external_id = external;
  if (email) user_data.em = email;
  return user_data;
}

/**
 * Records the start of a checkout (InitiateCheckout, event id `checkout_<orderId>`) with the facts of
 * the buyer's own request: address, user agent and the page it came from. Stored, and queued when
 * Meta is configured; the order's Purchase, sent later from a provider's notification (which knows
 * nothing of the browser), takes these facts from it.
 */
export async function recordCheckoutStarted(db: Db, outbox: Outbox, order: OrderFacts, facts: { ip: string; userAgent: string | undefined; sourceUrl: string | undefined }, forward: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const user_data: StoredMetaEvent["user_data"] = { ...(await buyerIds(tx, order.userId)), client_ip_address: facts.ip };
    if (facts.userAgent) user_data.client_user_agent = facts.userAgent.slice(0, 1000);
    const event: StoredMetaEvent = {
      event_name: "InitiateCheckout",
      event_time: Math.floor(Date.now() / 1000),
      event_id: checkoutEventId(order.id),
      action_source: "website",
      user_data,
      custom_data: orderData(order),
      ...(facts.sourceUrl ? { event_source_url: facts.sourceUrl.slice(0, 2000) } : {}),
    };
    await storeMetaEvents(tx, outbox, [event], order.userId, forward);
  });
}

/**
 * The server's Purchase conversion of a paid order, recorded in the fulfilment's transaction: stored,
 * and queued for the Conversions API when Meta is configured. Its event id is the pixel's
 * (`purchase_<orderId>`), so the platform counts the browser's and the server's copies once, and the
 * unique event id keeps it to one row per order. The buyer's request facts come from the order's
 * checkout start.
 */
export async function recordPurchaseConversion(tx: Db | Tx, outbox: Outbox, order: OrderFacts & { paidAt: Date | null }, forward: boolean): Promise<boolean> {
  const [started] = await tx.select({ payload: metaEvents.payload }).from(metaEvents).where(eq(metaEvents.eventId, checkoutEventId(order.id)));
  const checkout = started?.payload as StoredMetaEvent | undefined;
  const event: StoredMetaEvent = {
    event_name: "Purchase",
    event_time: Math.floor((order.paidAt ?? new Date()).getTime() / 1000),
    event_id: purchaseEventId(order.id),
    action_source: "website",
    user_data: { ...checkout?.user_data, ...(await buyerIds(tx, order.userId)) },
    custom_data: orderData(order),
    ...(checkout?.event_source_url ? { event_source_url: checkout.event_source_url } : {}),
  };
  return (await storeMetaEvents(tx, outbox, [event], order.userId, forward)).length > 0;
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
