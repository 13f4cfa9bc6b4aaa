import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCode, startTestApi, type TestApi } from "@storyloom/test-api";
import { createApiClient } from "./client";
import { memoryStorage } from "./storage";
import { uniqueEmail } from "./test-helpers";

// The payment token handoff: a browser context without the buyer's session confirms their order
// with the token the return URL carried (CallOptions.token), against the real API.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.stop());

describe("CallOptions.token", () => {
  it("sends the handed-off token instead of the session's, and only for that call", async () => {
    const buyer = createApiClient({ baseUrl: api.url, storage: memoryStorage() });
    await buyer.start();
    const email = uniqueEmail("handoff");
    expect((await buyer.sendCode({ email })).ok).toBe(true);
    expect((await buyer.loginWithCode({ email, code: await readCode(api, email) })).ok).toBe(true);
    const site = "http://localhost:3000";
    const created = await buyer.api.checkoutCreate({ price_id: "coins-100", success_url: `${site}/recharge-success`, cancel_url: `${site}/user/coins` });
    if (!created.ok) throw new Error(created.message);
    const token = buyer.session.paymentToken()!;

    // Another context: a fresh guest session.
    const frame = createApiClient({ baseUrl: api.url, storage: memoryStorage() });
    await frame.start();
    expect((await frame.api.orderGet({ id: created.data.session_id })).ok).toBe(false);
    const confirmed = await frame.call("orderGet", { id: created.data.session_id }, { token });
    expect(confirmed.ok && confirmed.data.order).toMatchObject({ id: created.data.order_id, status: "pending", coins: 100 });
    // The guest's own session is untouched.
    expect(frame.session.getSnapshot().userType).toBe("guest");
    const bad = await frame.call("orderGet", { id: created.data.session_id }, { token: "not-a-token" });
    expect(bad.ok).toBe(false);
  });
});
