// Staff actions of the e2e stack through the API: the run's API lists STAFF_EMAIL in ADMIN_EMAILS, so
// that address signs in (code from the dev mailbox) as role admin and may call /api/v1/admin/*.
import { test } from "@playwright/test";
import { readCode } from "@storyloom/test-api";
import { apiUrl } from "./env";

/**
 * The addresses the e2e API makes staff at sign-in (ADMIN_EMAILS in playwright.config.ts): one per
 * parallel worker, so two workers never wait on one address's code-resend pause.
 */
export const STAFF_EMAILS = Array.from({ length: 8 }, (_, i) => `e2e-staff-${i}@example.com`);
/**
 * Staff addresses the console spec signs in with through the console's own sign-in page, one per
 * test of console.e2e.ts (ADMIN_EMAILS lists them too): none of them ever meets another sign-in's
 * code-resend pause.
 */
export const CONSOLE_STAFF_EMAILS = Array.from({ length: 7 }, (_, i) => `e2e-console-${i}@example.com`);
/** This worker's staff address (called inside a test, where Playwright knows the worker's slot). */
const staffEmail = () => STAFF_EMAILS[test.info().parallelIndex % STAFF_EMAILS.length]!;

type Envelope<T> = { code: string; message: string; data: T };

async function call<T>(path: string, init: { method: "GET" | "POST"; token?: string; body?: unknown }): Promise<T> {
  const res = await fetch(`${apiUrl}/api/v1/${path}`, {
    method: init.method,
    headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== "0") throw new Error(`${path}: ${res.status} ${env.code} ${env.message}`);
  return env.data;
}

/** Asks for a sign-in code; a worker restarted after a failure may meet the address's resend pause and waits it out. */
async function sendCode(email: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call("verify-code.send", { method: "POST", body: { email } });
    } catch (err) {
      if (attempt >= 20 || !String(err).includes("RATE_LIMITED")) throw err;
      await new Promise((r) => setTimeout(r, 5_000));
    }
  }
}

/** Signs `email` in through the dev mailbox; answers the access token and the role it got. */
export async function apiSignIn(email: string): Promise<{ token: string; role: string }> {
  await sendCode(email);
  const code = await readCode({ url: apiUrl }, email, { timeoutMs: 15_000, intervalMs: 250 });
  const data = await call<{ auth: { access_token: string }; user: { role: string } }>("user.auth", { method: "POST", body: { email, code } });
  return { token: data.auth.access_token, role: data.user.role };
}

let staffToken: Promise<string> | null = null;

/** A staff access token (signed in once per worker through the dev mailbox). */
export function staffSignIn(): Promise<string> {
  staffToken ??= apiSignIn(staffEmail()).then(({ token, role }) => {
    if (role !== "admin" && role !== "super_admin") throw new Error(`the staff address signed in as ${role}: is ADMIN_EMAILS set?`);
    return token;
  });
  staffToken.catch(() => (staffToken = null));
  return staffToken;
}

type ReviewItem = { version_id: string; story_id: string; title: string };

/** The pending submission titled `title` (the review queue, newest pages included). */
async function pendingVersion(token: string, title: string): Promise<ReviewItem> {
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams({ state: "pending", limit: "100", ...(cursor ? { cursor } : {}) });
    const page: { items: ReviewItem[]; next_cursor: string | null } = await call(`admin/review.list?${q}`, { method: "GET", token });
    const found = page.items.find((i) => i.title === title);
    if (found) return found;
    cursor = page.next_cursor;
  } while (cursor);
  throw new Error(`no pending submission titled ${title}`);
}

/** Approves the pending submission titled `title` as staff (optionally with a rating); answers its story id. */
export async function approveAsStaff(title: string, rating?: "general" | "mature"): Promise<string> {
  const token = await staffSignIn();
  const item = await pendingVersion(token, title);
  await call("admin/review.decide", { method: "POST", token, body: { version_id: item.version_id, decision: "approve", ...(rating ? { rating } : {}) } });
  return item.story_id;
}

/** Rejects the pending submission titled `title` as staff, with the reason its author will read. */
export async function rejectAsStaff(title: string, reason: string): Promise<void> {
  const token = await staffSignIn();
  const item = await pendingVersion(token, title);
  await call("admin/review.decide", { method: "POST", token, body: { version_id: item.version_id, decision: "reject", reason } });
}

/** A small story that compiles and reaches an ending on every path, greeted by Wren. */
export const LAMP_ROOM_SCRIPT = `The lamp room hums.
# speaker: Wren
"Up to the light, or down to the cellar?"
* [Climb to the lamp] -> top
* [Go down to the cellar] -> cellar

== top ==
Stars, everywhere.
-> END

== cellar ==
Cold stone and the sound of water.
-> END
`;

/** Writes and publishes a story through the API as a fresh author; answers the publish's answer. */
async function publishAsAuthor(authorEmail: string, title: string, rating: "general" | "mature") {
  const { token } = await apiSignIn(authorEmail);
  const fields = {
    title,
    hook: "A keeper's daughter shows you the light.",
    category_id: "mystery",
    tags: ["sea"],
    characters: [{ name: "Wren", persona: "The keeper's daughter: dry humour, steady hands.", greeting: "You found the door. Most people walk past it." }],
    script: LAMP_ROOM_SCRIPT,
    rating,
  };
  const { draft } = await call<{ draft: { id: string } }>("story-draft.create", { method: "POST", token, body: fields });
  return call<{ story_id: string; draft: { review: { version_id: string; state: string } | null } }>("story-draft.publish", { method: "POST", token, body: { id: draft.id } });
}

