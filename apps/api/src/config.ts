import { availableParallelism } from "node:os";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { SANDBOX_SECRETS } from "@storyloom/payments/server";

const bool = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");
const list = z.string().transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean));

/** What TRUST_PROXY may be: no proxy, a hop count, or the trusted proxies' addresses/CIDRs. */
export type TrustProxy = false | number | string[];

/**
 * Parses TRUST_PROXY. `true` is refused: Fastify would then take the left-most X-Forwarded-For,
 * which the client writes itself, so a forged header would reset every per-address limit.
 */
function trustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const raw = (value ?? "").trim();
  if (raw === "" || raw === "false" || raw === "0") return false;
  if (raw === "true") {
    ctx.addIssue({
      code: "custom",
      message:
        "true is refused: the left-most X-Forwarded-For is written by the client, so any per-address limit could be reset with a forged header; give the hop count (e.g. 1 behind one load balancer) or the proxies' addresses/CIDRs",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(",").map((x) => x.trim()).filter(Boolean);
  const wrong = entries.filter((e) => !isAddressOrCidr(e));
  if (wrong.length > 0) {
    ctx.addIssue({ code: "custom", message: `not a hop count nor addresses/CIDRs: ${wrong.join(", ")} (e.g. 1, or 10.0.0.0/8,127.0.0.1)` });
    return z.NEVER;
  }
  return entries;
}

/** Whether `text` is an IP address or a CIDR range (IPv4 or IPv6). */
function isAddressOrCidr(text: string): boolean {
  if (ipaddr.isValid(text)) return true;
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Parses METRICS_PORT: unset or empty = no metrics port; 0 = any free port (tests); otherwise the
 * port. Anything else is refused with the value named, not coerced (`"abc"` is not port 0).
 */
function metricsPort(value: string | undefined, ctx: z.RefinementCtx): number | undefined {
  const raw = (value ?? "").trim();
  if (raw === "") return undefined;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    ctx.addIssue({ code: "custom", message: `must be a port number from 1 to 65535 (or 0: any free port), not "${raw}"; unset it to serve no metrics port` });
    return z.NEVER;
  }
  return Number(raw);
}

/** The brand sites. */
export const BRANDS = ["storyloom", "playshot"] as const;
/** A brand site. */
export type Brand = (typeof BRANDS)[number];

const DEFAULT_BRAND_ORIGINS = "storyloom=http://localhost:3000,http://127.0.0.1:3000;playshot=http://localhost:3001,http://127.0.0.1:3001";

/** Parses BRAND_ORIGINS (or its default: the local sites) into a map from origin to brand. */
function brandOrigins(value: string | undefined, ctx: z.RefinementCtx): Record<string, Brand> {
  const out: Record<string, Brand> = {};
  for (const part of (value?.trim() || DEFAULT_BRAND_ORIGINS).split(";").map((x) => x.trim()).filter(Boolean)) {
    const [brand, origins = ""] = part.split(/=(.*)/s).map((x) => x.trim());
    if (!BRANDS.includes(brand as Brand)) {
      ctx.addIssue({ code: "custom", message: `unknown brand "${brand}" (one of ${BRANDS.join(", ")}; e.g. storyloom=https://storyloom.example;playshot=https://playshot.example)` });
      return z.NEVER;
    }
    for (const origin of origins.split(",").map((x) => x.trim()).filter(Boolean)) {
      const normal = originOf(origin);
      if (!normal) {
        ctx.addIssue({ code: "custom", message: `not an origin: ${origin} (scheme, host and port only, e.g. https://storyloom.example)` });
        return z.NEVER;
      }
      out[normal] = brand as Brand;
    }
  }
  return out;
}

/** The origin (`scheme://host[:port]`) `text` is, or null when it is not only an origin. */
function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return text.replace(/\/+$/, "") === url.origin ? url.origin : null;
  } catch {
    return null;
  }
}

