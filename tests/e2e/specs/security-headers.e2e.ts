// The brand sites' security headers, both brands: every kind of page carries them (the cached
// catalogue, a static page, a not-found page, a script), an allowed parent page (PARENT_ORIGINS, the
// stack builds the sites with support/parent-pages.ts's first port) frames the site, and a page of
// another origin cannot.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { foreignParentPort, parentPort } from "../support/env";
import { anyViewport } from "../support/checks";

const allowedParent = `http://127.0.0.1:${parentPort}`;
const foreignParent = `http://127.0.0.1:${foreignParentPort}`;

test.describe("the suite's CSP check", anyViewport, () => {
  test("records a violation of an enforced policy, and none of a report-only one", async ({ page, cspViolations }) => {
    await page.route(`${allowedParent}/csp-probe`, (route) =>
      route.fulfill({
        contentType: "text/html",
        headers: { "content-security-policy": "img-src 'none'", "content-security-policy-report-only": "script-src 'none'" },
        body: `<!doctype html><title>Probe</title><script>document.title = "ran"</script><img alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`,
      }),
    );
    await page.goto(`${allowedParent}/csp-probe`);
    await expect(page).toHaveTitle("ran");
    await expect.poll(() => cspViolations.some((v) => v.includes("img-src blocked data"))).toBe(true);
    expect(cspViolations.filter((v) => v.includes("script-src"))).toEqual([]);
    // Recorded as it should be; the fixture would fail this test with it.
    cspViolations.length = 0;
  });
});

for (const brand of brandSites) {
  test.describe(`${brand.name} security headers`, anyViewport, () => {
    test("every kind of page carries the enforced policy, the report-only script policy and the usual headers", async ({ request }) => {
      for (const path of ["/", "/?sort=new", "/terms", "/no-such-page"]) {
        const response = await request.get(`${brand.baseURL}${path}`, { maxRedirects: 0 });
        const headers = response.headers();
        expect(headers["content-security-policy"], path).toBe(`frame-ancestors ${allowedParent}; base-uri 'self'; object-src 'none'; form-action 'self'`);
        expect(headers["content-security-policy-report-only"], path).toMatch(/^default-src 'self'; script-src 'self' https:\/\/js\.stripe\.com /);
        expect(headers["content-security-policy-report-only"], path).toContain("worker-src 'self' blob:");
        expect(headers["x-content-type-options"], path).toBe("nosniff");
        expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
        expect(headers["permissions-policy"], path).toContain("camera=(), microphone=(), geolocation=()");
        expect(headers["x-frame-options"], path).toBeUndefined();
      }
    });

    test("a PARENT_ORIGINS page frames the site", async ({ page }) => {
      await page.goto(`${allowedParent}/?src=${encodeURIComponent(`${brand.baseURL}/terms`)}`);
      await expect(page.frameLocator("#site").getByRole("heading", { name: "Terms of Service" })).toBeVisible();
    });

    test("a page of another origin cannot frame the site", async ({ page, cspViolations }) => {
      await page.goto(`${foreignParent}/?src=${encodeURIComponent(`${brand.baseURL}/terms`)}`);
      // Chromium logs the refusal (frame-ancestors) in the parent and shows its error page in the frame.
      await expect.poll(() => cspViolations.filter((v) => v.includes(`Framing '${brand.baseURL}/'`) && v.includes("frame-ancestors")).length).toBe(1);
      await expect(page.frameLocator("#site").getByRole("heading", { name: "Terms of Service" })).toHaveCount(0);
      // The refusal is what this test wants; the fixture fails on any other enforced violation.
      cspViolations.splice(0, cspViolations.length, ...cspViolations.filter((v) => !v.includes("frame-ancestors")));
    });
  });
}
