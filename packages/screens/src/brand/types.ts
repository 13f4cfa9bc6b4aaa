// The shape of a brand: everything that differs between the two sites.
import type { ComponentType, SVGProps } from "react";

/** Props of a brand logo: an accessible name is given unless the logo sits next to its wordmark. */
export interface LogoProps extends SVGProps<SVGSVGElement> {
  /** Hide from assistive tech when the brand name is already written beside it. */
  decorative?: boolean;
}

/** Which checkout a brand sells coins through (spec section 7, provider choice). */
export type PaymentProvider = "stripe" | "onlypay";

/** Everything that differs between the two brand sites. */
export interface Brand {
  /** The configured app name that selects this brand. */
  id: "storyloom" | "playshot";
  name: string;
  /** The operating company named in the legal pages. */
  company: string;
  siteUrl: string;
  domain: string;
  tagline: string;
  description: string;
  keywords: string[];
  supportEmail: string;
  paymentProvider: PaymentProvider;
  /** Payment processor as named in the legal pages. */
  paymentProcessorName: string;
  colors: { primary: string; secondary: string; background: string };
  Logo: ComponentType<LogoProps>;
  /** Open Graph / Twitter card image, served by the app's share-image route. */
  shareImage: string;
}