/** Every setting of the API, read from the environment once. Defaults run the whole product locally. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** The address browsers reach this API at (links in mail, sandbox pages). */
  PUBLIC_API_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  /** Connections the API keeps to PostgreSQL (per instance). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  PGLITE_DIR: z.string().default(".data/pglite"),
  /** HMAC secret of access tokens and code hashes. Required in production. */
  TOKEN_SECRET: z.string().min(16).default("dev-only-secret-change-me-in-production"),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().positive().default(604_800),
  REFRESH_TOKEN_TTL_S: z.coerce.number().int().positive().default(2_592_000),
  /** A refresh token presented again within this many seconds of its rotation is refused without revoking the family (two tabs racing). */
  REFRESH_REUSE_GRACE_S: z.coerce.number().int().min(0).default(10),
  CODE_SEND_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  // The local sites and the operator console (apps/admin, 3002).
  CORS_ORIGINS: list.default(["http://localhost:3000", "http://localhost:3001", "http://localhost:3002", "http://127.0.0.1:3000", "http://127.0.0.1:3001", "http://127.0.0.1:3002"]),
  /**
   * The proxies in front of the API: a hop count (`1` behind one load balancer; only for an API no
   * client reaches directly) or the proxies' addresses/CIDRs (`10.0.0.0/8,127.0.0.1`); `false`/unset
   * = none, the socket's address is the client's. `true` is refused (see {@link trustProxy}).
   */
  TRUST_PROXY: z.string().optional().transform(trustProxy),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Storyloom <no-reply@storyloom.ai>"),
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(1000),
  /** How often each instance deletes ended rate-limit windows and old sent mail. */
  PRUNE_INTERVAL_MS: z.coerce.number().int().positive().default(3_600_000),
  /** Days a sent outbox message is kept (the dev mailbox shows them; a resend is recognisable meanwhile). */
  OUTBOX_KEEP_DAYS: z.coerce.number().int().min(0).default(7),
  /** Check answers against the contract (on in tests: catches drift between server and contract). */
  VALIDATE_RESPONSES: bool.default(false),
  SEED: bool.default(true),
  /** Stripe secret key; unset → the API's own sandbox plays Stripe (see src/payments/providers.ts). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Stripe publishable key handed to Stripe.js; unset → the sandbox's. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Signing secret of the Stripe webhook endpoint; required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Base URL of a Stripe-compatible API (e.g. stripe-mock or a test peer); unset → api.stripe.com, or the sandbox. */
  STRIPE_API_URL: z.string().url().optional(),
  /** Onlypay merchant credentials and API base; all three or none (none → the sandbox plays Onlypay). */
  ONLYPAY_MERCHANT_ID: z.string().min(1).optional(),
  ONLYPAY_SECRET: z.string().min(1).optional(),
  ONLYPAY_API_URL: z.string().url().optional(),
  /** Meta pixel (dataset) id and Conversions API token; both or none (none → events are stored, not sent). */
  META_PIXEL_ID: z.string().regex(/^\d+$/, "must be the numeric pixel id").optional(),
  META_ACCESS_TOKEN: z.string().min(1).optional(),
  /** Graph API base, version included; a test points it at a local peer. */
  META_GRAPH_URL: z.string().url().default("https://graph.facebook.com/v21.0"),
  /** Where browsers load the pixel script from (a test serves a local fake). */
  META_PIXEL_SCRIPT_URL: z.string().url().default("https://connect.facebook.net/en_US/fbevents.js"),
  /** PostHog project key and host handed to the sites' analytics (unset → analytics off). */
  POSTHOG_KEY: z.string().min(1).optional(),
  POSTHOG_HOST: z.string().url().default("https://us.i.posthog.com"),
  /** Session recording runs only with a non-zero numeric id. */
  SESSION_RECORDING_ID: z.string().optional(),
  /** meta-api.forward calls per client IP per minute (a browser flushes at most every 3 s). */
  META_FORWARD_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** First in-pass retry delay of a failed Graph API call (doubled each retry); the outbox retries later still. */
  META_RETRY_BASE_MS: z.coerce.number().int().min(0).default(1000),
  /** Serve the payment sandbox: this API plays Stripe and Onlypay for providers without keys. Off unless asked for (`npm start`, tests, staging). */
  PAYMENTS_SANDBOX: bool.default(false),
  /** Serve the dev mailbox GET /dev/mail (every mail, sign-in codes included). Off unless asked for; refused in production. */
  DEV_MAILBOX: bool.default(false),
  /**
   * Base URL of an OpenAI-compatible chat-completions API (OpenAI, OpenRouter, vLLM, llama.cpp
   * server, Ollama, LM Studio). Unset → no language model: stories are played by their choices.
   */
  LLM_BASE_URL: z.string().url().optional(),
  /** Its API key (local servers usually take any value). */
  LLM_API_KEY: z.string().min(1).optional(),
  /** The model name the server knows. */
  LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** Tokens the prompt may use (persona, scene, summary, recent turns). */
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(256).default(6000),
  /** Cap of one reply's length in tokens. */
  LLM_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).default(400),
  /** Model calls a user may start per minute, across all API instances. */
  LLM_RATE_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Milliseconds to wait for the model's first token (retried before it), and for the whole reply. */
  LLM_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  LLM_REPLY_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** Attempts made again when the model fails before its first token. */
  LLM_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  // ── chat memory (#45) ──
  /**
   * The model that folds a chat's older turns into its rolling summary, on the same endpoint (a
   * smaller, cheaper model does). Unset → LLM_MODEL.
   */
  LLM_SUMMARY_MODEL: z.string().min(1).optional(),
  /** Cap of one summary's length in tokens (the stored summary is also cut at 2,000 characters). */
  LLM_SUMMARY_MAX_TOKENS: z.coerce.number().int().min(64).max(2000).default(600),
  // ── end chat memory ──
  // ── read aloud (#45) ──
  /**
   * Base URL (its /v1) of an OpenAI-compatible speech server (`POST /audio/speech`: OpenAI, Kokoro,
   * openedai-speech, LocalAI). Unset → no speech server: "Read aloud" uses the browser's own voices.
   */
  TTS_BASE_URL: z.string().url().optional(),
  /** Its API key (local servers usually take any value). */
  TTS_API_KEY: z.string().min(1).optional(),
  /** The speech model the server knows. */
  TTS_MODEL: z.string().min(1).default("tts-1"),
  /** The voice of characters whose author chose none. */
  TTS_VOICE: z.string().min(1).max(40).default("alloy"),
  /** Milliseconds one sentence's audio may take to arrive before the reading fails. */
  TTS_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // ── end read aloud ──
  // ── client address and guests (#41) ──
  /** Guest sign-ups per client address (IPv6 by /64) per hour; past it, sign-up asks for a proof-of-work solution. */
  GUEST_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Guests per client address (IPv6 by /64) per UTC day that get the starting coins; the others start at 0. */
  GUEST_COINS_PER_IP_PER_DAY: z.coerce.number().int().min(0).default(1),
  /** Art renders per client address per minute (cache hits not counted); a page full of covers stays far below it. */
  ART_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Bytes of rendered art each instance keeps in memory (least recently used dropped first). */
  ART_CACHE_BYTES: z.coerce.number().int().min(0).default(32 * 1024 * 1024),
  // ── end client address and guests ──
  // ── model spend and chat turns (#41) ──
  /** Model calls the players behind one client address (IPv6 by /64) may start per minute, across all API instances. */
  LLM_RATE_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Model replies a guest account may start per day; past it the guest is asked to sign in. */
  LLM_GUEST_REPLIES_PER_DAY: z.coerce.number().int().positive().default(50),
  // ── end model spend and chat turns ──
  // ── model budget (#41) ──
  /**
   * Tokens (prompt + completion) every model call of the site together may take per UTC day, across
   * all API instances. Past it, typed messages and co-writer calls answer 503 UNAVAILABLE (the story
   * goes on by its choices). Unset → no budget.
   */
  LLM_DAILY_TOKEN_BUDGET: z.coerce.number().int().positive().optional(),
  /** US dollars the model provider charges per million prompt (input) tokens: the console dashboard's estimated cost. */
  LLM_COST_PER_MILLION_INPUT: z.coerce.number().min(0).default(0.15),
  /** US dollars per million completion (output) tokens, for the same estimate. */
  LLM_COST_PER_MILLION_OUTPUT: z.coerce.number().min(0).default(0.6),
  // ── end model budget ──
  // ── ink plays, publishing and shutdown (#41) ──
  /** Milliseconds one play of a story's script may take (measured in its worker); past it the turn answers 409 and charges nothing. */
  INK_TURN_DEADLINE_MS: z.coerce.number().int().positive().default(250),
  /** Milliseconds the publish check may spend walking a script before it reports the script as running on. */
  INK_CHECK_DEADLINE_MS: z.coerce.number().int().positive().default(4000),
  /** Lines and characters one scripted turn may tell before a choice; more is treated as a script that runs on. */
  INK_TURN_MAX_LINES: z.coerce.number().int().positive().default(500),
  INK_TURN_MAX_CHARS: z.coerce.number().int().positive().default(20_000),
  /**
   * Worker threads that play ink scripts (started with the API, inkjs loaded). Default: one fewer
   * than the machine's cores (at least 1), so scripts that run to their deadline leave a core to the
   * API's own thread.
   */
  INK_THREADS: z.coerce.number().int().min(1).max(16).default(Math.min(16, Math.max(1, availableParallelism() - 1))),
  /** Story publishes a user may make per hour, across all API instances. */
  PUBLISH_PER_USER_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Story draft saves (create and update) a user may make per minute, across all API instances. */
  DRAFT_SAVES_PER_USER_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // ── trust and safety ──
  /**
   * E-mail addresses whose accounts are staff (role admin) from their next sign-in: how a deployment
   * makes its first staff. Removing an address here does not demote an account.
   */
  ADMIN_EMAILS: list.pipe(z.array(z.string().email().transform((e) => e.toLowerCase()))).default([]),
  /**
   * Review of published stories: "manual" (staff approve each submission), "auto" (approved when the
   * moderation endpoint passes it; without an endpoint, as manual) or "off" (live at once). Default:
   * manual in production, off elsewhere (npm start, tests).
   */
  STORY_REVIEW: z.enum(["manual", "auto", "off"]).optional(),
  /** An OpenAI-compatible moderation endpoint (its /v1 base URL); unset: no automatic moderation. */
  MODERATION_BASE_URL: z.string().url().optional(),
  MODERATION_API_KEY: z.string().min(1).optional(),
  MODERATION_MODEL: z.string().min(1).default("omni-moderation-latest"),
  /** Milliseconds one moderation call may take before it counts as failed (the story stays pending). */
  MODERATION_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Check a player's typed chat message with the moderation endpoint before the model sees it. */
  MODERATE_MESSAGES: bool.default(false),
  /** Distinct signed-in accounts whose "minors" reports hide a target at once (staff hide it alone). */
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(1).default(3),
  /** Reports one account may send per hour, and one address per hour. */
  REPORTS_PER_USER_PER_HOUR: z.coerce.number().int().positive().default(20),
  REPORTS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(60),
  /**
   * Days after which a confirmed account deletion is carried out. The privacy page promises 30; the
   * default leaves a day for the worker's polling (DELETION_POLL_MS) and a retry.
   */
  ACCOUNT_DELETION_DAYS: z.coerce.number().int().min(0).max(29).default(29),
  /** How often the deletion worker looks for due deletions. */
  DELETION_POLL_MS: z.coerce.number().int().positive().default(3_600_000),
  /**
   * The brand sites' revalidation endpoints (`https://<site>/api/revalidate`, one per site instance):
   * after the catalogue changes (a story approved, hidden, unpublished, re-rated) the API asks each to
   * drop its cached pages, so a taken-down story leaves Next's full-route cache at once, not after its
   * 30 s revalidation. Needs SITE_REVALIDATE_SECRET (the sites' REVALIDATE_SECRET).
   */
  SITE_REVALIDATE_URLS: list.pipe(z.array(z.string().url())).default([]),
  SITE_REVALIDATE_SECRET: z.string().min(16).optional(),
  /**
   * E-mail addresses whose accounts are super admins from their next sign-in (as ADMIN_EMAILS; `npm
   * start` seeds admin@storyloom.local here). Removing an address does not demote an account.
   */
  SUPER_ADMIN_EMAILS: list.pipe(z.array(z.string().email().transform((e) => e.toLowerCase()))).default([]),
  /**
   * Which brand site each browser origin is: `storyloom=<origin>,<origin>;playshot=<origin>,…`. A
   * sign-up and an order record the brand of the request's Origin; any other origin records none.
   */
  BRAND_ORIGINS: z.string().optional().transform(brandOrigins),
  // ── end trust and safety ──
  /** Milliseconds a chat turn's lease lives unless renewed; a streaming reply renews it, so a crashed instance's chats free up after this. */
  CHAT_LEASE_TTL_MS: z.coerce.number().int().min(1000).default(15_000),
  /** Milliseconds a SIGTERM lets open streaming replies finish before they are stopped and the process exits. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  // ── end ink plays, publishing and shutdown ──
  // ── payments and conversions (#41) ──
  /**
   * The payment sandbox's own secret: with it, the sandbox's API key, webhook secret and Onlypay
   * secret are derived from it instead of the public constants in the repository. Required when the
   * sandbox plays a provider on a non-loopback HOST or in production; refused when it equals one of
   * those constants.
   */
  SANDBOX_SECRET: z.string().min(16).optional(),
  /**
   * Which providers the sandbox plays (`stripe`, `onlypay`) when the others are live. Unset: the
   * sandbox plays every provider without keys, and a mix of live and sandbox providers is refused.
   */
  PAYMENTS_SANDBOX_PROVIDERS: list.pipe(z.array(z.enum(["stripe", "onlypay"]))).optional(),
  // ── end payments and conversions ──
  // ── metrics (#46) ──
  /**
   * Port of a server of its own that answers GET /metrics (Prometheus); unset = none. Meant for the
   * private network a scraper runs on; 0 takes any free port (tests). Each instance on one machine needs its own.
   */
  METRICS_PORT: z.string().optional().transform(metricsPort),
  /** Address the metrics port listens on; unset = HOST. */
  METRICS_HOST: z.string().min(1).optional(),
  /**
   * Bearer token of /metrics: with it, GET /metrics on the API's own port answers a caller sending
   * `Authorization: Bearer <token>` (401 otherwise), and the metrics port asks for it too. Unset =
   * no /metrics on the API's port (404).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  // ── end metrics ──
});

/** The API's parsed configuration. */
export type Config = z.infer<typeof ConfigSchema>;

