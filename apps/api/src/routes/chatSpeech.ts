import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { OK, SPEECH_PATH, Slug } from "@storyloom/contract";
import { authenticate } from "../auth/session";
import type { AppContext } from "../context";
import { ApiError, unauthorized } from "../errors";
import { validationError } from "../http";
import { sentencesOf, speakSentence, speechSettings } from "../llm/speech";
import { spokenReply } from "../services/chatSpeech";
import { privateNoStore } from "../services/publicRead";
import { hitRateLimit } from "../services/rateLimit";

const SpeechInput = z.object({ story_id: Slug, message_id: z.string().regex(/^[1-9][0-9]{0,17}$/, "must be a message id") }).strict();

/**
 * Read aloud through the speech server (issue 45), outside the endpoint table because the answer is
 * audio: GET says whether a server is configured (the client uses the browser's voices when not),
 * POST reads one reply of the caller's own chat as audio/mpeg, each sentence asked of the server in
 * turn and streamed as it arrives. The first sentence is asked before answering, so a failing server
 * is a clear 502; a later failure cuts the stream short (the status was already sent).
 */
export function chatSpeechRoutes(app: FastifyInstance, ctx: AppContext): void {
  const settings = speechSettings(ctx.config);

  app.get(SPEECH_PATH, async () => ({ code: OK, message: "success", data: { available: settings !== null } }));

  app.post(SPEECH_PATH, async (req, reply) => {
    const user = await authenticate(ctx, req.headers.authorization);
    if (!user) throw unauthorized();
    const input = SpeechInput.safeParse(req.body ?? {});
    if (!input.success) throw validationError(input.error, "body");
    if (!settings) throw new ApiError("NOT_FOUND", "Read aloud has no speech server here (TTS_BASE_URL is not set): the browser reads replies itself");
    const userId = user.user.id;
    const spoken = await spokenReply(ctx.db, userId, input.data.story_id, input.data.message_id);
    const sentences = sentencesOf(spoken.text);
    if (sentences.length === 0) throw new ApiError("VALIDATION_ERROR", "This reply has no words to read aloud");
    // Each reading is a model call of its own, counted per player as the chat's are.
    const limit = ctx.config.LLM_RATE_PER_MINUTE;
    await hitRateLimit(ctx.db, `tts:user:${userId}`, limit, 60, `You can have ${limit} replies read aloud a minute; wait a moment`);

    const voice = spoken.voice || settings.voice;
    // The player leaving (stop, another reply) stops the sentences still to be asked.
    const gone = new AbortController();
    reply.raw.on("close", () => gone.abort());
    const first = await speakSentence(settings, sentences[0]!, voice, gone.signal);
    async function* audio(): AsyncGenerator<Uint8Array> {
      yield* first;
      for (const sentence of sentences.slice(1)) {
        if (gone.signal.aborted) return;
        yield* await speakSentence(settings!, sentence, voice, gone.signal);
      }
    }
    privateNoStore(reply);
    return reply.type("audio/mpeg").header("x-sentences", String(sentences.length)).send(Readable.from(audio()));
  });
}
