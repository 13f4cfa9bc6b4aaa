import type { ReactNode } from "react";
import { BottomNav } from "../shell/bottom-nav";
import { SiteFooter } from "../shell/site-footer";
import { SiteHeader } from "../shell/site-header";
import { MAIN_CONTENT_ID } from "../shell/skip-link";

/**
 * The "mobile" layout of spec section 2: a phone-width column. On a desktop the column sits on a
 * brand-tinted backdrop with its own border and shadow, like a device, so the narrow page reads as
 * designed rather than unstyled. A chat (data-side-panel) widens it on a desktop: its column keeps
 * the phone width and its side panel takes the rest.
 */
export default function MobileLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-surface md:bg-[radial-gradient(circle_at_20%_0%,color-mix(in_srgb,var(--brand-primary)_28%,transparent),transparent_55%),radial-gradient(circle_at_90%_100%,color-mix(in_srgb,var(--brand-secondary)_22%,transparent),transparent_50%)] md:py-6">
      <div className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col bg-surface md:min-h-[calc(100dvh-3rem)] md:overflow-hidden md:rounded-3xl md:border md:border-line md:shadow-2xl lg:has-[[data-side-panel]]:max-w-[min(1200px,calc(100%-3rem))]">
        <SiteHeader />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter compact />
        <BottomNav />
      </div>
    </div>
  );
}