const DEFAULT_TOKEN_SECRET = ConfigSchema.shape.TOKEN_SECRET.parse(undefined);

/** Whether a listen address only takes connections from this machine. */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * What a production start must be given, one line per missing setting: the embedded defaults run
 * the product on one machine for one person, never for real users.
 */
function productionProblems(config: Config, isSet: (key: keyof Config) => boolean): string[] {
  const problems: string[] = [];
  const need = (key: keyof Config, why: string) => {
    if (!isSet(key)) problems.push(`  ${key}: must be set in production (${why})`);
  };
  if (config.TOKEN_SECRET === DEFAULT_TOKEN_SECRET) problems.push("  TOKEN_SECRET: must be set in production (the default is public)");
  need("DATABASE_URL", "the embedded database serves one instance and is not backed up");
  need("SMTP_URL", "without it no sign-in code reaches anyone");
  need("PUBLIC_API_URL", "links in mail and payment notifications need the public address");
  need("CORS_ORIGINS", "the default allows only the local sites");
  if (!config.PAYMENTS_SANDBOX) {
    const why = "or PAYMENTS_SANDBOX=true for a staging deployment without real payments";
    need("STRIPE_SECRET_KEY", why);
    need("STRIPE_WEBHOOK_SECRET", why);
    need("STRIPE_PUBLISHABLE_KEY", why);
    need("ONLYPAY_MERCHANT_ID", why);
    need("ONLYPAY_SECRET", why);
    need("ONLYPAY_API_URL", why);
  }
  if (config.DEV_MAILBOX) problems.push("  DEV_MAILBOX: must not be on in production (it shows every sign-in code to anyone)");
  return problems;
}

