"use client";
// The console's frame: the sign-in gate, a skip link, the left navigation and the staff member's
// name and role. A kept session is checked with whoami on load: an account that lost its staff role
// is signed out and told so (the API refuses its calls anyway).
import { Button, cx } from "@storyloom/ui";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { ConsoleProvider, useConsoleApi, useConsoleSession } from "./console-provider";
import { isStaffRole } from "./rules";
import { NOT_STAFF } from "./session";
import { SignInScreen } from "./sign-in";

/** The console's sections, in the navigation's order. */
export const NAV = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/moderation", label: "Moderation" },
  { href: "/reports", label: "Reports" },
  { href: "/players", label: "Players" },
  { href: "/orders", label: "Orders" },
  { href: "/audit", label: "Audit log" },
  { href: "/catalogue", label: "Catalogue" },
  { href: "/settings", label: "Settings", superOnly: true },
  { href: "/staff", label: "Staff", superOnly: true },
] as const;

/** The whole console around a page: providers, the gate and the frame. */
export function ConsoleShell({ children }: { children: ReactNode }) {
  return (
    <ConsoleProvider>
      <Gate>{children}</Gate>
    </ConsoleProvider>
  );
}

/** Shows the sign-in screen until a staff session is kept; then the frame with the page. */
function Gate({ children }: { children: ReactNode }) {
  const api = useConsoleApi();
  const session = useConsoleSession();
  const [mounted, setMounted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!session) return;
    let live = true;
    void api.call("whoami").then((r) => {
      if (!live) return;
      if (r.ok && !isStaffRole(r.data.user.role)) {
        setNotice(NOT_STAFF);
        api.signOut();
      }
    });
    return () => {
      live = false;
    };
  }, [api, session?.user.id]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!mounted) return <p className="p-6 text-sm text-muted">Loading the console…</p>;
  if (!session) return <SignInScreen notice={notice} />;
  return (
    <div className="min-h-dvh md:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2 focus:outline-2">
        Skip to content
      </a>
      <header className="border-b border-line bg-surface-2 p-3 md:min-h-dvh md:w-52 md:shrink-0 md:border-r md:border-b-0">
        <p className="font-semibold">Storyloom console</p>
        <p className="mb-3 text-xs text-muted">
          {session.user.name} · <span data-testid="staff-role">{session.user.role}</span>
        </p>
        <Nav />
        <Button size="sm" variant="secondary" className="mt-4" onClick={() => api.signOut()}>
          Sign out
        </Button>
      </header>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none">
        <Suspense fallback={<p className="text-sm text-muted">Loading…</p>}>{children}</Suspense>
      </main>
    </div>
  );
}

/** The left navigation (super-admin sections only for super admins); the current section is marked for screen readers too. */
function Nav() {
  const path = usePathname();
  const role = useConsoleSession()?.user.role;
  return (
    <nav aria-label="Console">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {NAV.filter((item) => !("superOnly" in item) || role === "super_admin").map((item) => {
          const current = path === item.href || path.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={cx("block rounded px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand", current ? "bg-brand text-white" : "hover:bg-line")}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
