// Brand table and helpers both brand apps and other screens use. Route screens are imported by
// path instead (`@storyloom/screens/legal/terms`), so an app only pulls in the screens it shows.
export { getBrand, type Brand, type PaymentProvider } from "./brand";
export { PlayShotLogo, StoryloomLogo, type LogoProps } from "./brand/logos";
export { SiteHeader, type SiteHeaderProps } from "./shell/site-header";
export { SiteFooter } from "./shell/site-footer";
export { MAIN_CONTENT_ID, SkipLink } from "./shell/skip-link";
export { legalNav, mainNav, type NavItem } from "./shell/nav-items";
