import { siteUrlOverride } from "./env";
import { playshot } from "./brand/playshot";
import { storyloom } from "./brand/storyloom";
import type { Brand } from "./brand/types";

export type { Brand, PaymentProvider } from "./brand/types";

/**
 * The brand this build serves, chosen by the configured app name; unknown names fall back to
 * Storyloom. The check reads process.env.APP_NAME itself, not through env.ts: the app's config
 * inlines it, so the bundler drops the other brand's table and logo from the browser's JavaScript.
 */
export function getBrand(): Brand {
  const brand = process.env.APP_NAME === "playshot" ? playshot : storyloom;
  const override = siteUrlOverride();
  return override ? { ...brand, siteUrl: override.replace(/\/+$/, "") } : brand;
}