/** The providers with their keys set: the real ones. */
export function liveProviders(config: Config): Set<"stripe" | "onlypay"> {
  const live = new Set<"stripe" | "onlypay">();
  if (config.STRIPE_SECRET_KEY) live.add("stripe");
  if (config.ONLYPAY_MERCHANT_ID && config.ONLYPAY_SECRET && config.ONLYPAY_API_URL) live.add("onlypay");
  return live;
}

/** The providers this API plays itself: with PAYMENTS_SANDBOX, those named by PAYMENTS_SANDBOX_PROVIDERS, else every one without keys. */
export function sandboxProviders(config: Config): Set<"stripe" | "onlypay"> {
  if (!config.PAYMENTS_SANDBOX) return new Set();
  const live = liveProviders(config);
  const named = config.PAYMENTS_SANDBOX_PROVIDERS ?? (["stripe", "onlypay"] as const).filter((p) => !live.has(p));
  return new Set(named);
}

/** The sandbox's secret values that are in the repository; SANDBOX_SECRET must be none of them. */
const REPOSITORY_SANDBOX_SECRETS = new Set<string>(Object.values(SANDBOX_SECRETS));

/**
 * What the payment sandbox may not run with: the repository's public secrets anywhere but a laptop
 * (anyone could sign a "paid" notification), and live and sandbox providers mixed unless asked for.
 */
