// Storyloom: the brand paid by card through Stripe. Its own module, so a PlayShot build leaves it out.
import { storyloomContact } from "./contact";
import { StoryloomLogo } from "./storyloom-logo";
import type { Brand } from "./types";

/** Storyloom's row of the brand table. */
export const storyloom: Brand = {
  id: "storyloom",
  name: storyloomContact.name,
  company: "Storyloom Interactive",
  siteUrl: "https://storyloom.ai",
  domain: "storyloom.ai",
  tagline: "Stories woven around you",
  description:
    "Storyloom is an AI-powered interactive story platform: step into fantasy, romance and mystery tales, talk with their characters and shape every ending.",
  keywords: ["AI stories", "interactive fiction", "AI characters", "choose your own adventure", "AI chat", "Storyloom"],
  supportEmail: storyloomContact.supportEmail,
  paymentProvider: "stripe",
  paymentProcessorName: "Stripe",
  colors: { primary: "#7c3aed", secondary: "#f59e0b", background: "#140f24" },
  Logo: StoryloomLogo,
  shareImage: "/share.png",
};
