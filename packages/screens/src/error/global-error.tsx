"use client";
import { brandContact } from "../brand/contact";

// The last resort when the root layout itself fails: no stylesheet, providers or fonts can be
// counted on, so the page carries its own few styles (dark, like the site's default theme).
const css = `
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;background:#0f0d16;color:#f4f2fb;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;padding:2.5rem 1.25rem;text-align:center}
h1{font-size:1.75rem;margin:0 0 .5rem}
p{color:#b7b3c9;margin:0 0 1.5rem}
.actions{display:flex;gap:.5rem;justify-content:center;flex-wrap:wrap}
a,button{font:inherit;font-weight:600;min-height:2.75rem;padding:0 1rem;border-radius:.75rem;display:inline-flex;align-items:center;cursor:pointer;text-decoration:none}
button{background:#7c3aed;color:#fff;border:0}
a{color:#f4f2fb;border:1px solid #3a3550}
:focus-visible{outline:2px solid #a78bfa;outline-offset:2px}
.support{margin-top:1.5rem;font-size:.875rem}
.support a{display:inline;border:0;padding:0;min-height:0;text-decoration:underline}
.ref{font-family:ui-monospace,monospace;user-select:all}
`;

/** Next.js `global-error.tsx`: a self-contained 'Something Went Wrong' page with Reload and Go Home. */
export default function GlobalError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  const brand = brandContact();
  return (
    <html lang="en">
      <head>
        <title>{`Something Went Wrong - ${brand.name}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <style>{css}</style>
      </head>
      <body>
        <main>
          <h1>Something Went Wrong</h1>
          <p>The page could not be shown. Reloading usually fixes it.</p>
          <div className="actions">
            {/* A full reload: the root layout failed, so re-rendering the boundary alone would not help. */}
            <button type="button" onClick={() => window.location.reload()}>
              Reload
            </button>
            <a href="/">Go Home</a>
          </div>
          <p className="support">
            Still stuck? <a href={`mailto:${brand.supportEmail}?subject=${encodeURIComponent("Something Went Wrong")}`}>Contact support</a>
            {error.digest ? (
              <>
                {" "}and mention reference <span className="ref">{error.digest}</span>.
              </>
            ) : (
              "."
            )}
          </p>
        </main>
      </body>
    </html>
  );
}
