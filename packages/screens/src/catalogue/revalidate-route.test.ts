import { afterEach, describe, expect, it } from "vitest";
import { POST } from "./revalidate-route";

// The 204 path (the pages really dropped) runs in the built sites: tests/e2e/specs/revalidate.e2e.ts.
const call = (secret?: string) =>
  POST(new Request("http://site.test/api/revalidate", { method: "POST", headers: secret === undefined ? {} : { "x-revalidate-secret": secret } }));

describe("the revalidation endpoint", () => {
  const before = process.env.REVALIDATE_SECRET;
  afterEach(() => {
    if (before === undefined) delete process.env.REVALIDATE_SECRET;
    else process.env.REVALIDATE_SECRET = before;
  });

  it("does not exist on a site without a secret", async () => {
    delete process.env.REVALIDATE_SECRET;
    expect((await call("anything")).status).toBe(404);
  });

  it("refuses a missing, wrong, longer or shorter secret", async () => {
    process.env.REVALIDATE_SECRET = "the-site-secret-0123456789";
    for (const wrong of [undefined, "", "the-site-secret-012345678", "the-site-secret-01234567890", "THE-SITE-SECRET-0123456789"]) {
      expect((await call(wrong)).status).toBe(401);
    }
  });
});
