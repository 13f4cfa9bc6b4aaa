import { PlayShotLogo } from "./playshot-logo";
import { StoryloomLogo } from "./storyloom-logo";
import type { LogoProps } from "./types";

/**
 * The logo of the brand this build serves, for screens that need nothing else of the brand (with
 * contact.ts): APP_NAME is inlined at build, as in brand.ts, so the other brand's mark is dropped.
 */
export function BrandLogo(props: LogoProps) {
  return process.env.APP_NAME === "playshot" ? <PlayShotLogo {...props} /> : <StoryloomLogo {...props} />;
}
