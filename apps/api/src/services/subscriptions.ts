import { randomBytes } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { stories, subscriptions, type Db } from "@storyloom/db";
import type { AppContext } from "../context";
import { requireViewable } from "./catalogue";

/** Path of the logged-out unsubscribe page; the token in its query names one subscription. */
export const UNSUBSCRIBE_PATH = "/api/v1/user-subscribe.unsubscribe";

/** Escapes text for HTML bodies and attributes. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Subscribes an e-mail to a story's updates (one the user may open: NOT_FOUND or the age gate
 * otherwise) and mails a confirmation through the outbox with a one-click unsubscribe link (and
 * List-Unsubscribe headers). Subscribing again while subscribed
 * changes nothing and sends nothing: the partial unique index on (story, email) decides.
 */
export async function subscribe(ctx: AppContext, base: string, userId: number, storyId: string, email: string): Promise<void> {
  const sent = await ctx.db.transaction(async (tx) => {
    // Only a story the subscriber may open (its author's own, or in their catalogue).
    const story = await requireViewable(tx, storyId, userId);
    const token = randomBytes(24).toString("base64url");
    const [created] = await tx.insert(subscriptions).values({ userId, storyId, email, token }).onConflictDoNothing().returning({ id: subscriptions.id });
    if (!created) return false;
    const link = `${base}${UNSUBSCRIBE_PATH}?token=${token}`;
    const title = story.title;
    await ctx.outbox.enqueue(
      tx,
      "mail",
      {
        to: email,
        subject: `You're following "${title}"`,
        text: `You will hear from us when "${title}" gets new chapters.\n\nTo stop these mails, open ${link}`,
        html: `<p>You will hear from us when <strong>${escapeHtml(title)}</strong> gets new chapters.</p><p><a href="${escapeHtml(link)}">Unsubscribe</a> with one click, no login needed.</p>`,
        headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      },
      `subscribe:${created.id}`,
    );
    return true;
  });
  if (sent) ctx.outbox.kick();
}

/** Cancels a user's subscriptions to a story (by account or by the account's e-mail); repeat-safe. */
export async function cancelForUser(db: Db, userId: number, email: string | null, storyId: string): Promise<void> {
  const who = email ? or(eq(subscriptions.userId, userId), eq(subscriptions.email, email)) : eq(subscriptions.userId, userId);
  await db
    .update(subscriptions)
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(subscriptions.storyId, storyId), isNull(subscriptions.cancelledAt), who));
}

/** Whether a user (or their e-mail) follows a story. */
export async function isSubscribed(db: Db, userId: number, email: string | null, storyId: string): Promise<boolean> {
  const who = email ? or(eq(subscriptions.userId, userId), eq(subscriptions.email, email)) : eq(subscriptions.userId, userId);
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.storyId, storyId), isNull(subscriptions.cancelledAt), who))
    .limit(1);
  return Boolean(row);
}

/** The subscription a link token names, with its story title; null for an unknown token. */
export async function findByToken(db: Db, token: string): Promise<{ id: number; email: string; title: string; cancelled: boolean } | null> {
  const [row] = await db
    .select({ id: subscriptions.id, email: subscriptions.email, title: stories.title, cancelledAt: subscriptions.cancelledAt })
    .from(subscriptions)
    .innerJoin(stories, eq(stories.id, subscriptions.storyId))
    .where(eq(subscriptions.token, token));
  return row ? { id: row.id, email: row.email, title: row.title, cancelled: row.cancelledAt !== null } : null;
}

/** Cancels the subscription a link token names (repeat-safe). */
export async function cancelByToken(db: Db, token: string): Promise<void> {
  await db.update(subscriptions).set({ cancelledAt: sql`now()` }).where(and(eq(subscriptions.token, token), isNull(subscriptions.cancelledAt)));
}

/** A minimal self-contained HTML page for the unsubscribe flow. */
export function unsubscribePage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;background:#0f0f17;color:#eee;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:28rem;padding:2rem;text-align:center}button{font:inherit;padding:.7rem 1.4rem;border:0;border-radius:.5rem;background:#8b5cf6;color:#fff;cursor:pointer}</style></head><body><main>${body}</main></body></html>`;
}
