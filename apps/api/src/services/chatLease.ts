import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@storyloom/db";
import { ApiError } from "../errors";

/** A held lease on one chat: renew it before long steps, release it when done. */
export interface ChatLease {
  renew(): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes the lease of a (user, story) chat for `ttlMs`, or answers 409 CONFLICT when another request
 * (on any API instance) is writing in it. One atomic upsert that only replaces an expired lease, so
 * it holds across instances without holding a transaction open while the reply streams.
 */
export async function takeChatLease(db: Db, userId: number, storyId: string, ttlMs: number): Promise<ChatLease> {
  const holder = randomUUID();
  const claim = async () =>
    rowsOf<{ holder: string }>(
      await db.execute(sql`
        insert into chat_leases (user_id, story_id, holder, expires_at)
        values (${userId}, ${storyId}, ${holder}, now() + make_interval(secs => ${ttlMs / 1000}))
        on conflict (user_id, story_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where chat_leases.expires_at < now() or chat_leases.holder = excluded.holder
        returning holder`),
    ).length === 1;
  if (!(await claim())) throw new ApiError("CONFLICT", "A reply is still being written in this chat; wait for it or stop it");
  return {
    renew: async () => {
      await claim();
    },
    release: async () => {
      await db.execute(sql`delete from chat_leases where user_id = ${userId} and story_id = ${storyId} and holder = ${holder}`);
    },
  };
}
