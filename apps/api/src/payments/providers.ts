import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import { loopbackUrl, SANDBOX_ONLYPAY_PATH, SANDBOX_SECRETS, SANDBOX_STRIPE_PATH, sandboxSecretsFrom, stripeClient, type SandboxSecrets } from "@storyloom/payments/server";
import { sandboxProviders, type Config } from "../config";

export { loopbackUrl, ONLYPAY_NOTIFY_PATH, SANDBOX_ONLYPAY_PATH, SANDBOX_SECRETS, SANDBOX_STRIPE_PATH, STRIPE_WEBHOOK_PATH } from "@storyloom/payments/server";

// Which peer each provider talks to. With its keys set, a provider is the real one (or whatever
// Stripe-compatible / Onlypay endpoint the URL names). Without them the API plays the provider
// itself — the sandbox — with the fixed secrets below on a laptop, or secrets derived from
// SANDBOX_SECRET elsewhere, and the same client code and the same signed notification handlers run
// as in production. PAYMENTS_SANDBOX_PROVIDERS narrows which providers the sandbox plays.

/** live: real keys; sandbox: this API plays the provider; off: production without keys or sandbox. */
export type ProviderMode = "live" | "sandbox" | "off";

/** Whether sandbox providers may run: only when switched on (PAYMENTS_SANDBOX), whatever NODE_ENV says. */
export function sandboxAllowed(config: Config): boolean {
  return config.PAYMENTS_SANDBOX;
}

/** How Stripe is reached. */
export function stripeMode(config: Config): ProviderMode {
  if (config.STRIPE_SECRET_KEY) return "live";
  return sandboxProviders(config).has("stripe") ? "sandbox" : "off";
}

/** How Onlypay is reached. */
export function onlypayMode(config: Config): ProviderMode {
  if (config.ONLYPAY_MERCHANT_ID && config.ONLYPAY_SECRET && config.ONLYPAY_API_URL) return "live";
  return sandboxProviders(config).has("onlypay") ? "sandbox" : "off";
}

/** The sandbox's keys and secrets: derived from SANDBOX_SECRET when it is set, else the repository's public ones (a laptop). */
export function sandboxSecrets(config: Config): SandboxSecrets {
  return config.SANDBOX_SECRET ? sandboxSecretsFrom(config.SANDBOX_SECRET) : SANDBOX_SECRETS;
}

/** Origins of the brand sites (CORS_ORIGINS): the only places a provider may send a buyer back to. */
export function brandOrigins(config: Config): Set<string> {
  return new Set(config.CORS_ORIGINS.flatMap((o) => (URL.canParse(o) ? [new URL(o).origin] : [])));
}

/** Stripe webhook signing secret of the current mode (null when Stripe is off). */
export function stripeWebhookSecret(config: Config): string | null {
  const mode = stripeMode(config);
  if (mode === "live") return config.STRIPE_WEBHOOK_SECRET ?? null;
  return mode === "sandbox" ? sandboxSecrets(config).stripeWebhookSecret : null;
}

/** Stripe publishable key of the current mode, for Stripe.js (undefined when none is configured). */
export function stripePublishableKey(config: Config): string | undefined {
  const mode = stripeMode(config);
  if (mode === "live") return config.STRIPE_PUBLISHABLE_KEY;
  return mode === "sandbox" ? sandboxSecrets(config).stripePublishableKey : undefined;
}

/** Onlypay merchant credentials and API base of the current mode (null when Onlypay is off). */
export function onlypaySettings(app: FastifyInstance, config: Config): { apiUrl: string; merchantId: string; secret: string } | null {
  return onlypaySettingsAt(loopbackUrl(app), config);
}

/** Onlypay settings for an API reachable at `apiBase` (the sandbox lives there). */
export function onlypaySettingsAt(apiBase: string, config: Config): { apiUrl: string; merchantId: string; secret: string } | null {
  const mode = onlypayMode(config);
  if (mode === "live") return { apiUrl: config.ONLYPAY_API_URL!, merchantId: config.ONLYPAY_MERCHANT_ID!, secret: config.ONLYPAY_SECRET! };
  if (mode === "off") return null;
  const secrets = sandboxSecrets(config);
  return { apiUrl: `${apiBase}${SANDBOX_ONLYPAY_PATH}`, merchantId: secrets.onlypayMerchantId, secret: secrets.onlypaySecret };
}

/** A Stripe client of the current mode for an API reachable at `apiBase` (the sandbox lives there); null when off. */
export function stripeAt(apiBase: string, config: Config): Stripe | null {
  const mode = stripeMode(config);
  if (mode === "off") return null;
  return mode === "live"
    ? stripeClient(config.STRIPE_SECRET_KEY!, config.STRIPE_API_URL)
    : stripeClient(sandboxSecrets(config).stripeSecretKey, config.STRIPE_API_URL ?? `${apiBase}${SANDBOX_STRIPE_PATH}`);
}

/**
 * The Stripe client of the current mode, made on first use: the sandbox's address is known only
 * once the server listens. Null when Stripe is off.
 */
export function stripeFor(app: FastifyInstance, config: Config): () => Stripe | null {
  let client: Stripe | null = null;
  return () => (client ??= stripeAt(loopbackUrl(app), config));
}
