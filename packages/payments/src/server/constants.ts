import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";

// Fixed names of the payment endpoints and the sandbox, shared by the API and the sandboxes.

/**
 * The sandbox's fixed secrets: public on purpose, for a laptop only. Anyone can read them, so a
 * sandbox reachable from elsewhere signs with secrets derived from its own (sandboxSecretsFrom).
 */
export const SANDBOX_SECRETS = {
  stripeSecretKey: "sk_test_storyloom_sandbox",
  stripePublishableKey: "pk_test_storyloom_sandbox",
  stripeWebhookSecret: "whsec_storyloom_sandbox_dev_only",
  onlypayMerchantId: "storyloom-sandbox",
  onlypaySecret: "onlypay_storyloom_sandbox_dev_only",
} as const;

/** The keys and secrets a sandbox runs with: the fixed ones, or ones derived from a deployment's secret. */
export type SandboxSecrets = { readonly [K in keyof typeof SANDBOX_SECRETS]: string };

/**
 * The sandbox's secrets of a deployment that has its own secret (SANDBOX_SECRET): the API key, the
 * webhook secret and the Onlypay secret are HMAC-SHA256 of it per purpose, so no value in this
 * repository signs its notifications. The publishable key and the merchant id are not secret.
 */
export function sandboxSecretsFrom(secret: string): SandboxSecrets {
  const derive = (purpose: string) => createHmac("sha256", secret).update(`storyloom-sandbox:${purpose}`).digest("base64url");
  return {
    stripeSecretKey: `sk_test_${derive("stripe-secret-key")}`,
    stripePublishableKey: SANDBOX_SECRETS.stripePublishableKey,
    stripeWebhookSecret: `whsec_${derive("stripe-webhook-secret")}`,
    onlypayMerchantId: SANDBOX_SECRETS.onlypayMerchantId,
    onlypaySecret: derive("onlypay-secret"),
  };
}

/** Where sandbox providers live on this API. */
export const SANDBOX_STRIPE_PATH = "/sandbox/stripe";
export const SANDBOX_ONLYPAY_PATH = "/sandbox/onlypay";

/** Where Stripe delivers events (configure this URL in the Stripe dashboard). */
export const STRIPE_WEBHOOK_PATH = "/api/v1/payments/stripe/webhook";
/** Where Onlypay delivers notifications (sent as notify_url with every order). */
export const ONLYPAY_NOTIFY_PATH = "/api/v1/onlypay/notify";

/** The address this process listens on, for calls the API makes to itself (sandbox ↔ handlers). */
export function loopbackUrl(app: FastifyInstance): string {
  const addr = app.server.address();
  if (!addr || typeof addr === "string") throw new Error("the API is not listening on TCP");
  const wildcard = addr.address === "0.0.0.0" || addr.address === "::";
  const host = wildcard ? "127.0.0.1" : addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return `http://${host}:${addr.port}`;
}