/**
 * A story written and published through the API by a fresh author (`authorEmail`), then approved by
 * staff with `rating`: what a spec needs to start from a live story. Answers the story's id.
 */
export async function publishApprovedStory(authorEmail: string, title: string, rating: "general" | "mature"): Promise<string> {
  const published = await publishAsAuthor(authorEmail, title, rating);
  const review = published.draft.review;
  if (review?.state === "pending") {
    await call("admin/review.decide", { method: "POST", token: await staffSignIn(), body: { version_id: review.version_id, decision: "approve", rating } });
  }
  return published.story_id;
}

type ReportGroup = { target_kind: string; target_id: string; details: string[] };

/**
 * Resolves, as staff, the open report group whose details include `marker` (a spec writes a unique
 * one into its report): `delete_message` removes a reported message, and every reporter gets a notice.
 */
export async function resolveReportAsStaff(marker: string, action: "dismiss" | "hide" | "delete_message"): Promise<ReportGroup> {
  const token = await staffSignIn();
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams({ status: "open", limit: "100", ...(cursor ? { cursor } : {}) });
    const page: { groups: ReportGroup[]; next_cursor: string | null } = await call(`admin/report.list?${q}`, { method: "GET", token });
    const group = page.groups.find((g) => g.details.some((d) => d.includes(marker)));
    if (group) {
      await call("admin/report.resolve", { method: "POST", token, body: { target_kind: group.target_kind, target_id: group.target_id, action, reason: "An e2e check of the report flow." } });
      return group;
    }
    cursor = page.next_cursor;
  } while (cursor);
  throw new Error(`no open report with ${marker}`);
}

/** The newest account-deletion code mailed to `email`, from the API's dev mailbox (up to 15 s). */
export async function readDeletionCode(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${apiUrl}/dev/mail?to=${encodeURIComponent(email)}`);
    const mail = ((await res.json()) as { data: { mail: { id: number; subject: string; text: string }[] } }).data.mail;
    const newest = mail.filter((m) => /deletion code/i.test(m.subject)).sort((a, b) => b.id - a.id)[0];
    const code = newest && /\b(\d{6})\b/.exec(newest.text)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no deletion code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A story written and published through the API by a fresh author (`authorEmail`), left waiting in
 * the review queue (the e2e API reviews every story). Answers its story id.
 */
export async function publishPendingStory(authorEmail: string, title: string): Promise<string> {
  const published = await publishAsAuthor(authorEmail, title, "general");
  if (published.draft.review?.state !== "pending") throw new Error(`${title} is not waiting for review: is STORY_REVIEW manual?`);
  return published.story_id;
}

/** Reports a target as a fresh signed-in player (`email`), with `details` (a spec's unique marker). */
export async function reportAsPlayer(email: string, target: { kind: "story" | "character" | "message"; id: string }, details: string): Promise<void> {
  const { token } = await apiSignIn(email);
  await call("report.create", { method: "POST", token, body: { target_kind: target.kind, target_id: target.id, reason: "spam", details } });
}

/** The coins of the player whose access token is `token` (whoami). */
export async function playerCoins(token: string): Promise<number> {
  return (await call<{ user: { coins: number } }>("user.whoami", { method: "GET", token })).user.coins;
}

/**
 * Super admins of the console's settings spec (SUPER_ADMIN_EMAILS in playwright.config.ts), one per
 * test of console-settings.e2e.ts, so no sign-in meets another's code-resend pause.
 */
export const CONSOLE_SUPER_EMAILS = ["e2e-console-super-0@example.com", "e2e-console-super-1@example.com"] as const;

/**
 * Staff of the console's orders spec (ADMIN_EMAILS in playwright.config.ts), one per test of
 * console-orders.e2e.ts, so no sign-in meets another's code-resend pause.
 */
export const CONSOLE_ORDERS_STAFF_EMAILS = ["e2e-console-orders-0@example.com", "e2e-console-orders-1@example.com"] as const;

/**
 * A player who bought 300 coins ($4.99) in the Stripe sandbox through the API, as the shop does:
 * checkout.create, then the sandbox page's Pay (the sandbox sends the signed webhook that credits
 * them). Answers the player's token and the order id.
 */
export async function buyCoinsInSandbox(email: string, siteUrl: string): Promise<{ token: string; orderId: string }> {
  const { token } = await apiSignIn(email);
  const r = await call<{ url: string; order_id: string }>("checkout.create", {
    method: "POST",
    token,
    body: { price_id: "coins-300", success_url: `${siteUrl}/recharge-success?provider=stripe&session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${siteUrl}/user/coins` },
  });
  const paid = await fetch(`${r.url}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "confirm=pay", redirect: "manual" });
  if (paid.status !== 303) throw new Error(`the sandbox did not take the payment: HTTP ${paid.status}`);
  return { token, orderId: r.order_id };
}
