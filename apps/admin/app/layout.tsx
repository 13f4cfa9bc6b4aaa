// The console's document: light, dense, kept out of search indexes; every page inside the console's
// frame (providers, sign-in gate, navigation).
import "./globals.css";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { ConsoleShell } from "@storyloom/admin-screens";

/** The console's title and noindex (the X-Robots-Tag header says the same). */
export const metadata: Metadata = {
  title: { default: "Storyloom console", template: "%s - Storyloom console" },
  robots: { index: false, follow: false, googleBot: { index: false, follow: false } },
};

/** Phone-usable: the tables scroll sideways. */
export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** The root layout. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // Light only: data-theme names it so the UI kit's light-theme colours apply (its red error text
    // is red-700 there; the dark default red-400 fails contrast on white).
    <html lang="en" data-theme="light">
      <body className="bg-surface text-fg antialiased">
        <ConsoleShell>{children}</ConsoleShell>
      </body>
    </html>
  );
}
