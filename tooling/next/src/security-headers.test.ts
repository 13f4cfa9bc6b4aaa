import { describe, expect, it } from "vitest";
import { brandNextConfig } from "./next-config";
import { enforcedPolicy, parentOrigins, reportOnlyPolicy, securityHeaders } from "./security-headers";

/** A policy's directives by name. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
}

/** One header's value, by name. */
function header(headers: { key: string; value: string }[], key: string): string | undefined {
  return headers.find((h) => h.key.toLowerCase() === key.toLowerCase())?.value;
}

describe("security headers", () => {
  it("lets nobody frame the site when PARENT_ORIGINS is empty or unset", () => {
    expect(directives(enforcedPolicy({}))["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives(enforcedPolicy({ PARENT_ORIGINS: "" }))["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives(enforcedPolicy({ PARENT_ORIGINS: " * , null, javascript:alert(1), nonsense" }))["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("lets exactly the PARENT_ORIGINS pages frame the site, space-separated origins", () => {
    const policy = directives(enforcedPolicy({ PARENT_ORIGINS: "https://parent.example/pay?x=1, http://127.0.0.1:4702,*,https://parent.example" }));
    expect(policy["frame-ancestors"]).toEqual(["https://parent.example", "http://127.0.0.1:4702"]);
    expect(parentOrigins("https://a.example/path,https://b.example:8443")).toEqual(["https://a.example", "https://b.example:8443"]);
  });

  it("enforces base-uri, object-src and form-action, and nothing about scripts", () => {
    const policy = directives(enforcedPolicy({ PARENT_ORIGINS: "https://parent.example" }));
    expect(policy).toEqual({
      "frame-ancestors": ["https://parent.example"],
      "base-uri": ["'self'"],
      "object-src": ["'none'"],
      "form-action": ["'self'"],
    });
  });

  it("reports (without enforcing) scripts, connections, images, workers and frames from the configured hosts", () => {
    const policy = directives(
      reportOnlyPolicy({
        NEXT_PUBLIC_API_URL: "https://api.example/",
        NEXT_PUBLIC_META_PIXEL_SCRIPT_URL: "https://pixel.example/en_US/fbevents.js",
        NEXT_PUBLIC_POSTHOG_HOST: "https://eu.i.posthog.com",
      }),
    );
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["script-src"]).toEqual(["'self'", "https://js.stripe.com", "https://*.js.stripe.com", "https://pixel.example", "https://eu.i.posthog.com"]);
    expect(policy["connect-src"]).toEqual(expect.arrayContaining(["'self'", "https://api.example", "https://pixel.example", "https://eu.i.posthog.com", "https://api.stripe.com"]));
    expect(policy["img-src"]).toEqual(expect.arrayContaining(["'self'", "data:", "blob:", "https://api.example"]));
    expect(policy["worker-src"]).toEqual(["'self'", "blob:"]);
    expect(policy["frame-src"]).toEqual(expect.arrayContaining(["https://js.stripe.com"]));
  });

  it("falls back to the default API, pixel and PostHog addresses", () => {
    const policy = directives(reportOnlyPolicy({}));
    expect(policy["script-src"]).toEqual(expect.arrayContaining(["https://connect.facebook.net", "https://us.i.posthog.com"]));
    expect(policy["connect-src"]).toContain("http://127.0.0.1:4000");
  });

  it("sends the usual headers and never X-Frame-Options, which cannot name the parent pages", () => {
    for (const settings of [{}, { PARENT_ORIGINS: "https://parent.example" }]) {
      const headers = securityHeaders(settings);
      expect(header(headers, "X-Content-Type-Options")).toBe("nosniff");
      expect(header(headers, "Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(header(headers, "Permissions-Policy")).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\)/);
      expect(header(headers, "Permissions-Policy")).not.toMatch(/payment/);
      expect(header(headers, "X-Frame-Options")).toBeUndefined();
    }
  });

  it("is on every page of both brands, with the build's PARENT_ORIGINS", async () => {
    const before = process.env.PARENT_ORIGINS;
    try {
      process.env.PARENT_ORIGINS = "https://parent.example";
      for (const brand of ["storyloom", "playshot"] as const) {
        const [rule] = await brandNextConfig(brand).headers!();
        expect(rule!.source).toBe("/:path*");
        expect(directives(header(rule!.headers, "Content-Security-Policy")!)["frame-ancestors"]).toEqual(["https://parent.example"]);
        expect(header(rule!.headers, "Content-Security-Policy-Report-Only")).toMatch(/script-src 'self'/);
        expect(header(rule!.headers, "X-Robots-Tag")).toBe("noindex, nofollow");
      }
    } finally {
      if (before === undefined) delete process.env.PARENT_ORIGINS;
      else process.env.PARENT_ORIGINS = before;
    }
  });
});
