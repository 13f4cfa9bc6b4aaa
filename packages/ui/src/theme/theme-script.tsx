// No "use client": the script component renders in the server layout's <head>.

/** The two themes. */
export type Theme = "dark" | "light";
/** localStorage key holding the chosen theme. */
export const THEME_STORAGE_KEY = "theme";
/** The spec's default when nothing is stored. */
export const DEFAULT_THEME: Theme = "dark";

/**
 * Source of a tiny blocking script that sets `data-theme` on <html> from localStorage before the
 * first paint, so a light-theme user never sees a dark flash. Storage can throw (privacy modes),
 * hence the try.
 */
export function themeInitScript(): string {
  return `(function(){var t;try{t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}if(t!=="light"&&t!=="dark")t=${JSON.stringify(DEFAULT_THEME)};var d=document.documentElement;d.setAttribute("data-theme",t);d.style.colorScheme=t})()`;
}

/** Props of {@link ThemeScript}. */
export interface ThemeScriptProps {
  /** CSP nonce, when the app uses one. */
  nonce?: string;
}

/**
 * Put in the root layout's <head>. The <html> element needs `suppressHydrationWarning`, because
 * this script changes its attributes before React hydrates.
 */
export function ThemeScript({ nonce }: ThemeScriptProps) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeInitScript() }} />;
}
