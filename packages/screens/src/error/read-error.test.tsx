import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorReference } from "./error-reference";
import { readError } from "./read-error";

// The reference a player quotes to support must survive Next's production build, where the error
// page receives only the thrown error's digest: the thrown error carries the API's request id as
// that digest. That Next keeps it (rather than hashing the error) is shown against the built site,
// through Next's public behaviour only, by tests/e2e/specs/error-reference.e2e.ts.

describe("a failed read's error page names the API's request id", () => {
  it("the thrown error carries the request id as its digest and in its message (the site's log)", () => {
    const e = readError("The story", { message: "HTTP error! status: 500", requestId: "3f9a0c2b7d1e4a65" });
    expect(e.digest).toBe("3f9a0c2b7d1e4a65");
    expect(e.message).toBe("The story could not be loaded: HTTP error! status: 500 (request 3f9a0c2b7d1e4a65)");
  });

  it("a read that failed without an answer (or with a junk id) sets no digest: Next makes its own", () => {
    for (const read of [{ message: "Network error" }, { message: "HTTP error! status: 502", requestId: "<b>not an id</b>" }]) {
      const e = readError("The character", read);
      expect(e.digest).toBeUndefined();
      expect(e.message).not.toContain("(request");
    }
  });

  it("the page shows 'Reference: <id>' as text one click selects, and nothing without a digest", () => {
    const html = renderToStaticMarkup(<ErrorReference digest="3f9a0c2b7d1e4a65" />);
    expect(html).toContain('Reference: <span class="select-all">3f9a0c2b7d1e4a65</span>');
    expect(renderToStaticMarkup(<ErrorReference />)).toBe("");
  });
});
