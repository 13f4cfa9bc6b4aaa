// PlayShot: the brand paid through the redirect provider Onlypay. Its own module, so a Storyloom
// build leaves it out.
import { playshotContact } from "./contact";
import { PlayShotLogo } from "./playshot-logo";
import type { Brand } from "./types";

/** PlayShot's row of the brand table. */
export const playshot: Brand = {
  id: "playshot",
  name: playshotContact.name,
  company: "PlayShot Media",
  siteUrl: "https://playshot.ai",
  domain: "playshot.ai",
  tagline: "Press play on your next story",
  description:
    "PlayShot turns AI characters into fast, playable story episodes: pick a scene, make your move and chat your way to the next twist.",
  keywords: ["AI story games", "interactive episodes", "AI characters", "AI roleplay", "story chat", "PlayShot"],
  supportEmail: playshotContact.supportEmail,
  paymentProvider: "onlypay",
  paymentProcessorName: "Onlypay",
  colors: { primary: "#e11d48", secondary: "#22d3ee", background: "#0b1220" },
  Logo: PlayShotLogo,
  shareImage: "/share.png",
};
