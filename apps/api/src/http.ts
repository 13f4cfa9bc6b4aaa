import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { endpoints, OK, type EndpointData, type EndpointName, type EndpointParsedInput } from "@storyloom/contract";
import { ApiError, unauthorized } from "./errors";
import type { AppContext } from "./context";
import type { SQL } from "drizzle-orm";
import { authenticate, claimsOf, liveCallerSql, type AuthedUser } from "./auth/session";
import type { AccessClaims } from "./auth/tokens";

/** What a handler receives: the validated input, the caller (when known) and the request. */
export interface HandlerArgs<N extends EndpointName, U> {
  input: EndpointParsedInput<N>;
  user: U;
  req: FastifyRequest;
  reply: FastifyReply;
}

type UserFor<N extends EndpointName> = (typeof endpoints)[N]["auth"] extends "required"
  ? AuthedUser
  : AuthedUser | null;

/**
 * An answer already serialized: public reads that are the same for everyone cache the JSON text of
 * their whole envelope, so a hit costs no JSON.stringify of a large page.
 */
export class Prebuilt<T> {
  readonly body: string;
  private parsed: T | undefined;
  private readonly json: string | undefined;
  constructor(data: T);
  constructor(data: undefined, json: string);
  constructor(data: T | undefined, json?: string) {
    this.parsed = data;
    // Only an answer built from JSON text keeps the text (to parse should anyone ask for `data`).
    this.json = data === undefined ? json : undefined;
    this.body = `{"code":"${OK}","message":"success","data":${json ?? JSON.stringify(data)}}`;
  }

  /** An answer whose data is already JSON text (built by the database): parsed only if `data` is read (the answer check). */
  static fromJson<T>(json: string): Prebuilt<T> {
    return new Prebuilt<T>(undefined, json);
  }

  get data(): T {
    return (this.parsed ??= JSON.parse(this.json!) as T);
  }
}

/** Turns zod issues into the field list of a VALIDATION_ERROR answer. */
export function validationError(error: z.ZodError, where: "body" | "query"): ApiError {
  const fields = error.issues.map((i) => ({ path: i.path.join(".") || where, message: i.message }));
  const first = fields[0]!;
  return new ApiError("VALIDATION_ERROR", `Invalid ${where}: ${first.path} ${first.message}`, { fields });
}

/**
 * Registers one endpoint of the contract: method and path come from the table, the input is
 * validated before the handler runs, the caller is authenticated as the table says, and the data is
 * wrapped in the `{ code, message, data }` envelope.
 */
export function route<N extends EndpointName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  handler: (args: HandlerArgs<N, UserFor<N>>) => Promise<EndpointData<N> | Prebuilt<EndpointData<N>>>,
): void {
  register(app, ctx, name, async (input, req, reply) => {
    let user: AuthedUser | null = null;
    if (endpoints[name].auth !== "none") {
      // No Authorization header: no caller, and nothing to verify or look up (a guest's public read).
      const header = req.headers.authorization;
      if (header !== undefined) user = await authenticate(ctx, header);
      if (!user && endpoints[name].auth === "required") throw unauthorized();
    }
    return handler({ input, user: user as UserFor<N>, req, reply });
  });
}

/**
 * The caller of an endpoint whose handler may check the session in its own first statement: the
 * token is checked (signature, expiry), the session not yet.
 */
export interface CallerCheck {
  /** the access token's claims */
  readonly claims: AccessClaims;
  /** SQL selecting the caller's `coins` while the session is live, no row otherwise */
  readonly liveSql: SQL;
  /** the caller read from the database (the usual check): 401 UNAUTHORIZED when the session is not live */
  user(): Promise<AuthedUser>;
  /** to call once a statement found the session live */
  confirmed(): void;
}

/**
 * {@link route} for an endpoint that requires a caller and whose handler checks the session itself,
 * in the statement it runs first (see {@link CallerCheck}): one round trip fewer before it answers.
 * A handler's error thrown before the session was found live is answered only after the usual
 * check: a caller whose session is not live always gets 401, never another error.
 */
export function routeCheckingSession<N extends EndpointName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  handler: (args: { input: EndpointParsedInput<N>; caller: CallerCheck; req: FastifyRequest; reply: FastifyReply }) => Promise<EndpointData<N>>,
): void {
  if (endpoints[name].auth !== "required") throw new Error(`${name} does not require a caller`);
  register(app, ctx, name, async (input, req, reply) => {
    const claims = claimsOf(ctx, req.headers.authorization);
    if (!claims) throw unauthorized();
    let live = false;
    const caller: CallerCheck = {
      claims,
      liveSql: liveCallerSql(claims),
      user: async () => {
        const user = await authenticate(ctx, req.headers.authorization);
        if (!user) throw unauthorized();
        live = true;
        return user;
      },
      confirmed: () => void (live = true),
    };
    try {
      return await handler({ input, caller, req, reply });
    } catch (err) {
      if (!live) await caller.user();
      throw err;
    }
  });
}

/** The part every endpoint shares: validation, the handler, the answer check and the envelope. */
function register<N extends EndpointName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  run: (input: EndpointParsedInput<N>, req: FastifyRequest, reply: FastifyReply) => Promise<EndpointData<N> | Prebuilt<EndpointData<N>>>,
): void {
  const def = endpoints[name];
  app.route({
    method: def.method,
    url: def.path,
    handler: async (req, reply) => {
      const where = def.method === "GET" ? "query" : "body";
      // No body at all means "no fields"; a JSON null or a string is malformed like any other non-object.
      const raw = def.method === "GET" ? req.query : req.body === undefined ? {} : req.body;
      const parsed = def.input.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error, where);
      const result = await run(parsed.data as EndpointParsedInput<N>, req, reply);
      if (ctx.config.VALIDATE_RESPONSES) {
        const check = def.output.safeParse(result instanceof Prebuilt ? result.data : result);
        if (!check.success) {
          req.log.error({ issues: check.error.issues, endpoint: name }, "answer does not match the contract");
          throw new ApiError("INTERNAL_ERROR", `Answer of ${name} does not match the contract`);
        }
      }
      if (result instanceof Prebuilt) return reply.type("application/json; charset=utf-8").send(result.body);
      return { code: OK, message: "success", data: result };
    },
  });
}
