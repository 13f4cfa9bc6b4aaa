import type { FastifyError, FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { route } from "../http";
import { metaHandler } from "../outbox/meta";
import { publicCache } from "../services/publicRead";
import { hitRateLimit } from "../services/rateLimit";
import { META_OUTBOX_KIND, recentMetaEvents, recordMetaEvents } from "../services/metaEvents";
import { addressBucket } from "../clientAddress";

/** Bytes one forward call may carry (as sent: JSON, form or multipart); past it the call is a 413. */
export const FORWARD_BODY_LIMIT = 64 * 1024;

/** The event the server sends itself at fulfilment; the browser's copy is dropped (see FORWARDED_META_EVENTS). */
const SERVER_ONLY_EVENT = "Purchase";

/** A form's `data` field holds the JSON list; unparsable text stays a string so validation names the field. */
function formBody(data: string | undefined): Record<string, unknown> {
  if (data === undefined) return {};
  try {
    return { data: JSON.parse(data) as unknown };
  } catch {
    return { data };
  }
}

/** The `data` field of a multipart/form-data body (what `sendBeacon(url, formData)` sends). */
export function multipartField(body: string, contentType: string, field: string): string | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const b = boundary?.[1] ?? boundary?.[2];
  if (!b) return undefined;
  for (const part of body.split(`--${b}`)) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (!new RegExp(`content-disposition:[^\\r\\n]*;\\s*name="${field}"`, "i").test(head)) continue;
    return part.slice(split + 4).replace(/\r\n$/, "");
  }
  return undefined;
}

/**
 * The ad-platform forward: the browser's event queue (and its page-hide beacon) hands events here;
 * they are hashed, stored and, when Meta is configured, sent by the outbox worker. Without Meta they
 * stay stored, visible on the dev page `/dev/meta-events` next to the dev mailbox.
 */
export function trackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { config, db } = ctx;
  const forward = Boolean(config.META_PIXEL_ID && config.META_ACCESS_TOKEN);
  ctx.outbox.register(META_OUTBOX_KIND, metaHandler(config, db, app.log));

  // Scoped so the form parsers and the larger body limit exist only for this route.
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORWARD_BODY_LIMIT }, (_req, body, done) => {
      done(null, formBody(new URLSearchParams(typeof body === "string" ? body : body.toString("utf8")).get("data") ?? undefined));
    });
    scope.addContentTypeParser("multipart/form-data", { parseAs: "string", bodyLimit: FORWARD_BODY_LIMIT }, (req, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      done(null, formBody(multipartField(text, req.headers["content-type"] ?? "", "data")));
    });
    // Past the byte cap the call is refused whole, saying what the cap is; every other error goes to the API's handler.
    scope.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err.code !== "FST_ERR_CTP_BODY_TOO_LARGE") throw err;
      return reply.status(413).send({ code: "PAYLOAD_TOO_LARGE", message: `Too much tracking data in one call: send at most ${FORWARD_BODY_LIMIT / 1024} KB`, data: null });
    });
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: FORWARD_BODY_LIMIT }, (_req, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new ApiError("VALIDATION_ERROR", "Invalid body: not valid JSON", { fields: [{ path: "body", message: "not valid JSON" }] }), undefined);
      }
    });

    route(scope, ctx, "metaForward", async ({ input, user, req }) => {
      // After validation, so a malformed body costs no rate-limit write.
      await hitRateLimit(db, `meta-forward:${addressBucket(req.ip)}`, config.META_FORWARD_PER_IP_PER_MINUTE, 60, "Too many tracking requests; try again shortly");
      // A browser-sent Purchase is not stored nor sent: the server's own copy, made when the order was paid, is the one that counts.
      const kept = input.data.filter((e) => e.event_name !== SERVER_ONLY_EVENT);
      if (kept.length > 0) await recordMetaEvents(db, ctx.outbox, kept, { ip: req.ip, userAgent: req.headers["user-agent"], userId: user?.user.id ?? null }, forward);
      return { events_received: input.data.length };
    });
  });

  route(app, ctx, "trackingConfig", async ({ reply }) => {
    publicCache(reply, 60, 600);
    return {
      meta_pixel_id: forward ? (config.META_PIXEL_ID ?? null) : null,
      meta_pixel_script_url: config.META_PIXEL_SCRIPT_URL,
      posthog_key: config.POSTHOG_KEY ?? null,
      posthog_host: config.POSTHOG_HOST,
      session_recording_id: config.SESSION_RECORDING_ID ?? null,
    };
  });

  if (config.DEV_MAILBOX) {
    // Behind the dev mailbox's switch: what would have gone to Meta (or went), newest first.
    app.get("/dev/meta-events", async () => ({
      code: "0",
      message: "success",
      data: { forwarding: forward, events: await recentMetaEvents(db) },
    }));
  }
}
