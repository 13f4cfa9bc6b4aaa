import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");
const list = z.string().transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean));

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
  CORS_ORIGINS: list.default(["http://localhost:3000", "http://localhost:3001", "http://127.0.0.1:3000", "http://127.0.0.1:3001"]),
  TRUST_PROXY: bool.default(false),
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
  // ── client address and guests (#41) ──
  // ── end client address and guests ──
  // ── model spend and chat turns (#41) ──
  // ── end model spend and chat turns ──
  // ── ink plays, publishing and shutdown (#41) ──
  // ── end ink plays, publishing and shutdown ──
  // ── payments and conversions (#41) ──
  // ── end payments and conversions ──
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
  const onlypay = [config.ONLYPAY_MERCHANT_ID, config.ONLYPAY_SECRET, config.ONLYPAY_API_URL].filter(Boolean).length;
  if (onlypay !== 0 && onlypay !== 3) {
    problems.push("  ONLYPAY_MERCHANT_ID, ONLYPAY_SECRET, ONLYPAY_API_URL: set all three or none");
  }
  if (Boolean(config.META_PIXEL_ID) !== Boolean(config.META_ACCESS_TOKEN)) {
    problems.push("  META_PIXEL_ID, META_ACCESS_TOKEN: set both or none");
  }
  if (problems.length > 0) throw new Error(`Invalid API configuration:\n${problems.join("\n")}`);
  return config;
}

/** The embedded defaults this configuration runs on, one line each, for the start-up log. */
export function embeddedDefaults(config: Config): string[] {
  const active: string[] = [];
  if (!config.DATABASE_URL) active.push(`database: embedded PGlite in ${config.PGLITE_DIR} (one instance only; set DATABASE_URL)`);
  if (config.TOKEN_SECRET === DEFAULT_TOKEN_SECRET) active.push("TOKEN_SECRET: the public development secret (set TOKEN_SECRET)");
  if (config.DEV_MAILBOX) active.push("mail: dev mailbox at /dev/mail shows every mail (DEV_MAILBOX)");
  if (!config.SMTP_URL) active.push(config.DEV_MAILBOX ? "mail: no SMTP_URL, mail goes to the dev mailbox and the log" : "mail: no SMTP_URL and no DEV_MAILBOX, mail cannot be sent");
  if (config.PAYMENTS_SANDBOX && !config.STRIPE_SECRET_KEY) active.push("payments: Stripe is played by this API's sandbox (PAYMENTS_SANDBOX)");
  if (config.PAYMENTS_SANDBOX && !config.ONLYPAY_MERCHANT_ID) active.push("payments: Onlypay is played by this API's sandbox (PAYMENTS_SANDBOX)");
  if (!config.PAYMENTS_SANDBOX && (!config.STRIPE_SECRET_KEY || !config.ONLYPAY_MERCHANT_ID)) active.push("payments: a provider without keys and no sandbox cannot take payments");
  return active;
}
