// PlayShot: the brand paid through the redirect provider Onlypay. Its own module, so a Storyloom
// build leaves it out.
import { playshotContact } from "./contact";
import type { Brand, LogoProps } from "./types";

/** PlayShot's mark: a play triangle in a tilted rounded square with a spark in the corner. */
export function PlayShotLogo({ decorative = false, ...props }: LogoProps) {
  return (
    <svg viewBox="0 0 48 48" width={32} height={32} role={decorative ? undefined : "img"} aria-hidden={decorative || undefined} aria-label={decorative ? undefined : "PlayShot"} {...props}>
      <rect x="5" y="5" width="38" height="38" rx="10" transform="rotate(-8 24 24)" fill="#e11d48" />
      <path d="M19 15l15 9-15 9z" fill="#fff" />
      <path d="M39 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#22d3ee" />
    </svg>
  );
}

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
