import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "./config";

// Security headers and CORS as one precomputed hook: @fastify/helmet and @fastify/cors cost about
// two thirds of a minimal route's throughput here (measured with autocannon), this costs almost none.

/** Headers every answer carries. The API serves JSON and SVG art only, so nothing may frame or script it. */
export const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; style-src 'unsafe-inline'; form-action 'self'",
  "x-dns-prefetch-control": "off",
  "x-permitted-cross-domain-policies": "none",
};

/** Adds security headers to every answer and CORS for the configured brand origins only. */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  const allowed = new Set(config.CORS_ORIGINS);
  const headers = { ...SECURITY_HEADERS };
  if (config.NODE_ENV === "production") headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";

  app.addHook("onRequest", (req, reply, done) => {
    reply.headers(headers);
    // Every answer depends on Origin (an allowed one gets CORS headers, others none), so every answer
    // says so: a cache must never hand one brand's answer, or a refused one, to another origin.
    reply.header("vary", "Origin");
    const origin = req.headers.origin;
    if (origin && allowed.has(origin)) {
      reply.header("access-control-allow-origin", origin);
      // The brand sites' scripts may read the request id of a failed call (a reference for support).
      reply.header("access-control-expose-headers", "x-request-id");
    }
    done();
  });

  // Preflight: answer allowed origins with the methods and headers the API takes; others get no CORS headers.
  app.options("*", (req, reply) => {
    const origin = req.headers.origin;
    if (origin && allowed.has(origin)) {
      reply.header("access-control-allow-methods", "GET, POST, OPTIONS");
      reply.header("access-control-allow-headers", "Content-Type, Authorization");
      reply.header("access-control-max-age", "600");
    }
    reply.status(204).send();
  });
}

/** Adds request headers to the answer's Vary, keeping those already named (never overwrite Vary). */
export function appendVary(reply: FastifyReply, ...names: string[]): void {
  const current = reply.getHeader("vary");
  // The same few Vary values come by on every request ("Origin" + "Authorization"): their merge is
  // remembered rather than split, compared and joined again each time.
  const memoKey = typeof current === "string" ? `${current}\n${names.join("\n")}` : null;
  const known = memoKey === null ? undefined : varyMemo.get(memoKey);
  if (known !== undefined) {
    reply.header("vary", known);
    return;
  }
  const merged = mergeVary(current, names);
  if (memoKey !== null && varyMemo.size < 64) varyMemo.set(memoKey, merged);
  reply.header("vary", merged);
}

const varyMemo = new Map<string, string>();

/** A Vary value naming `current`'s headers and then those of `names` it lacks (`*` stays `*`). */
function mergeVary(current: unknown, names: string[]): string {
  const list = (Array.isArray(current) ? current.join(",") : String(current ?? "")).split(",").map((v) => v.trim()).filter(Boolean);
  const seen = new Set(list.map((v) => v.toLowerCase()));
  if (seen.has("*")) return list.join(", ");
  for (const n of names) {
    if (seen.has(n.toLowerCase())) continue;
    list.push(n);
    seen.add(n.toLowerCase());
  }
  return list.join(", ");
}
