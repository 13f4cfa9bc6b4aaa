"use client";
import { Button } from "../primitives/button";

function goBack(homeHref: string) {
  // A visitor who landed straight on the error page has nothing to go back to.
  if (window.history.length > 1) window.history.back();
  else window.location.assign(homeHref);
}

/**
 * The error page's two buttons, its only part that runs in the browser: the page itself renders on
 * the server too (the not-found screen ships no error page code).
 */
export function ErrorActions({ homeHref, onGoBack, onReload }: { homeHref: string; onGoBack?: () => void; onReload?: () => void }) {
  return (
    <>
      <Button variant="secondary" onClick={onGoBack ?? (() => goBack(homeHref))}>
        Go Back
      </Button>
      <Button variant="secondary" onClick={onReload ?? (() => window.location.reload())}>
        Reload
      </Button>
    </>
  );
}
