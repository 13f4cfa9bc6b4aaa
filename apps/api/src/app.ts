import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { desc, eq } from "drizzle-orm";
import { outbox as outboxTable, type Db } from "@storyloom/db";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { ApiError } from "./errors";
import { Outbox } from "./outbox/outbox";
import { mailHandler } from "./outbox/mail";
import { authRoutes } from "./routes/auth";
import { registerDomainRoutes } from "./routes/index";
import { registerSecurity } from "./security";

/** The parts an API instance is built from. */
export interface AppDeps {
  config: Config;
  db: Db;
}

/** A built API instance and its context. */
export interface ApiApp {
  app: FastifyInstance;
  ctx: AppContext;
}

const BODY_LIMIT = 256 * 1024;

/** Builds the API: envelope everywhere, validated inputs, security headers, CORS for the brand sites. */
export async function buildApp({ config, db }: AppDeps): Promise<ApiApp> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : { level: config.LOG_LEVEL, redact: ["req.headers.authorization", "req.headers.cookie"] },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  const outbox = new Outbox(db, {}, app.log);
  const ctx: AppContext = { config, db, outbox };
  outbox.register("mail", mailHandler(config, app.log));

  // JSON bodies: an empty body is an empty object; anything unparsable is a 400 naming the body.
  // JSON only: any other media type is answered 415 (form bodies are added by the routes that take them).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError("VALIDATION_ERROR", "Invalid body: not valid JSON", { fields: [{ path: "body", message: "not valid JSON" }] }), undefined);
    }
  });

  registerSecurity(app, config);

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.status).send({ code: err.code, message: err.message, data: err.data });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    const fcode = (err as FastifyError).code;
    if (fcode === "FST_ERR_CTP_BODY_TOO_LARGE") return reply.status(413).send({ code: "PAYLOAD_TOO_LARGE", message: "Request body too large", data: null });
    if (fcode === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return reply.status(415).send({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Send the body as application/json", data: null });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: "VALIDATION_ERROR", message: err.message || "Bad request", data: null });
    }
    req.log.error({ err }, "unhandled error");
    return reply.status(500).send({ code: "INTERNAL_ERROR", message: "Something went wrong on our side; please try again", data: null });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ code: "NOT_FOUND", message: `No such endpoint: ${req.method} ${req.url.split("?")[0]}`, data: null }),
  );

  app.get("/healthz", async () => ({ code: "0", message: "ok", data: { status: "ok" } }));

  if (config.NODE_ENV !== "production") {
    // The dev mailbox: mail that would have gone out, newest first (`?to=` filters by address).
    app.get("/dev/mail", async (req) => {
      const to = typeof (req.query as Record<string, unknown>).to === "string" ? ((req.query as Record<string, string>).to ?? "").toLowerCase() : null;
      const rows = await db.select().from(outboxTable).where(eq(outboxTable.kind, "mail")).orderBy(desc(outboxTable.id)).limit(100);
      const mail = rows
        .map((r) => ({ id: r.id, to: "", ...(r.payload as Record<string, unknown>), created_at: r.createdAt.toISOString(), sent_at: r.sentAt?.toISOString() ?? null }))
        .filter((m) => !to || String(m.to).toLowerCase() === to);
      return { code: "0", message: "success", data: { mail } };
    });
  }

  authRoutes(app, ctx);
  registerDomainRoutes(app, ctx);
  return { app, ctx };
}
