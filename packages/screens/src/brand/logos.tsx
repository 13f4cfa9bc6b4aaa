// Each brand draws its own mark: Storyloom a woven open book, PlayShot a tilted play button with a
// spark. Inline SVG keeps the logo in the first paint with no extra request. Each logo has its own
// module (the error pages take it alone); this one gathers them for the package's public surface.
export type { LogoProps } from "./types";
export { StoryloomLogo } from "./storyloom-logo";
export { PlayShotLogo } from "./playshot-logo";
