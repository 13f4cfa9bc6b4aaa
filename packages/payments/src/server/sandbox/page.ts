import type { FastifyReply } from "fastify";

// The sandbox's pay pages: plain HTML forms, no script, so they work under a strict CSP, with a
// keyboard, with a screen reader and on a phone.

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "$4.99" for 499 usd cents; other currencies as "4.99 EUR". */
export function formatAmount(cents: number, currency: string): string {
  const value = (cents / 100).toFixed(2);
  return currency.toLowerCase() === "usd" ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}

/**
 * Sends an HTML page with a CSP for it alone: the API's default forbids forms leaving this origin,
 * but Pay and Cancel end in redirects to the brand site, which form-action must allow.
 */
export function sendPage(reply: FastifyReply, status: number, html: string, redirectTargets: string[] = []): FastifyReply {
  const origins = [...new Set(redirectTargets.flatMap((u) => (URL.canParse(u) ? [new URL(u).origin] : [])))];
  return reply
    .status(status)
    .header("content-security-policy", `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origins.join(" ")}; frame-ancestors 'none'; base-uri 'none'`.replace(/ +;/g, ";"))
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(html);
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--fg:#14161a;--muted:#555b66;--accent:#4f46e5;--accent-fg:#fff;--line:#d9dce1}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#181b21;--fg:#eef0f3;--muted:#a3a9b4;--accent:#8b85ff;--accent-fg:#0f1115;--line:#2a2f38}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:16px}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--line);border-radius:16px;padding:24px}
.tag{display:inline-block;font-size:.8rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--muted);margin:0 0 8px}
h1{font-size:1.4rem;margin:0 0 16px}dl{margin:0 0 16px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:var(--muted)}dd{margin:0;text-align:right;font-weight:600}
.note{font-size:.9rem;color:var(--muted);border-left:3px solid var(--accent);padding-left:12px;margin:0 0 20px}
form{margin:0}.actions{display:grid;gap:12px}button{width:100%;min-height:48px;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;border:1px solid var(--line);background:transparent;color:var(--fg)}
label{font-size:.9rem;color:var(--muted)}input{min-height:44px;border-radius:10px;border:1px solid var(--line);background:transparent;color:var(--fg);font:inherit;padding:0 12px}input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
button.pay{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The pay page: what is bought, the amount, a test-mode note, and Pay / Cancel as two forms. */
export function checkoutPage(p: { provider: string; item: string; amount: number; currency: string; payAction: string; cancelAction: string; note: string }): string {
  const price = formatAmount(p.amount, p.currency);
  return layout(
    `Pay ${price} — ${p.provider} sandbox`,
    `<p class="tag">${escape(p.provider)} sandbox · test mode</p>
<h1>Complete your purchase</h1>
<dl><dt>Package</dt><dd>${escape(p.item)}</dd><dt>Amount</dt><dd>${escape(price)}</dd></dl>
<p class="note" role="note">${escape(p.note)}</p>
<div class="actions">
<form method="post" action="${escape(p.payAction)}"><input type="hidden" name="confirm" value="pay"><button class="pay" type="submit">Pay ${escape(price)}</button></form>
<form method="post" action="${escape(p.cancelAction)}"><input type="hidden" name="confirm" value="cancel"><button type="submit">Cancel</button></form>
</div>`,
  );
}

/** The page of a paid order: what was bought, what was refunded, and a Refund form for what is left. */
export function orderPage(p: { provider: string; item: string; amount: number; refunded: number; currency: string; refundAction: string; note: string }): string {
  const left = p.amount - p.refunded;
  const form =
    left > 0
      ? `<form method="post" action="${escape(p.refundAction)}" class="actions">
<label for="amount">Refund amount in dollars (empty: ${escape(formatAmount(left, p.currency))}, the rest)</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" placeholder="${escape((left / 100).toFixed(2))}">
<button type="submit">Refund</button></form>`
      : `<p role="status">Fully refunded.</p>`;
  return layout(
    `Order paid — ${p.provider} sandbox`,
    `<p class="tag">${escape(p.provider)} sandbox · test mode</p>
<h1>Order paid</h1>
<dl><dt>Package</dt><dd>${escape(p.item)}</dd><dt>Paid</dt><dd>${escape(formatAmount(p.amount, p.currency))}</dd><dt>Refunded</dt><dd>${escape(formatAmount(p.refunded, p.currency))}</dd></dl>
<p class="note" role="note">${escape(p.note)}</p>
${form}`,
  );
}

/** A page that explains an outcome (unknown session, refused notification). */
export function messagePage(title: string, text: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p>${escape(text)}</p>`);
}
