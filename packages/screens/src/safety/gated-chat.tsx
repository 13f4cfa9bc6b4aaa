"use client";
import { useSession, useStory } from "@storyloom/api-client/react";
import type { ChatVariant } from "../chat/chat-logic";
import { ChatRoom } from "../chat/chat-room";
import { NovelChatRoom } from "../chat/novel-room";
import { roomPropsOf } from "../chat/room-props";
import { GateFailure, GateLoading } from "./gate-parts";

/**
 * The chat of a mature story (loaded only then, through gated-chat-lazy.tsx): the story is read
 * with the player's own session, and the room opens for a player who confirmed their age; anyone
 * else is told why (the API refuses their chat too).
 */
export function GatedChat({ variant, storyId, actorId }: { variant: ChatVariant; storyId: string; actorId: string | null }) {
  const ready = useSession((s) => s.ready);
  const story = useStory(storyId, { enabled: ready, retry: (n, e) => e.status !== 403 && e.status !== 404 && n < 2 });
  if (!ready || story.isPending) return <GateLoading what="the chat" />;
  if (story.isError) return <GateFailure error={story.error} onRetry={() => void story.refetch()} retrying={story.isFetching} />;
  const s = story.data.story;
  if (actorId && !s.actors_full.some((a) => a.id === actorId)) return <GateFailure error={{ status: 404 }} onRetry={() => undefined} retrying={false} />;
  const room = roomPropsOf(s, variant, actorId);
  const Room = variant === "novel" ? NovelChatRoom : ChatRoom;
  return <Room key={`${variant}:${room.storyId}:${room.actorId ?? ""}`} {...room} />;
}
