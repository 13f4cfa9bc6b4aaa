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
  /** Serve the payment sandbox in production too (a staging deployment); never on by default there. */
  PAYMENTS_SANDBOX: bool.default(false),
});

/** The API's parsed configuration. */
export type Config = z.infer<typeof ConfigSchema>;

/** Reads and validates the configuration; exits with a readable message when it is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid API configuration:\n${lines}`);
  }
  const config = { ...parsed.data, ...overrides };
  if (config.NODE_ENV === "production" && config.TOKEN_SECRET === ConfigSchema.shape.TOKEN_SECRET.parse(undefined)) {
    throw new Error("Invalid API configuration:\n  TOKEN_SECRET: must be set in production");
  }
  // Half-configured providers would take money that no verified notification could ever fulfil.
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    throw new Error("Invalid API configuration:\n  STRIPE_WEBHOOK_SECRET: must be set with STRIPE_SECRET_KEY");
  }
  const onlypay = [config.ONLYPAY_MERCHANT_ID, config.ONLYPAY_SECRET, config.ONLYPAY_API_URL].filter(Boolean).length;
  if (onlypay !== 0 && onlypay !== 3) {
    throw new Error("Invalid API configuration:\n  ONLYPAY_MERCHANT_ID, ONLYPAY_SECRET, ONLYPAY_API_URL: set all three or none");
  }
  return config;
}
