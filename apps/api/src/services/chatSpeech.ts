import { sql } from "drizzle-orm";
import { SPEECH_LIMITS, type DraftCharacter } from "@storyloom/contract";
import { rowsOf, type Db } from "@storyloom/db";
import { ApiError, notFound } from "../errors";

/** A reply to read aloud: its text and the voice of the character who said it ("" = the server's default). */
export interface SpokenReply {
  text: string;
  voice: string;
}

/**
 * A reply of the caller's own chat of `storyId`, with its speaker's voice: the one the author set on
 * the character in the story's approved version (characters are matched by name, as publishing
 * copies them). NOT_FOUND for anyone else's message, the player's own lines, a removed or unfinished
 * reply; VALIDATION_ERROR for a reply longer than SPEECH_LIMITS.textChars.
 */
export async function spokenReply(db: Db, userId: number, storyId: string, messageId: string): Promise<SpokenReply> {
  const [row] = rowsOf<{ content: string; name: string | null; cast: DraftCharacter[] | null }>(
    await db.execute(sql`
      select m.content, a.name,
        (select v.characters from story_versions v where v.story_id = m.story_id and v.state = 'approved' order by v.id desc limit 1) as cast
      from chat_messages m left join actors a on a.id = m.actor_id
      where m.id = ${Number(messageId)} and m.user_id = ${userId} and m.story_id = ${storyId}
        and m.role <> 'user' and m.removed_at is null and not m.pending`),
  );
  if (!row || !row.content.trim()) throw notFound(`No reply ${messageId} to read aloud in this chat`);
  if (row.content.length > SPEECH_LIMITS.textChars) {
    throw new ApiError("VALIDATION_ERROR", `This reply is longer than ${SPEECH_LIMITS.textChars} characters: too long to read aloud`);
  }
  const voice = row.name ? (row.cast ?? []).find((c) => c.name === row.name)?.voice : undefined;
  return { text: row.content, voice: voice ?? "" };
}
