import type { ReactNode } from "react";
import { BottomNav } from "../shell/bottom-nav";
import { PageShell } from "./plain";

/**
 * The home page's app shell (its layout is "not shown" in the spec): full-width header with the
 * text nav from 768px, a responsive catalogue, and the phone tab bar below 768px where the header
 * nav is hidden, so every size has one way to the main destinations.
 */
export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <PageShell
      below={
        <div className="sticky bottom-0 z-30 md:hidden">
          <BottomNav />
        </div>
      }
    >
      {children}
    </PageShell>
  );
}