function sandboxProblems(config: Config): string[] {
  const problems: string[] = [];
  const played = sandboxProviders(config);
  const live = liveProviders(config);
  if (config.SANDBOX_SECRET !== undefined && REPOSITORY_SANDBOX_SECRETS.has(config.SANDBOX_SECRET)) {
    problems.push("  SANDBOX_SECRET: must not be one of the sandbox's public constants in the repository; generate one (e.g. openssl rand -hex 32)");
  }
  const exposed = config.NODE_ENV === "production" ? "in production" : isLoopback(config.HOST) ? null : `on ${config.HOST}`;
  if (played.size > 0 && exposed && config.SANDBOX_SECRET === undefined) {
    problems.push(`  SANDBOX_SECRET: must be set to run the payment sandbox ${exposed} (its built-in secrets are public: anyone could sign a paid notification); e.g. openssl rand -hex 32`);
  }
  const both = [...played].filter((p) => live.has(p));
  if (both.length > 0) problems.push(`  PAYMENTS_SANDBOX_PROVIDERS: ${both.join(", ")} has live keys and cannot also be played by the sandbox`);
  if (config.PAYMENTS_SANDBOX && config.PAYMENTS_SANDBOX_PROVIDERS === undefined && live.size > 0 && played.size > 0) {
    problems.push(`  PAYMENTS_SANDBOX_PROVIDERS: ${[...live].join(", ")} is live and ${[...played].join(", ")} would be played by the sandbox; set PAYMENTS_SANDBOX_PROVIDERS=${[...played].join(",")} to mix them on purpose, or give every provider its keys`);
  }
  return problems;
}

