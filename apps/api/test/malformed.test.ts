import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { endpoints, type EndpointName } from "@storyloom/contract";
import { rowsOf, schema } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";

// Property: whatever the contract rejects, the server rejects with a 4xx envelope naming the
// problem, and the database is left exactly as it was. Runs over every endpoint the server serves.

let api: RunningApi;
let token: string;
const tables = Object.values(schema)
  .filter((t) => is(t, PgTable))
  .map((t) => getTableName(t as PgTable));

/** A digest of every row of every table. */
async function databaseDigest(): Promise<string> {
  const parts: string[] = [];
  for (const t of tables) {
    const r = rowsOf<{ d: string | null }>(
      await api.ctx.db.execute(sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${t}" x`)),
    );
    parts.push(`${t}:${r[0]!.d}`);
  }
  return parts.join(",");
}

beforeAll(async () => {
  api = await startTestApi();
  token = (await newGuest(api)).token;
});
afterAll(() => api?.stop());

// Values biased towards the shapes of real bodies: objects with the contract's field names holding wrong types.
const fieldNames = Array.from(new Set(Object.values(endpoints).flatMap((e) => Object.keys((e.input as { shape?: object }).shape ?? {}))));
const wrongValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 3000 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constantFrom("", " ", "-1", "../../etc/passwd", "'; drop table users; --", "<script>", "\u0000", "9".repeat(400)),
);
const bodyLike = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...fieldNames), wrongValue, { maxKeys: 5 }),
);

describe(`malformed input (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("every endpoint answers what the contract rejects with a 4xx envelope and changes nothing", async () => {
    const served = (Object.keys(endpoints) as EndpointName[]).filter((name) =>
      api.app.hasRoute({ method: endpoints[name].method, url: endpoints[name].path }),
    );
    expect(served.length).toBeGreaterThanOrEqual(6);
    const before = await databaseDigest();
    let sent = 0;
    for (const name of served) {
      const def = endpoints[name];
      await fc.assert(
        fc.asyncProperty(def.method === "GET" ? fc.dictionary(fc.constantFrom(...fieldNames, "x"), fc.string({ maxLength: 300 }), { maxKeys: 4 }) : bodyLike, async (value) => {
          // Judge what the server receives: JSON turns NaN and ±Infinity into null, which may be valid.
          const body = def.method === "GET" ? value : (JSON.parse(JSON.stringify(value) ?? "null") as unknown);
          if (def.input.safeParse(body).success) return; // not malformed: nothing to check here
          sent++;
          const r =
            def.method === "GET"
              ? await call(api, "GET", def.path, { token, query: value as Record<string, string> })
              : await call(api, "POST", def.path, { token, rawBody: JSON.stringify(body) });
          expect(r.status, `${name} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
          expect(r.status).toBeLessThan(500);
          expect(r.code).toBe("VALIDATION_ERROR");
          expect(r.message).toMatch(/^Invalid (body|query): /);
        }),
        { numRuns: 100 },
      );
    }
    expect(sent).toBeGreaterThan(served.length * 50); // hundreds of malformed bodies in all
    expect(await databaseDigest()).toBe(before);
  }, 240_000);
});
