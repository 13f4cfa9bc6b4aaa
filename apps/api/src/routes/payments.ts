import type { FastifyInstance, FastifyRequest } from "fastify";
import { OK } from "@storyloom/contract";
import type { AppContext } from "../context";
import type { AuthedUser } from "../auth/session";
import { ApiError } from "../errors";
import { route, validationError } from "../http";
import { privateNoStore, publicBase } from "../services/publicRead";
import { createCheckoutSession, createOnlypayOrder, OnlypayNotification, sandboxRoutes, verifyOnlypay, verifyStripeEvent, type OrderRow, type SignedFields } from "@storyloom/payments/server";
import { requestBrand } from "../services/activity";
import { activePackage, createPendingOrder, CURRENCY, findOwnOrder, setProviderRef, toOrder } from "../payments/orders";
import { paymentDeps, paymentsFor } from "../payments/domain";
import { recordCheckoutStarted } from "../services/metaEvents";
import { countWebhook, webhookOutcomeOf, type WebhookOutcome } from "../metrics/metrics";
import { brandOrigins, loopbackUrl, ONLYPAY_NOTIFY_PATH, onlypayMode, onlypaySettings, sandboxAllowed, sandboxSecrets, stripeFor, stripeMode, stripePublishableKey, stripeWebhookSecret, STRIPE_WEBHOOK_PATH } from "../payments/providers";

const STRIPE_FAILED = "Stripe payment creation failed";
const ONLYPAY_FAILED = "Onlypay payment creation failed";

function requireBuyer(user: AuthedUser): void {
  // The client sends a refused guest to /auth/login (spec section 5).
  if (user.user.isGuest || user.user.role === "guest") throw new ApiError("FORBIDDEN", "Sign in to buy coins");
}

/** A notification that failed: refused as sent (a 4xx: bad signature, body or amount), or an error of ours. */
const failedWebhook = (err: unknown): WebhookOutcome => (err instanceof ApiError && err.status < 500 ? "rejected" : "error");

/** Appends query parameters the URL does not carry yet. */
function withParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) if (!u.searchParams.has(k)) u.searchParams.set(k, v);
  return u.toString();
}

/**
 * Payments: checkout.create (Stripe), onlypay/order.create, order.get, and the two signed
 * notification handlers — the only way an order becomes paid and coins are bought.
 */
