import type { ReactNode } from "react";
import { BottomNav } from "../shell/bottom-nav";
import { SiteFooter } from "../shell/site-footer";
import { SiteHeader } from "../shell/site-header";
import { MAIN_CONTENT_ID } from "../shell/skip-link";

/**
 * The home page's app shell (its layout is "not shown" in the spec): full-width header with the
 * text nav from 768px, a responsive catalogue, and the phone tab bar below 768px where the header
 * nav is hidden, so every size has one way to the main destinations.
 */
export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <SiteHeader showNav />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <div className="sticky bottom-0 z-30 md:hidden">
        <BottomNav />
      </div>
    </div>
  );
}
