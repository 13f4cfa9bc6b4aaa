/** The id of every page's main landmark; the skip link jumps here. */
export const MAIN_CONTENT_ID = "main-content";

/** "Skip to content" link: invisible until focused, so keyboard users can bypass the header. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-md bg-brand px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