export function paymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { config, db } = ctx;
  const stripe = stripeFor(app, config);
  const brands = brandOrigins(config);
  const payments = paymentsFor(db, ctx);

  const forwardMeta = Boolean(config.META_PIXEL_ID && config.META_ACCESS_TOKEN);

  /** Records the checkout start with the buyer's request facts (the Purchase conversion reuses them); never stops a purchase. */
  const checkoutStarted = async (order: OrderRow, req: FastifyRequest) => {
    const referer = req.headers.referer;
    const sourceUrl = referer && URL.canParse(referer) && brands.has(new URL(referer).origin) ? referer : undefined;
    try {
      await recordCheckoutStarted(db, ctx.outbox, order, { ip: req.ip, userAgent: req.headers["user-agent"], sourceUrl }, forwardMeta);
    } catch (err) {
      req.log.warn({ err, order_id: order.id }, "checkout conversion not recorded");
    }
  };

  // The provider sends the buyer's browser to these URLs: only the brand sites, or this API would be an open redirect.
  const onBrandSite = (url: string, field: string) => {
    if (brands.has(new URL(url).origin)) return;
    throw new ApiError("VALIDATION_ERROR", `Invalid body: ${field} must be on a brand site`, { fields: [{ path: field, message: "must be on a brand site" }] });
  };

  route(app, ctx, "checkoutCreate", async ({ input, user, req }) => {
    requireBuyer(user);
    onBrandSite(input.success_url, "success_url");
    onBrandSite(input.cancel_url, "cancel_url");
    const pkg = await activePackage(db, input.price_id);
    const client = stripe();
    if (!client) throw new ApiError("PAYMENT_ERROR", STRIPE_FAILED);
    const order = await createPendingOrder(db, user.user.id, "stripe", pkg, requestBrand(config, req.headers.origin));
    await checkoutStarted(order, req);
    try {
      const session = await createCheckoutSession(client, order, { success: input.success_url, cancel: input.cancel_url }, user.user.email);
      await setProviderRef(db, order.id, session.id);
      const publishableKey = stripePublishableKey(config);
      return { session_id: session.id, order_id: order.id, ...(session.url ? { url: session.url } : {}), ...(publishableKey ? { publishable_key: publishableKey } : {}) };
    } catch (err) {
      req.log.error({ err, order_id: order.id }, "stripe checkout session creation failed");
      await payments.close(order.id, "stripe", "failed");
      throw new ApiError("PAYMENT_ERROR", STRIPE_FAILED);
    }
  });

  route(app, ctx, "onlypayOrderCreate", async ({ input, user, req }) => {
    requireBuyer(user);
    onBrandSite(input.redirect_url, "redirect_url");
    const pkg = await activePackage(db, input.price_id);
    const settings = onlypaySettings(app, config);
    if (!settings) throw new ApiError("PAYMENT_ERROR", ONLYPAY_FAILED);
    const order = await createPendingOrder(db, user.user.id, "onlypay", pkg, requestBrand(config, req.headers.origin));
    await checkoutStarted(order, req);
    // The sandbox notifies from inside this process, so it gets the loopback address; real Onlypay the public one.
    const notifyBase = onlypayMode(config) === "sandbox" ? loopbackUrl(app) : publicBase(ctx, req);
    try {
      const created = await createOnlypayOrder(settings, {
        id: order.id,
        amount: order.amount,
        currency: CURRENCY,
        description: `${order.coins} coins`,
        notifyUrl: `${notifyBase}${ONLYPAY_NOTIFY_PATH}`,
        returnUrl: withParams(input.redirect_url, { provider: "onlypay", order_id: order.id }),
      });
      await setProviderRef(db, order.id, created.onlypay_order_id);
      return { order_id: order.id, pay_url: created.pay_url };
    } catch (err) {
      req.log.error({ err, order_id: order.id }, "onlypay order creation failed");
      await payments.close(order.id, "onlypay", "failed");
      throw new ApiError("PAYMENT_ERROR", ONLYPAY_FAILED);
    }
  });

  route(app, ctx, "orderGet", async ({ input, user, reply }) => {
    privateNoStore(reply);
    return { order: toOrder(await findOwnOrder(db, user.user.id, input.id)) };
  });

  // Stripe signs the exact bytes it sent, so this route keeps the body as text instead of parsing it.
  void app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
    raw.post(STRIPE_WEBHOOK_PATH, async (req) => {
      const secret = stripeWebhookSecret(config);
      const client = stripe();
      if (!secret || !client) throw new ApiError("UNAVAILABLE", "Stripe is not configured");
      const body = typeof req.body === "string" ? req.body : "";
      let type: string | null = null;
      try {
        const event = verifyStripeEvent(paymentDeps, client, body, req.headers["stripe-signature"] as string | undefined, secret);
        type = event.type;
        const outcome = await payments.stripeEvent(event);
        countWebhook("stripe", type, webhookOutcomeOf(outcome));
        req.log.info({ outcome }, "stripe event");
        return { code: OK, message: "success", data: outcome };
      } catch (err) {
        countWebhook("stripe", type, failedWebhook(err));
        throw err;
      }
    });
  });

  app.post(ONLYPAY_NOTIFY_PATH, async (req) => {
    const settings = onlypaySettings(app, config);
    if (!settings) throw new ApiError("UNAVAILABLE", "Onlypay is not configured");
    const body: unknown = req.body ?? {};
    const parsed = OnlypayNotification.safeParse(body);
    if (!parsed.success) {
      countWebhook("onlypay", null, "rejected");
      throw validationError(parsed.error, "body");
    }
    // Verified over every field received: a field Onlypay adds later is covered by its signature too.
    if (!verifyOnlypay(settings.secret, body as SignedFields)) {
      countWebhook("onlypay", null, "rejected");
      throw new ApiError("VALIDATION_ERROR", "Invalid Onlypay signature");
    }
    const n = parsed.data;
    const data = await payments.onlypayNotification(n).catch((err: unknown) => {
      countWebhook("onlypay", n.status, failedWebhook(err));
      throw err;
    });
    countWebhook("onlypay", n.status, webhookOutcomeOf(data));
    req.log.info({ order_id: n.merchant_order_id, status: n.status, data }, "onlypay notification");
    // Onlypay stops retrying on code "0" (our envelope carries it).
    return { code: OK, message: "success", data };
  });

  if (sandboxAllowed(config) && (stripeMode(config) === "sandbox" || onlypayMode(config) === "sandbox")) {
    sandboxRoutes(app, { db, brandOrigins: brands, publicBase: (req) => publicBase(ctx, req), secrets: sandboxSecrets(config), stripe: stripeMode(config) === "sandbox", onlypay: onlypayMode(config) === "sandbox" });
  }
}
