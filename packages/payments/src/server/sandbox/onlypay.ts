import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { sandboxPayments } from "@storyloom/db";
import type { SandboxOptions } from "./index";
import { OnlypayOrderRequest, signOnlypay, verifyOnlypay, type SignedFields } from "../onlypay";
import { loopbackUrl, SANDBOX_ONLYPAY_PATH } from "../constants";
import { checkoutPage, formatAmount, messagePage, orderPage, sendPage } from "./page";

// The sandbox plays Onlypay (protocol in ../onlypay.ts): it checks the merchant's signature on
// create, serves the pay page, and on Pay or Cancel sends a signed notification to notify_url
// before sending the buyer back to return_url.

type OrderRecord = Omit<OnlypayOrderRequest, "signature" | "timestamp"> & {
  /** Refunds made from the sandbox's order page, oldest first. */
  refunds?: { id: string; amount: number }[];
};

const refundedOf = (o: OrderRecord) => (o.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);

const refuse = (reply: FastifyReply, status: number, code: string, message: string) => reply.status(status).send({ error: { code, message } });

/** Registers the Onlypay sandbox: the order API under /sandbox/onlypay and its pay page. */
export function onlypaySandboxRoutes(app: FastifyInstance, opts: SandboxOptions): void {
  const { db } = opts;
  const pagePath = `${SANDBOX_ONLYPAY_PATH}/pay`;

  app.post(`${SANDBOX_ONLYPAY_PATH}/v1/orders`, async (req, reply) => {
    const parsed = OnlypayOrderRequest.safeParse(req.body);
    if (!parsed.success) return refuse(reply, 400, "invalid_request", `${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message}`);
    const o = parsed.data;
    if (o.merchant_id !== opts.secrets.onlypayMerchantId) return refuse(reply, 401, "unknown_merchant", "Unknown merchant");
    if (!verifyOnlypay(opts.secrets.onlypaySecret, req.body as SignedFields)) return refuse(reply, 401, "bad_signature", "Signature or timestamp invalid");
    // The sandbox secret is public: it notifies only this API and returns buyers to the brand sites only.
    if (!o.notify_url.startsWith(`${loopbackUrl(app)}/`)) return refuse(reply, 400, "invalid_request", "notify_url: the sandbox notifies this API only");
    if (!opts.brandOrigins.has(new URL(o.return_url).origin)) return refuse(reply, 400, "invalid_request", "return_url: the sandbox returns to the brand sites only");
    // merchant_order_id is unique per merchant: a repeated create answers the same Onlypay order.
    const id = `op_${createHash("sha256").update(`${o.merchant_id}:${o.merchant_order_id}`).digest("hex").slice(0, 32)}`;
    const record: OrderRecord = {
      merchant_id: o.merchant_id,
      merchant_order_id: o.merchant_order_id,
      amount: o.amount,
      currency: o.currency,
      description: o.description,
      notify_url: o.notify_url,
      return_url: o.return_url,
    };
    await db.insert(sandboxPayments).values({ id, provider: "onlypay", request: record }).onConflictDoNothing();
    return reply.send({ onlypay_order_id: id, pay_url: `${opts.publicBase(req)}${pagePath}/${id}` });
  });

  const load = async (id: string) => {
    const [row] = await db.select().from(sandboxPayments).where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.provider, "onlypay")));
    return row ? { status: row.status, order: row.request as OrderRecord } : null;
  };
  const missing = (reply: FastifyReply) => sendPage(reply, 404, messagePage("Payment not found", "This sandbox payment does not exist. Start the purchase again from the shop."));

  /** Sends the signed outcome (or refund) to the merchant; true once it answered code "0". */
  const notify = async (id: string, order: OrderRecord, status: "paid" | "failed" | "refunded"): Promise<boolean> => {
    const latest = order.refunds?.at(-1);
    const message = signOnlypay(opts.secrets.onlypaySecret, {
      merchant_order_id: order.merchant_order_id,
      onlypay_order_id: id,
      status,
      amount: order.amount,
      currency: order.currency,
      ...(status === "refunded" && latest ? { refund_id: latest.id, refunded_amount: refundedOf(order) } : {}),
    });
    const res = await fetch(order.notify_url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => null);
    if (!res?.ok) return false;
    const answer = (await res.json().catch(() => null)) as { code?: unknown } | null;
    return answer?.code === "0";
  };

  const finish = async (req: { params: { id: string } }, reply: FastifyReply, status: "paid" | "failed") => {
    const found = await load(req.params.id);
    if (!found) return missing(reply);
    if (found.status === "open") {
      if (!(await notify(req.params.id, found.order, status))) {
        return sendPage(reply, 502, messagePage("Payment not confirmed", "The shop did not accept the payment notification. Go back and try again."));
      }
      await db.update(sandboxPayments).set({ status, completedAt: new Date() }).where(and(eq(sandboxPayments.id, req.params.id), eq(sandboxPayments.status, "open")));
    }
    return reply.status(303).header("location", found.order.return_url).send();
  };

  // Order status (protocol step 4), signed like every message.
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(`${SANDBOX_ONLYPAY_PATH}/v1/orders/:id`, async (req, reply) => {
    const q = req.query;
    if (q.merchant_id !== opts.secrets.onlypayMerchantId) return refuse(reply, 401, "unknown_merchant", "Unknown merchant");
    if (!verifyOnlypay(opts.secrets.onlypaySecret, { merchant_id: q.merchant_id, timestamp: Number(q.timestamp), signature: q.signature })) {
      return refuse(reply, 401, "bad_signature", "Signature or timestamp invalid");
    }
    const found = await load(req.params.id);
    if (!found) return refuse(reply, 404, "not_found", "No such order");
    const refunded = refundedOf(found.order);
    return reply.send({
      onlypay_order_id: req.params.id,
      merchant_order_id: found.order.merchant_order_id,
      status: refunded > 0 ? "refunded" : found.status,
      amount: found.order.amount,
      currency: found.order.currency,
      refunded_amount: refunded,
    });
  });

  // The order page's Refund: a signed "refunded" notification with the running total. Amount in dollars; empty: the rest.
  app.post<{ Params: { id: string } }>(`${pagePath}/:id/refund`, async (req, reply) => {
    const id = req.params.id;
    const found = await load(id);
    if (!found) return missing(reply);
    if (found.status !== "paid") return sendPage(reply, 409, messagePage("Nothing to refund", "This payment was not made."));
    const left = found.order.amount - refundedOf(found.order);
    const raw = new URLSearchParams(typeof req.body === "string" ? req.body : "").get("amount")?.trim() ?? "";
    const cents = raw === "" ? left : Math.round(Number(raw) * 100);
    if (!Number.isInteger(cents) || cents < 1 || cents > left) {
      return sendPage(reply, 400, messagePage("Refund refused", `Enter an amount between $0.01 and ${formatAmount(left, found.order.currency)}.`));
    }
    const next: OrderRecord = { ...found.order, refunds: [...(found.order.refunds ?? []), { id: `rf_${randomBytes(12).toString("hex")}`, amount: cents }] };
    if (!(await notify(id, next, "refunded"))) return sendPage(reply, 502, messagePage("Refund not confirmed", "The shop did not accept the refund notification. Go back and try again."));
    await db.update(sandboxPayments).set({ request: next }).where(eq(sandboxPayments.id, id));
    return reply.status(303).header("location", `${pagePath}/${encodeURIComponent(id)}`).send();
  });

  app.get<{ Params: { id: string } }>(`${pagePath}/:id`, async (req, reply) => {
    const found = await load(req.params.id);
    if (!found) return missing(reply);
    const base = `${pagePath}/${encodeURIComponent(req.params.id)}`;
    if (found.status === "paid") {
      return sendPage(
        reply,
        200,
        orderPage({
          provider: "Onlypay",
          item: found.order.description,
          amount: found.order.amount,
          refunded: refundedOf(found.order),
          currency: found.order.currency,
          refundAction: `${base}/refund`,
          note: "Sandbox order: a refund sends a signed refund notification to the shop, as Onlypay does for a merchant refund.",
        }),
      );
    }
    const page = checkoutPage({
      provider: "Onlypay",
      item: found.order.description,
      amount: found.order.amount,
      currency: found.order.currency,
      payAction: `${base}/pay`,
      cancelAction: `${base}/cancel`,
      note: "Sandbox payment: nothing is charged and no real money moves. Pay confirms the order; Cancel reports it as failed.",
    });
    return sendPage(reply, 200, page, [found.order.return_url]);
  });
  app.post<{ Params: { id: string } }>(`${pagePath}/:id/pay`, (req, reply) => finish(req, reply, "paid"));
  app.post<{ Params: { id: string } }>(`${pagePath}/:id/cancel`, (req, reply) => finish(req, reply, "failed"));
}
