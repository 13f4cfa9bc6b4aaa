import { sql } from "drizzle-orm";
import { readCode } from "@storyloom/test-api";
import { actors, rowsOf, stories } from "@storyloom/db";
import type { RunningApi } from "../src/server";
import { callEndpoint, newGuest } from "./http";

/**
 * Signs in (from a fresh guest) with a given e-mail; returns the token, id and role the login answered.
 * A repeat sign-in of one address forgets its resend window first (the test is the only sender).
 */
export async function signInAs(api: RunningApi, email: string): Promise<{ token: string; id: number; role: string }> {
  const g = await newGuest(api);
  await api.ctx.db.execute(sql`delete from rate_limits where key = ${`code-email:${email}`}`);
  await callEndpoint(api, "sendCode", { email });
  const login = await callEndpoint<{ auth: { access_token: string }; user: { id: number; role: string } }>(api, "login", { email, code: await readCode(api, email), user_id: g.uuid });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.message}`);
  return { token: login.data.auth.access_token, id: login.data.user.id, role: login.data.user.role };
}

let made = 0;
/** Writes a catalogue story with one character straight into the database (visible unless told otherwise). */
export async function makeStory(
  api: RunningApi,
  over: { authorId?: number | null; rating?: "general" | "mature"; reviewState?: "pending" | "approved" | "rejected"; published?: boolean; hidden?: boolean } = {},
): Promise<{ id: string; slug: string; title: string }> {
  const id = `safety-story-${process.pid}-${++made}`;
  const title = `Safety story ${made}`;
  await api.ctx.db.insert(stories).values({
    id,
    title,
    hook: "A hook.",
    description: "A description.",
    categoryId: "mystery",
    coverUrl: `/art/cover/${id}.svg`,
    script: "Once.\n-> END\n",
    authorId: over.authorId ?? null,
    rating: over.rating ?? "general",
    reviewState: over.reviewState ?? "approved",
    published: over.published ?? true,
    hiddenAt: over.hidden ? new Date() : null,
  });
  const slug = `${id}-c1`;
  await api.ctx.db.insert(actors).values({ id: slug, slug, storyId: id, name: `Keeper ${made}`, persona: "Wry.", greeting: "Hello.", avatarUrl: `/art/avatar/${slug}.svg` });
  return { id, slug, title };
}

/** One row of a query's answer. */
export async function one<T>(api: RunningApi, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await api.ctx.db.execute(query))[0]!;
}

/** A number a query answers (e.g. a count). */
export async function num(api: RunningApi, query: ReturnType<typeof sql>): Promise<number> {
  return Number(Object.values(await one<Record<string, unknown>>(api, query))[0]);
}

/** The ids of a guest's first chat messages on a seeded story (the greeting and the opening). */
export async function chatMessageIds(api: RunningApi, token: string, storyId: string): Promise<string[]> {
  const r = await callEndpoint<{ messages: { id: string }[] }>(api, "chatSend", { story_id: storyId }, token);
  if (r.status !== 200) throw new Error(`chat failed: ${r.status} ${r.message}`);
  return r.data.messages.map((m) => m.id);
}