/** Reads and validates the configuration; throws a message naming every wrong or missing setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid API configuration:\n${lines}`);
  }
  const config = { ...parsed.data, ...overrides };
  const isSet = (key: keyof Config) => (overrides[key] ?? env[key]) !== undefined && (overrides[key] ?? env[key]) !== "";
  const problems = config.NODE_ENV === "production" ? productionProblems(config, isSet) : [];
  if (config.NODE_ENV !== "production" && config.TOKEN_SECRET === DEFAULT_TOKEN_SECRET && !isLoopback(config.HOST)) {
    problems.push(`  TOKEN_SECRET: must be set to listen on ${config.HOST} (the default secret is public: anyone could sign tokens); or listen on 127.0.0.1`);
  }
  // Half-configured providers would take money that no verified notification could ever fulfil.
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET && !problems.some((p) => p.startsWith("  STRIPE_WEBHOOK_SECRET"))) {
    problems.push("  STRIPE_WEBHOOK_SECRET: must be set with STRIPE_SECRET_KEY");
  }
  if (config.SITE_REVALIDATE_URLS.length > 0 && !config.SITE_REVALIDATE_SECRET) {
    problems.push("  SITE_REVALIDATE_SECRET: must be set with SITE_REVALIDATE_URLS (the sites refuse a revalidation without it)");
  }
  const onlypay = [config.ONLYPAY_MERCHANT_ID, config.ONLYPAY_SECRET, config.ONLYPAY_API_URL].filter(Boolean).length;
  if (onlypay !== 0 && onlypay !== 3) {
    problems.push("  ONLYPAY_MERCHANT_ID, ONLYPAY_SECRET, ONLYPAY_API_URL: set all three or none");
  }
  if (Boolean(config.META_PIXEL_ID) !== Boolean(config.META_ACCESS_TOKEN)) {
    problems.push("  META_PIXEL_ID, META_ACCESS_TOKEN: set both or none");
  }
  problems.push(...sandboxProblems(config));
  if (config.METRICS_PORT && config.METRICS_PORT === config.PORT) problems.push(`  METRICS_PORT: must differ from PORT (${config.PORT}): the metrics port is a server of its own`);
  if (problems.length > 0) throw new Error(`Invalid API configuration:\n${problems.join("\n")}`);
  return config;
}

/** How published stories are reviewed under this configuration (STORY_REVIEW, or its default). */
export function storyReviewMode(config: Pick<Config, "STORY_REVIEW" | "NODE_ENV" | "MODERATION_BASE_URL">): "manual" | "auto" | "off" {
  const mode = config.STORY_REVIEW ?? (config.NODE_ENV === "production" ? "manual" : "off");
  // auto without an endpoint cannot pass anything: it behaves as manual.
  return mode === "auto" && !config.MODERATION_BASE_URL ? "manual" : mode;
}

