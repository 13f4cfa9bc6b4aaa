import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import { desc, eq } from "drizzle-orm";
import { outbox as outboxTable, type Db } from "@storyloom/db";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { errorStatus, type ErrorCode } from "@storyloom/contract";
import { ApiError } from "./errors";
import { Outbox } from "./outbox/outbox";
import { mailHandler } from "./outbox/mail";
import { authRoutes } from "./routes/auth";
import { registerDomainRoutes } from "./routes/index";
import { registerSecurity } from "./security";
import { trustProxyOption } from "./clientAddress";
import { REQUEST_ID_HEADER, registerRequestId, requestIdOf } from "./requestId";
import { registerHealth } from "./health";

/** The parts an API instance is built from. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Where the log lines go (stdout when left out); a test reads them here. */
  logStream?: { write(line: string): void };
}

/** A built API instance and its context. */
export interface ApiApp {
  app: FastifyInstance;
  ctx: AppContext;
}

const BODY_LIMIT = 256 * 1024;

// The code of each 4xx status Fastify itself may answer with.
const FASTIFY_4XX: Partial<Record<number, ErrorCode>> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

/** The methods registered for a path (besides OPTIONS, answered for every path): for 405's Allow. */
function methodsByPath(app: FastifyInstance): (path: string) => string[] {
  const routes: { re: RegExp; method: string }[] = [];
  app.addHook("onRoute", (r) => {
    const escaped = r.url.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/:[A-Za-z_]\w*/g, "[^/]+");
    for (const m of [r.method].flat()) if (m !== "OPTIONS" && m !== "HEAD") routes.push({ re: new RegExp(`^${escaped}/?$`), method: m });
  });
  return (path) => [...new Set(routes.filter((r) => r.re.test(path)).map((r) => r.method))];
}

/** Builds the API: envelope everywhere, validated inputs, security headers, CORS for the brand sites. */
export async function buildApp({ config, db, logStream }: AppDeps): Promise<ApiApp> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : { level: config.LOG_LEVEL, redact: ["req.headers.authorization", "req.headers.cookie"], ...(logStream ? { stream: logStream } : {}) },
    // Each request's log lines carry its id (`reqId`); the answer names it (requestId.ts).
    genReqId: requestIdOf,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: BODY_LIMIT,
    // While closing, requests still arriving on open connections get health.ts's answers (an envelope,
    // /readyz saying draining, /healthz alive), not Fastify's bare 503.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors the router raises before any route runs (a malformed URL): envelopes like every other.
    frameworkErrors: (err, req, reply) => {
      const bad = (err as FastifyError).statusCode === 400;
      // No hook has run for these: the answer names the request id here.
      reply.header(REQUEST_ID_HEADER, req.id);
      const body = bad ? { code: "BAD_REQUEST", message: err.message, data: null } : { code: "INTERNAL_ERROR", message: "Something went wrong on our side; please try again", data: null };
      void (reply as FastifyReply).status(bad ? 400 : 500).send(body);
    },
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

  registerRequestId(app);
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
      // Fastify's own refusals (bad URL, length mismatch…) are not validation failures: each status
      // keeps its own code; one the contract has no code for is answered as a plain 400.
      const code = FASTIFY_4XX[status] ?? "BAD_REQUEST";
      return reply.status(errorStatus[code]).send({ code, message: err.message || "Bad request", data: null });
    }
    req.log.error({ err }, "unhandled error");
    return reply.status(500).send({ code: "INTERNAL_ERROR", message: "Something went wrong on our side; please try again", data: null });
  });
  const methods = methodsByPath(app);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0] ?? "";
    const allow = methods(path);
    if (allow.length > 0) {
      return reply
        .status(405)
        .header("allow", allow.join(", "))
        .send({ code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed here; use ${allow.join(" or ")}`, data: null });
    }
    return reply.status(404).send({ code: "NOT_FOUND", message: `No such endpoint: ${req.method} ${path}`, data: null });
  });

  // /healthz (alive) and /readyz (database, migrations, draining): health.ts.
  registerHealth(app, db);

  if (config.DEV_MAILBOX) {
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
