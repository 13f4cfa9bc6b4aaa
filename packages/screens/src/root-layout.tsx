import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getBrand } from "./brand";
import { SkipLink } from "./shell/skip-link";
import { ThemeScript } from "@storyloom/ui";
import { AppProviders } from "./providers/app-providers";
import { publicApiBase } from "./env";

const brand = getBrand();

/** Site-wide metadata from the brand table: title template, share cards, icons and noindex. */
export const metadata: Metadata = {
  metadataBase: new URL(brand.siteUrl),
  title: { default: `${brand.name} - AI-Powered Interactive Stories`, template: `%s - ${brand.name}` },
  description: brand.description,
  keywords: brand.keywords,
  applicationName: brand.name,
  icons: { icon: [{ url: "/icon.svg", type: "image/svg+xml" }] },
  // The whole site is kept out of search indexes (spec section 1); the header says the same.
  robots: { index: false, follow: false, googleBot: { index: false, follow: false } },
  openGraph: {
    type: "website",
    siteName: brand.name,
    url: brand.siteUrl,
    title: `${brand.name} - AI-Powered Interactive Stories`,
    description: brand.description,
    images: [{ url: brand.shareImage, width: 1200, height: 630, alt: `${brand.name}: ${brand.tagline}` }],
  },
  twitter: {
    card: "summary_large_image",
    title: `${brand.name} - AI-Powered Interactive Stories`,
    description: brand.description,
    images: [brand.shareImage],
  },
};

/** Viewport: phone-first width and the brand's theme colour for the browser chrome. */
export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: brand.colors.background,
  colorScheme: "dark light",
};

/**
 * The root document of both brand apps. Dark is the server default (spec: dark by default); the
 * theme script switches to a stored preference before first paint, hence suppressHydrationWarning.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-theme="dark" data-brand={brand.id} suppressHydrationWarning>
      <head>
        <ThemeScript />
        {/* The API's origin serves the covers: open connections to it while the HTML parses. */}
        {/* Covers and avatars (no-cors) and the client's API calls (cors) use separate connections. */}
        <link rel="preconnect" href={new URL(publicApiBase()).origin} />
        <link rel="preconnect" href={new URL(publicApiBase()).origin} crossOrigin="anonymous" />
      </head>
      <body className="bg-surface text-fg antialiased">
        <SkipLink />
        <AppProviders>{children}</AppProviders>
      </body>
    </html>
  );
}
