import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { endpoints, type EndpointName } from "@storyloom/contract";
import { rowsOf, type Db } from "@storyloom/db";
import type { RunningApi } from "../src/server";

/** A parsed answer: HTTP status, headers and the envelope. */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: string; message: string; data: T };
}

/** Calls an endpoint of the contract by name (query for GET, JSON body for POST). */
export async function call<T = Record<string, unknown>>(api: RunningApi, name: EndpointName, input: unknown = {}, token?: string): Promise<Answer<T>> {
  const def = endpoints[name];
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let url = `${api.url}${def.path}`;
  let body: string | undefined;
  if (def.method === "GET") {
    const q = new URLSearchParams(Object.entries(input as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]));
    if ([...q].length) url += `?${q}`;
  } else {
    headers["content-type"] = "application/json";
    body = JSON.stringify(input);
  }
  const res = await fetch(url, { method: def.method, headers, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer<T>["body"] };
}

/** Signs up a fresh guest (optionally with an invite code) and returns its token and user. */
export async function guest(api: RunningApi, inviteCode?: string): Promise<{ token: string; uuid: string; id: number }> {
  const r = await call<{ auth: { access_token: string }; user: { uuid: string; id: number } }>(api, "guestSignUp", {
    device_id: `dev-${randomBytes(8).toString("hex")}`,
    ...(inviteCode ? { invite_code: inviteCode } : {}),
  });
  if (r.status !== 200) throw new Error(`guest sign-up failed: ${JSON.stringify(r.body)}`);
  return { token: r.body.data.auth.access_token, uuid: r.body.data.user.uuid, id: r.body.data.user.id };
}

const TABLES = ["favorites", "game_history", "subscriptions", "outbox", "coin_ledger", "check_ins", "task_progress", "story_drafts", "users"];

/** Row counts of the tables a call could write, to prove a refused call wrote nothing. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number(rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${t}`)))[0]!.n);
  return out;
}

/** A user's stored balance and the sum of their ledger amounts. */
export async function balanceAndLedger(db: Db, userId: number): Promise<{ coins: number; sum: number }> {
  const r = rowsOf<{ coins: number; sum: number }>(
    await db.execute(sql`select u.coins, coalesce((select sum(amount) from coin_ledger l where l.user_id = u.id), 0)::int as sum from users u where u.id = ${userId}`),
  )[0]!;
  return { coins: Number(r.coins), sum: Number(r.sum) };
}