/** The embedded defaults this configuration runs on, one line each, for the start-up log. */
export function embeddedDefaults(config: Config): string[] {
  const active: string[] = [];
  if (!config.DATABASE_URL) active.push(`database: embedded PGlite in ${config.PGLITE_DIR} (one instance only; set DATABASE_URL)`);
  if (config.TOKEN_SECRET === DEFAULT_TOKEN_SECRET) active.push("TOKEN_SECRET: the public development secret (set TOKEN_SECRET)");
  if (config.DEV_MAILBOX) active.push("mail: dev mailbox at /dev/mail shows every mail (DEV_MAILBOX)");
  if (!config.SMTP_URL) active.push(config.DEV_MAILBOX ? "mail: no SMTP_URL, mail goes to the dev mailbox and the log" : "mail: no SMTP_URL and no DEV_MAILBOX, mail cannot be sent");
  const played = sandboxProviders(config);
  if (played.has("stripe")) active.push("payments: Stripe is played by this API's sandbox (PAYMENTS_SANDBOX)");
  if (played.has("onlypay")) active.push("payments: Onlypay is played by this API's sandbox (PAYMENTS_SANDBOX)");
  if (played.size > 0 && !config.SANDBOX_SECRET) active.push("payments: the sandbox signs with the repository's public secrets (set SANDBOX_SECRET)");
  if (liveProviders(config).size + played.size < 2) active.push("payments: a provider without keys and no sandbox cannot take payments");
  return active;
}
