import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { CARD_EXPORT_PATH, CARD_IMPORT_PATH, CARD_LIMITS, DraftId, OK, STORY_LIMITS } from "@storyloom/contract";
import { authenticate } from "../auth/session";
import type { AppContext } from "../context";
import { unauthorized } from "../errors";
import { validationError } from "../http";
import { exportCard, importCard } from "../services/characterCards";
import { privateNoStore } from "../services/publicRead";
import { hitRateLimit } from "../services/rateLimit";
import { requireAuthor } from "../services/storyDrafts";

const ExportQuery = z
  .object({
    id: DraftId,
    character: z.coerce.number().int().min(0).max(STORY_LIMITS.characters - 1),
  })
  .strict();

/**
 * The character card calls (issue 45), outside the endpoint table because neither speaks JSON
 * envelopes both ways: the import's body is the card file (PNG or JSON, up to CARD_LIMITS.uploadBytes,
 * its own limit: every other call keeps the API's 256 KB), the export answers with a PNG. The
 * caller is checked before the body is read, so a stranger cannot make the API read 8 MB.
 */
export function characterCardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const authors = new WeakMap<FastifyRequest, number>();
  const author = async (req: FastifyRequest) => {
    const user = await authenticate(ctx, req.headers.authorization);
    if (!user) throw unauthorized();
    authors.set(req, requireAuthor(user));
  };

  void app.register(async (scope) => {
    // Any media type: the card is recognised by its bytes (PNG signature, else JSON).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: CARD_LIMITS.uploadBytes }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        return reply.status(413).send({ code: "PAYLOAD_TOO_LARGE", message: `A card file is at most ${CARD_LIMITS.uploadBytes / (1024 * 1024)} MB`, data: null });
      }
      throw err;
    });

    scope.post(CARD_IMPORT_PATH, { bodyLimit: CARD_LIMITS.uploadBytes, onRequest: author }, async (req) => {
      const userId = authors.get(req)!;
      // Counted with the editor's saves: an import is a draft written.
      const limit = ctx.config.DRAFT_SAVES_PER_USER_PER_MINUTE;
      await hitRateLimit(db, `draft-save:user:${userId}`, limit, 60, `You can save drafts ${limit} times a minute; wait a moment and import again`);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      return { code: OK, message: "success", data: await importCard(db, userId, body) };
    });

    scope.get(CARD_EXPORT_PATH, { onRequest: author }, async (req, reply) => {
      const query = ExportQuery.safeParse(req.query);
      if (!query.success) throw validationError(query.error, "query");
      const card = await exportCard(db, authors.get(req)!, query.data.id, query.data.character);
      privateNoStore(reply);
      // A brand site (another origin) reads the file name the download is saved under.
      if (reply.hasHeader("access-control-allow-origin")) reply.header("access-control-expose-headers", "x-request-id, content-disposition");
      return reply
        .type("image/png")
        .header("content-disposition", `attachment; filename="${card.fileName}"`)
        .send(card.png);
    });
  });
}
