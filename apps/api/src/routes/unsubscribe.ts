import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../context";
import { cancelByToken, escapeHtml, findByToken, UNSUBSCRIBE_PATH, unsubscribePage } from "../services/subscriptions";

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

const html = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .status(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex")
    .send(unsubscribePage(title, body));

/**
 * The unsubscribe link of subscription mails, usable without logging in. GET shows a page with a
 * confirm button (a link scanner that prefetches GET must not unsubscribe anyone); POST, from that
 * button or from a mail client's RFC 8058 one-click, cancels. Both are idempotent.
 */
export function unsubscribeRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Scoped so the form parser exists only here; the rest of the API stays JSON-only.
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === "string" ? body : body.toString("utf8"))));
    });

    const tokenOf = (query: unknown, body: unknown): string | null => {
      const q = (query ?? {}) as Record<string, unknown>;
      const b = (body ?? {}) as Record<string, unknown>;
      const t = typeof q.token === "string" ? q.token : typeof b.token === "string" ? b.token : null;
      return t && TOKEN.test(t) ? t : null;
    };
    const unknown = (reply: FastifyReply) =>
      html(reply, 404, "Link not valid", "<h1>This link is not valid</h1><p>It may have been copied incompletely. You can manage subscriptions from the story page.</p>");

    scope.get(UNSUBSCRIBE_PATH, async (req, reply) => {
      const token = tokenOf(req.query, null);
      const sub = token ? await findByToken(ctx.db, token) : null;
      if (!token || !sub) return unknown(reply);
      if (sub.cancelled) return html(reply, 200, "Unsubscribed", `<h1>You're unsubscribed</h1><p>${escapeHtml(sub.email)} gets no more mail about “${escapeHtml(sub.title)}”.</p>`);
      return html(
        reply,
        200,
        "Unsubscribe",
        `<h1>Unsubscribe?</h1><p>Stop mails about “${escapeHtml(sub.title)}” to ${escapeHtml(sub.email)}.</p><form method="post" action="${UNSUBSCRIBE_PATH}?token=${token}"><button type="submit">Unsubscribe</button></form>`,
      );
    });

    scope.post(UNSUBSCRIBE_PATH, async (req, reply) => {
      const token = tokenOf(req.query, req.body);
      const sub = token ? await findByToken(ctx.db, token) : null;
      if (!token || !sub) return unknown(reply);
      await cancelByToken(ctx.db, token);
      return html(reply, 200, "Unsubscribed", `<h1>You're unsubscribed</h1><p>${escapeHtml(sub.email)} gets no more mail about “${escapeHtml(sub.title)}”.</p>`);
    });
  });
}
