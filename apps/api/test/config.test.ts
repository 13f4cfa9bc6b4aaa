import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { embeddedDefaults, loadConfig } from "../src/config";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call } from "./http";

// Unsafe defaults: a deployment that forgot NODE_ENV served every sign-in code at /dev/mail, free
// coins through the payment sandbox, and accepted the public default TOKEN_SECRET.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const apiDir = fileURLToPath(new URL("..", import.meta.url));

/** Every production setting, as a deployment gives them. */
const PRODUCTION = {
  NODE_ENV: "production",
  TOKEN_SECRET: "a-production-secret-for-this-test",
  DATABASE_URL: "postgres://app@db.internal:5432/storyloom",
  SMTP_URL: "smtps://user:pass@smtp.example.com:465",
  PUBLIC_API_URL: "https://api.storyloom.ai",
  CORS_ORIGINS: "https://storyloom.ai,https://playshot.ai",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PUBLISHABLE_KEY: "pk_live_x",
  ONLYPAY_MERCHANT_ID: "m-1",
  ONLYPAY_SECRET: "s-1",
  ONLYPAY_API_URL: "https://api.onlypay.example",
} as const;
const REQUIRED = Object.keys(PRODUCTION).filter((k) => k !== "NODE_ENV");

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    return (err as Error).message.split("\n").slice(1).map((l) => l.trim().split(":")[0]);
  }
};

describe("configuration defaults are safe", () => {
  it("a production start without settings is refused, naming each missing one", () => {
    expect(problemsOf({ NODE_ENV: "production" }).sort()).toEqual([...REQUIRED].sort());
    expect(problemsOf({ ...PRODUCTION })).toEqual([]);
    const { SMTP_URL: _smtp, TOKEN_SECRET: _secret, ...some } = PRODUCTION;
    expect(problemsOf(some).sort()).toEqual(["SMTP_URL", "TOKEN_SECRET"]);
  });
  it("staging may play the payment providers (PAYMENTS_SANDBOX) but never serve the dev mailbox", () => {
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY, ONLYPAY_MERCHANT_ID, ONLYPAY_SECRET, ONLYPAY_API_URL, ...staging } = PRODUCTION;
    void [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY, ONLYPAY_MERCHANT_ID, ONLYPAY_SECRET, ONLYPAY_API_URL];
    expect(problemsOf({ ...staging, PAYMENTS_SANDBOX: "true", SANDBOX_SECRET: "a-staging-sandbox-secret" })).toEqual([]);
    expect(problemsOf({ ...staging, PAYMENTS_SANDBOX: "true" })).toEqual(["SANDBOX_SECRET"]);
    expect(problemsOf({ ...PRODUCTION, DEV_MAILBOX: "true" })).toEqual(["DEV_MAILBOX"]);
  });
  it("without NODE_ENV the dev mailbox and the payment sandbox are off", () => {
    const config = loadConfig({});
    expect(config.DEV_MAILBOX).toBe(false);
    expect(config.PAYMENTS_SANDBOX).toBe(false);
  });
  it("refuses to listen beyond this machine with the default TOKEN_SECRET", () => {
    for (const HOST of ["0.0.0.0", "::", "10.1.2.3", "api.internal"]) expect(problemsOf({ HOST })).toEqual(["TOKEN_SECRET"]);
    for (const HOST of ["127.0.0.1", "localhost", "::1"]) expect(problemsOf({ HOST })).toEqual([]);
    expect(problemsOf({ HOST: "0.0.0.0", TOKEN_SECRET: "a-long-enough-own-secret" })).toEqual([]);
  });
  it("names the embedded defaults a configuration runs on", () => {
    const dev = embeddedDefaults(loadConfig({ DEV_MAILBOX: "true", PAYMENTS_SANDBOX: "true" })).join("\n");
    for (const word of ["PGlite", "TOKEN_SECRET", "dev mailbox", "Stripe", "Onlypay"]) expect(dev).toContain(word);
    expect(embeddedDefaults(loadConfig({ ...PRODUCTION }))).toEqual([]);
  });
});

describe("the API process refuses an unsafe start", () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: apiDir, env: { PATH: process.env.PATH, ...env }, encoding: "utf8", timeout: 60_000 });
  it("in production without settings: exit 1 and a message naming each missing one", () => {
    const r = start({ NODE_ENV: "production" });
    expect(r.status).toBe(1);
    for (const key of REQUIRED) expect(r.stderr).toContain(`${key}: must be set in production`);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  });
  it("on a public address with the default secret: exit 1 naming TOKEN_SECRET", () => {
    const r = start({ HOST: "0.0.0.0", PORT: "0" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("TOKEN_SECRET: must be set to listen on 0.0.0.0");
  });
});

describe(`switched off, the dev mailbox and the sandboxes do not exist (${engine})`, () => {
  let prod: RunningApi;
  let plain: RunningApi;
  beforeAll(async () => {
    // The test database is handed to the API directly; DATABASE_URL and the provider URLs only satisfy the check and are never called.
    const { NODE_ENV: _n, CORS_ORIGINS: _c, ...secrets } = PRODUCTION;
    [prod, plain] = await Promise.all([
      startTestApi({ ...secrets, NODE_ENV: "production", CORS_ORIGINS: PRODUCTION.CORS_ORIGINS.split(","), DEV_MAILBOX: false, PAYMENTS_SANDBOX: false }),
      startTestApi({ NODE_ENV: "development", DEV_MAILBOX: false, PAYMENTS_SANDBOX: false }),
    ]);
  });
  afterAll(() => Promise.all([prod?.stop(), plain?.stop()]));

  for (const which of ["production with every secret", "development without the switches"] as const) {
    it(`${which}: /dev/mail and the sandbox pages and APIs answer 404`, async () => {
      const api = which.startsWith("production") ? prod : plain;
      const mail = await call(api, "GET", "/dev/mail");
      expect([mail.status, mail.code, mail.message]).toEqual([404, "NOT_FOUND", "No such endpoint: GET /dev/mail"]);
      for (const path of ["/sandbox/checkout/cs_test_x", "/sandbox/onlypay/pay/1"]) {
        const r = await call(api, "GET", path);
        expect([r.status, r.message]).toEqual([404, `No such endpoint: GET ${path}`]);
      }
      for (const path of ["/sandbox/stripe/v1/checkout/sessions", "/sandbox/onlypay/v1/orders"]) {
        const r = await call(api, "POST", path, { body: {} });
        expect([r.status, r.message]).toEqual([404, `No such endpoint: POST ${path}`]);
      }
    });
  }
});
