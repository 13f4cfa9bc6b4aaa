import type { ReactNode } from "react";
import { HydratedMark } from "./hydrated-mark";

/**
 * The smallest root layout App Router accepts, plus the hydration mark the brand sites set: the
 * baseline the brand sites are measured against.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <title>Baseline</title>
        <meta name="description" content="An empty App Router page" />
      </head>
      <body>
        {children}
        <HydratedMark />
      </body>
    </html>
  );
}
