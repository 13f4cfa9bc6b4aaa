import { and, eq, sql } from "drizzle-orm";
import { paymentEvents, type Db, type Tx } from "@storyloom/db";

// Every verified provider notification is stored before it is acted on. Deliveries of one event
// (same provider and event id) serialize on its row: the first acts and records the outcome inside
// the same transaction, the rest find it processed and are answered from the record. An event whose
// handling failed stays "failed" with the error, and the provider's retry runs it again.

/** The identity of a provider event. */
export interface ProviderEvent {
  provider: "stripe" | "onlypay";
  id: string;
  type: string;
  orderId: string | null;
}

/** What a stored event answered; `replay` is true when this delivery was answered from the record. */
export interface EventAnswer<T> {
  replay: boolean;
  outcome: T;
}

/** Stores the event (or counts one more delivery of it), then acts on it once. */
export async function onProviderEvent<T>(db: Db, event: ProviderEvent, act: (tx: Tx) => Promise<T>): Promise<EventAnswer<T>> {
  await db
    .insert(paymentEvents)
    .values({ provider: event.provider, id: event.id, type: event.type, orderId: event.orderId })
    .onConflictDoUpdate({ target: [paymentEvents.provider, paymentEvents.id], set: { deliveries: sql`${paymentEvents.deliveries} + 1` } });
  const key = and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.id, event.id));
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(paymentEvents).where(key).for("update");
      if (row?.status === "processed") return { replay: true, outcome: row.outcome as T };
      const outcome = await act(tx);
      await tx
        .update(paymentEvents)
        .set({ status: "processed", outcome: outcome as object, error: null, processedAt: new Date() })
        .where(key);
      return { replay: false, outcome };
    });
  } catch (err) {
    await db
      .update(paymentEvents)
      .set({ status: "failed", error: err instanceof Error ? err.message.slice(0, 500) : String(err) })
      .where(key);
    throw err;
  }
}
