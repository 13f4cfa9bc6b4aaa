import type { ComponentType } from "react";
import { configuredAppName, siteUrlOverride } from "./env";
import { PlayShotLogo, StoryloomLogo, type LogoProps } from "./brand/logos";

/** Which checkout a brand sells coins through (spec section 7, provider choice). */
export type PaymentProvider = "stripe" | "onlypay";

/** Everything that differs between the two brand sites. */
export interface Brand {
  /** The configured app name that selects this brand. */
  id: "storyloom" | "playshot";
  name: string;
  /** The operating company named in the legal pages. */
  company: string;
  siteUrl: string;
  domain: string;
  tagline: string;
  description: string;
  keywords: string[];
  supportEmail: string;
  paymentProvider: PaymentProvider;
  /** Payment processor as named in the legal pages. */
  paymentProcessorName: string;
  colors: { primary: string; secondary: string; background: string };
  Logo: ComponentType<LogoProps>;
  /** Open Graph / Twitter card image, served by the app's share-image route. */
  shareImage: string;
}

/** The brand table: both brands, keyed by configured app name. */
export const brands: Record<Brand["id"], Brand> = {
  storyloom: {
    id: "storyloom",
    name: "Storyloom",
    company: "Storyloom Interactive",
    siteUrl: "https://storyloom.ai",
    domain: "storyloom.ai",
    tagline: "Stories woven around you",
    description:
      "Storyloom is an AI-powered interactive story platform: step into fantasy, romance and mystery tales, talk with their characters and shape every ending.",
    keywords: ["AI stories", "interactive fiction", "AI characters", "choose your own adventure", "AI chat", "Storyloom"],
    supportEmail: "support@storyloom.ai",
    paymentProvider: "stripe",
    paymentProcessorName: "Stripe",
    colors: { primary: "#7c3aed", secondary: "#f59e0b", background: "#140f24" },
    Logo: StoryloomLogo,
    shareImage: "/share.png",
  },
  playshot: {
    id: "playshot",
    name: "PlayShot",
    company: "PlayShot Media",
    siteUrl: "https://playshot.ai",
    domain: "playshot.ai",
    tagline: "Press play on your next story",
    description:
      "PlayShot turns AI characters into fast, playable story episodes: pick a scene, make your move and chat your way to the next twist.",
    keywords: ["AI story games", "interactive episodes", "AI characters", "AI roleplay", "story chat", "PlayShot"],
    supportEmail: "support@playshot.ai",
    paymentProvider: "onlypay",
    paymentProcessorName: "Onlypay",
    colors: { primary: "#e11d48", secondary: "#22d3ee", background: "#0b1220" },
    Logo: PlayShotLogo,
    shareImage: "/share.png",
  },
};

/** The brand this build serves, chosen by the configured app name; unknown names fall back to Storyloom. */
export function getBrand(): Brand {
  const name = configuredAppName();
  const brand = name === "playshot" ? brands.playshot : brands.storyloom;
  const override = siteUrlOverride();
  return override ? { ...brand, siteUrl: override.replace(/\/+$/, "") } : brand;
}
