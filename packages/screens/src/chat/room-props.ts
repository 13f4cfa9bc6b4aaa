// What a chat room is given about its story: the same on the server (chat-page.tsx) and in the
// browser (a mature story, read with the player's own session, see safety/gated-chat.tsx).
import type { StoryDetail } from "@storyloom/contract";
import { artUrl } from "../catalogue/art-url";
import { openingMessages, type ChatVariant } from "./chat-logic";
import type { ChatRoomProps } from "./chat-room";
import type { CastMember } from "./message-list";

/**
 * The room's props from the story: title, cover, cast and the public opening. Without a character
 * in the URL, the story's lead is spoken to (variant 3 plays the story as a whole).
 */
export function roomPropsOf(s: StoryDetail, variant: ChatVariant, urlActorId: string | null): Omit<ChatRoomProps, "Stage"> {
  const cast: Record<string, CastMember> = Object.fromEntries(s.actors_full.map((a) => [a.id, { name: a.name, avatarUrl: artUrl(a.avatar_url), tagline: a.tagline }]));
  const actorId = variant === "reasoning" ? urlActorId : (urlActorId ?? s.actors_full[0]?.id ?? null);
  const greeter = s.actors_full.find((a) => a.id === actorId) ?? s.actors_full[0];
  return { variant, storyId: s.id, storyTitle: s.title, coverUrl: s.cover_url, actorId, cast, opening: openingMessages(greeter, s.opening, s.created_at) };
}
