import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import type { Config } from "../config";

// Which peer each provider talks to. With its keys set, a provider is the real one (or whatever
// Stripe-compatible / Onlypay endpoint the URL names). Without them the API plays the provider
// itself — the sandbox — with the fixed secrets below, and the same client code and the same signed
// notification handlers run as in production.

/** The sandbox's fixed secrets: public on purpose, they only ever sign sandbox traffic. */
export const SANDBOX_SECRETS = {
  stripeSecretKey: "sk_test_storyloom_sandbox",
  stripePublishableKey: "pk_test_storyloom_sandbox",
  stripeWebhookSecret: "whsec_storyloom_sandbox_dev_only",
  onlypayMerchantId: "storyloom-sandbox",
  onlypaySecret: "onlypay_storyloom_sandbox_dev_only",
} as const;

/** Where sandbox providers live on this API. */
export const SANDBOX_STRIPE_PATH = "/sandbox/stripe";
export const SANDBOX_ONLYPAY_PATH = "/sandbox/onlypay";

/** Where Stripe delivers events (configure this URL in the Stripe dashboard). */
export const STRIPE_WEBHOOK_PATH = "/api/v1/payments/stripe/webhook";
/** Where Onlypay delivers notifications (sent as notify_url with every order). */
export const ONLYPAY_NOTIFY_PATH = "/api/v1/onlypay/notify";

/** live: real keys; sandbox: this API plays the provider; off: production without keys or sandbox. */
export type ProviderMode = "live" | "sandbox" | "off";

/** Whether sandbox providers may run: only when switched on (PAYMENTS_SANDBOX), whatever NODE_ENV says. */
export function sandboxAllowed(config: Config): boolean {
  return config.PAYMENTS_SANDBOX;
}

/** How Stripe is reached. */
export function stripeMode(config: Config): ProviderMode {
  if (config.STRIPE_SECRET_KEY) return "live";
  return sandboxAllowed(config) ? "sandbox" : "off";
}

/** How Onlypay is reached. */
export function onlypayMode(config: Config): ProviderMode {
  if (config.ONLYPAY_MERCHANT_ID && config.ONLYPAY_SECRET && config.ONLYPAY_API_URL) return "live";
  return sandboxAllowed(config) ? "sandbox" : "off";
}

/** Origins of the brand sites (CORS_ORIGINS): the only places a provider may send a buyer back to. */
export function brandOrigins(config: Config): Set<string> {
  return new Set(config.CORS_ORIGINS.flatMap((o) => (URL.canParse(o) ? [new URL(o).origin] : [])));
}

/** The address this process listens on, for calls the API makes to itself (sandbox ↔ handlers). */
export function loopbackUrl(app: FastifyInstance): string {
  const addr = app.server.address();
  if (!addr || typeof addr === "string") throw new Error("the API is not listening on TCP");
  const wildcard = addr.address === "0.0.0.0" || addr.address === "::";
  const host = wildcard ? "127.0.0.1" : addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return `http://${host}:${addr.port}`;
}

/** Stripe webhook signing secret of the current mode (null when Stripe is off). */
export function stripeWebhookSecret(config: Config): string | null {
  const mode = stripeMode(config);
  if (mode === "live") return config.STRIPE_WEBHOOK_SECRET ?? null;
  return mode === "sandbox" ? SANDBOX_SECRETS.stripeWebhookSecret : null;
}

/** Stripe publishable key of the current mode, for Stripe.js (undefined when none is configured). */
export function stripePublishableKey(config: Config): string | undefined {
  const mode = stripeMode(config);
  if (mode === "live") return config.STRIPE_PUBLISHABLE_KEY;
  return mode === "sandbox" ? SANDBOX_SECRETS.stripePublishableKey : undefined;
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
  return { apiUrl: `${apiBase}${SANDBOX_ONLYPAY_PATH}`, merchantId: SANDBOX_SECRETS.onlypayMerchantId, secret: SANDBOX_SECRETS.onlypaySecret };
}

/** A Stripe client of the current mode for an API reachable at `apiBase` (the sandbox lives there); null when off. */
export function stripeAt(apiBase: string, config: Config): Stripe | null {
  const mode = stripeMode(config);
  if (mode === "off") return null;
  return mode === "live"
    ? stripeClient(config.STRIPE_SECRET_KEY!, config.STRIPE_API_URL)
    : stripeClient(SANDBOX_SECRETS.stripeSecretKey, config.STRIPE_API_URL ?? `${apiBase}${SANDBOX_STRIPE_PATH}`);
}

/**
 * A Stripe client for the API base URL: host, port and protocol go to the SDK; a path prefix (the
 * sandbox lives under /sandbox/stripe) is added by the fetch it uses, since the SDK has no base-path option.
 */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const opts: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 15_000 };
  if (apiUrl) {
    const base = new URL(apiUrl);
    const prefix = base.pathname.replace(/\/+$/, "");
    opts.host = base.hostname;
    opts.port = base.port || (base.protocol === "http:" ? 80 : 443);
    opts.protocol = base.protocol === "http:" ? "http" : "https";
    if (prefix) {
      const prefixed = (input: string, init?: RequestInit): Promise<Response> => {
        const url = new URL(input);
        url.pathname = `${prefix}${url.pathname}`;
        return fetch(url, init);
      };
      opts.httpClient = Stripe.createFetchHttpClient(prefixed);
    }
  }
  return new Stripe(secretKey, opts);
}

/**
 * The Stripe client of the current mode, made on first use: the sandbox's address is known only
 * once the server listens. Null when Stripe is off.
 */
export function stripeFor(app: FastifyInstance, config: Config): () => Stripe | null {
  let client: Stripe | null = null;
  return () => (client ??= stripeAt(loopbackUrl(app), config));
}
