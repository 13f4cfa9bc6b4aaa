import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/*
 * The Onlypay protocol (redirect payments, the PlayShot brand). JSON over HTTPS, every message signed.
 *
 * Signature: HMAC-SHA256 with the merchant secret, lower-case hex, over the canonical string of the
 * message: every field except `signature` whose value is not null/undefined/"", sorted by name
 * (byte order), written `name=value` and joined with `&`. Numbers are written in decimal.
 *   e.g. amount=499&currency=usd&merchant_id=m1&…&timestamp=1767225600
 * `timestamp` is Unix seconds; a receiver refuses messages more than 10 minutes away from its clock.
 *
 * 1. Create an order — merchant → Onlypay:
 *    POST {ONLYPAY_API_URL}/v1/orders
 *    { merchant_id, merchant_order_id, amount (cents), currency ("usd"), description,
 *      notify_url, return_url, timestamp, signature }
 *    200 → { onlypay_order_id, pay_url }   (pay_url: the page the buyer is sent to)
 *    4xx/5xx → { error: { code, message } }
 *    Onlypay treats merchant_order_id as unique per merchant: a repeat answers the same order.
 *
 * 2. The buyer pays (or gives up) on pay_url; Onlypay then sends the browser to return_url unchanged
 *    (the merchant puts its own order id in it).
 *
 * 3. Notify — Onlypay → merchant, for every final outcome and every refund, retried until acknowledged:
 *    POST {notify_url}
 *    { merchant_order_id, onlypay_order_id, status: "paid" | "failed" | "refunded", amount, currency,
 *      timestamp, signature }
 *    A refund adds { refund_id, refunded_amount } — refunded_amount is the total refunded so far
 *    on the order (cents), so a late notification of an earlier refund is recognisably older.
 *
 * 4. Order status — merchant → Onlypay (reconciliation):
 *    GET {ONLYPAY_API_URL}/v1/orders/{onlypay_order_id}?merchant_id=…&timestamp=…&signature=…
 *    (the three query fields signed like a message)
 *    200 → { onlypay_order_id, merchant_order_id, status: "open" | "paid" | "failed" | "refunded",
 *            amount, currency, refunded_amount }
 *    The merchant answers 200 with JSON { "code": "0" } once it has recorded the outcome; any
 *    other answer means "send it again". Duplicates are expected and must change nothing.
 */

/** How far a message's timestamp may be from our clock. */
export const ONLYPAY_MAX_SKEW_S = 600;

/** Fields of a signed message: scalars only, so the canonical string is unambiguous. */
export type SignedFields = Record<string, string | number | null | undefined>;

/** The canonical string of a message: sorted `name=value` pairs of its non-empty fields, signature excluded. */
export function canonicalString(fields: SignedFields): string {
  return Object.keys(fields)
    .filter((k) => k !== "signature" && fields[k] !== undefined && fields[k] !== null && fields[k] !== "")
    .sort()
    .map((k) => `${k}=${String(fields[k])}`)
    .join("&");
}

/** The signature of a message under a merchant secret (HMAC-SHA256, hex). */
export function onlypaySignature(secret: string, fields: SignedFields): string {
  return createHmac("sha256", secret).update(canonicalString(fields)).digest("hex");
}

/** Adds `timestamp` (when missing) and `signature` to a message. */
export function signOnlypay<T extends SignedFields>(secret: string, fields: T): T & { timestamp: number; signature: string } {
  const withTime = { ...fields, timestamp: typeof fields.timestamp === "number" ? fields.timestamp : Math.floor(Date.now() / 1000) };
  return { ...withTime, signature: onlypaySignature(secret, withTime) };
}

/** Whether a message carries a valid signature and a timestamp within the allowed skew. */
export function verifyOnlypay(secret: string, fields: SignedFields, nowS = Math.floor(Date.now() / 1000)): boolean {
  const sig = fields.signature;
  const ts = Number(fields.timestamp);
  if (typeof sig !== "string" || !/^[0-9a-f]{64}$/.test(sig) || !Number.isInteger(ts)) return false;
  if (Math.abs(nowS - ts) > ONLYPAY_MAX_SKEW_S) return false;
  // Constant-time compare: the signature must not leak byte by byte through timing.
  return timingSafeEqual(Buffer.from(sig, "hex"), Buffer.from(onlypaySignature(secret, fields), "hex"));
}

