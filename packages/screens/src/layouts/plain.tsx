import type { ReactNode } from "react";
import { SiteFooter } from "../shell/site-footer";
import { SiteHeader } from "../shell/site-header";
import { MAIN_CONTENT_ID } from "../shell/skip-link";

/** The full-width page frame: site header, the main landmark, footer, then anything pinned below. */
export function PageShell({ children, below }: { children: ReactNode; below?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <SiteHeader showNav />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      {below}
    </div>
  );
}

/** The "none" layout of spec section 2: a plain full-width page under the site header. */
export default function PlainLayout({ children }: { children: ReactNode }) {
  return <PageShell>{children}</PageShell>;
}
