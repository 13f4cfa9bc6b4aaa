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
  /** Check answers against the contract (on in tests: catches drift between server and contract). */
  VALIDATE_RESPONSES: bool.default(false),
  SEED: bool.default(true),
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
  return config;
}
