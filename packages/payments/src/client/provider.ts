/** The two payment providers: a card provider (Stripe) and a redirect provider (Onlypay). */
export type PaymentProvider = "stripe" | "onlypay";

/** Where the provider choice can come from, first match wins (spec section 7, "Provider choice"). */
export interface ProviderHints {
  /** An explicit setting, e.g. NEXT_PUBLIC_PAYMENT_PROVIDER. */
  configured?: string | null;
  /** The site's host name, e.g. "playshot.ai". */
  host?: string | null;
  /** The site's title or app name, e.g. "PlayShot". */
  title?: string | null;
}

function match(value: string | null | undefined): PaymentProvider | null {
  const v = (value ?? "").toLowerCase();
  if (v.includes("onlypay") || v.includes("playshot")) return "onlypay";
  if (v.includes("stripe") || v.includes("storyloom")) return "stripe";
  return null;
}

/**
 * Chooses the payment provider by configuration, then host, then title: stripe means the Storyloom
 * brand, onlypay the PlayShot brand. The default is the card provider.
 */
export function chooseProvider(hints: ProviderHints): PaymentProvider {
  return match(hints.configured) ?? match(hints.host) ?? match(hints.title) ?? "stripe";
}

/** Whether a value names a supported provider. */
export function isProvider(value: unknown): value is PaymentProvider {
  return value === "stripe" || value === "onlypay";
}