/** A create-order request (step 1), before signing. */
export const OnlypayOrderRequest = z.object({
  merchant_id: z.string().min(1).max(100),
  merchant_order_id: z.string().min(1).max(100),
  amount: z.number().int().positive(),
  currency: z.string().length(3),
  description: z.string().max(200),
  notify_url: z.string().url(),
  return_url: z.string().url(),
  timestamp: z.number().int(),
  signature: z.string(),
});
/** A create-order request as sent on the wire. */
export type OnlypayOrderRequest = z.infer<typeof OnlypayOrderRequest>;

/** The create-order answer (step 1). */
export const OnlypayOrderAnswer = z.object({ onlypay_order_id: z.string().min(1), pay_url: z.string().url() });

/** A notification (step 3). */
export const OnlypayNotification = z.object({
  merchant_order_id: z.string().min(1).max(100),
  onlypay_order_id: z.string().min(1).max(100),
  status: z.enum(["paid", "failed", "refunded"]),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(1).max(10),
  refund_id: z.string().min(1).max(100).optional(),
  refunded_amount: z.number().int().nonnegative().optional(),
  timestamp: z.number().int(),
  signature: z.string(),
}).refine((n) => n.status !== "refunded" || (n.refund_id !== undefined && n.refunded_amount !== undefined), {
  message: "a refund notification carries refund_id and refunded_amount",
  path: ["refund_id"],
});
/** A notification as received. */
export type OnlypayNotification = z.infer<typeof OnlypayNotification>;

/** Where and as whom the API talks to Onlypay. */
export interface OnlypayClientSettings {
  apiUrl: string;
  merchantId: string;
  secret: string;
}

const CREATE_TIMEOUT_MS = 15_000;

/** Creates an Onlypay order (step 1); throws with the peer's reason when it refuses or answers garbage. */
export async function createOnlypayOrder(
  settings: OnlypayClientSettings,
  order: { id: string; amount: number; currency: string; description: string; notifyUrl: string; returnUrl: string },
): Promise<z.infer<typeof OnlypayOrderAnswer>> {
  const body = signOnlypay(settings.secret, {
    merchant_id: settings.merchantId,
    merchant_order_id: order.id,
    amount: order.amount,
    currency: order.currency,
    description: order.description,
    notify_url: order.notifyUrl,
    return_url: order.returnUrl,
  });
  const res = await fetch(`${settings.apiUrl.replace(/\/+$/, "")}/v1/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(CREATE_TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Onlypay answered ${res.status}: ${text.slice(0, 300)}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("Onlypay answered something that is not JSON");
  }
  const parsed = OnlypayOrderAnswer.safeParse(json);
  if (!parsed.success) throw new Error(`Onlypay answered an unexpected shape: ${text.slice(0, 300)}`);
  return parsed.data;
}

/** An order's state at Onlypay (step 4). */
export const OnlypayOrderState = z.object({
  onlypay_order_id: z.string().min(1),
  merchant_order_id: z.string().min(1),
  status: z.enum(["open", "paid", "failed", "refunded"]),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(1),
  refunded_amount: z.number().int().nonnegative(),
});
/** An order's state at Onlypay. */
export type OnlypayOrderState = z.infer<typeof OnlypayOrderState>;

/** Reads an order's state at Onlypay (step 4); throws when the peer refuses or answers garbage. */
export async function fetchOnlypayOrder(settings: OnlypayClientSettings, onlypayOrderId: string): Promise<OnlypayOrderState> {
  const query = signOnlypay(settings.secret, { merchant_id: settings.merchantId });
  const params = new URLSearchParams({ merchant_id: query.merchant_id, timestamp: String(query.timestamp), signature: query.signature });
  const res = await fetch(`${settings.apiUrl.replace(/\/+$/, "")}/v1/orders/${encodeURIComponent(onlypayOrderId)}?${params}`, {
    headers: { accept: "application/json" },
    signal: AbortSignal.timeout(CREATE_TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Onlypay answered ${res.status}: ${text.slice(0, 300)}`);
  const parsed = OnlypayOrderState.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`Onlypay answered an unexpected shape: ${text.slice(0, 300)}`);
  return parsed.data;
}
