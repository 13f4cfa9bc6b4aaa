import type { ReactNode } from "react";

/** The smallest root layout App Router accepts: the baseline the brand sites are measured against. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <title>Baseline</title>
        <meta name="description" content="An empty App Router page" />
      </head>
      <body>{children}</body>
    </html>
  );
}
