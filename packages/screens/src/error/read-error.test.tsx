import { renderToStaticMarkup } from "react-dom/server";
import { createHTMLErrorHandler, createReactServerErrorHandler } from "next/dist/server/app-render/create-error-handler";
import { describe, expect, it } from "vitest";
import { ErrorReference } from "./error-reference";
import { readError } from "./read-error";

// The reference a player quotes to support must survive Next's production build, where the error
// page receives only the thrown error's digest. Next's own error handlers (the ones its server
// render calls, in production mode) decide that digest: they are called here as the render would.

type Handler = (thrown: unknown) => string | undefined;
function nextDigestOf(thrown: Error): { rsc: string | undefined; html: string | undefined; logged: Error[] } {
  const logged: Error[] = [];
  const serverErrors = new Map<string, Error>();
  const rsc = (createReactServerErrorHandler as (...a: unknown[]) => Handler)(false, false, serverErrors, (err: Error) => logged.push(err));
  const html = (createHTMLErrorHandler as (...a: unknown[]) => Handler)(false, false, false, serverErrors, [], (err: Error) => logged.push(err));
  return { rsc: rsc(thrown), html: html(thrown), logged };
}

describe("a failed read's error page names the API's request id", () => {
  it("the thrown error carries the request id as its digest and in its message (the site's log)", () => {
    const e = readError("The story", { message: "HTTP error! status: 500", requestId: "3f9a0c2b7d1e4a65" });
    expect(e.digest).toBe("3f9a0c2b7d1e4a65");
    expect(e.message).toBe("The story could not be loaded: HTTP error! status: 500 (request 3f9a0c2b7d1e4a65)");
  });

  it("Next keeps that digest for the error page instead of hashing the error, and logs the error with it", () => {
    const { rsc, html, logged } = nextDigestOf(readError("The catalogue", { message: "HTTP error! status: 503", requestId: "0f8e2b5c9a7d4e1f8a6b3c2d1e0f9a8b" }));
    expect(rsc).toBe("0f8e2b5c9a7d4e1f8a6b3c2d1e0f9a8b");
    expect(html).toBe("0f8e2b5c9a7d4e1f8a6b3c2d1e0f9a8b");
    expect(logged[0]?.message).toContain("(request 0f8e2b5c9a7d4e1f8a6b3c2d1e0f9a8b)");
  });

  it("a read that failed without an answer (or with a junk id) keeps Next's own digest", () => {
    for (const read of [{ message: "Network error" }, { message: "HTTP error! status: 502", requestId: "<b>not an id</b>" }]) {
      const e = readError("The character", read);
      expect(e.digest).toBeUndefined();
      expect(e.message).not.toContain("(request");
      expect(nextDigestOf(e).rsc).toMatch(/^\d+$/);
    }
  });

  it("the page shows 'Reference: <id>' as text one click selects, and nothing without a digest", () => {
    const html = renderToStaticMarkup(<ErrorReference digest="3f9a0c2b7d1e4a65" />);
    expect(html).toContain('Reference: <span class="select-all">3f9a0c2b7d1e4a65</span>');
    expect(renderToStaticMarkup(<ErrorReference />)).toBe("");
  });
});
