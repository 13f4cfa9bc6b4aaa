"use client";
import { lazy, Suspense } from "react";
import { useSession, useStory } from "@storyloom/api-client/react";
import type { ChatVariant } from "../chat/chat-logic";
import { roomPropsOf } from "../chat/room-props";
import { GateFailure, GateLoading } from "./gate-parts";

// Every chat route imports this gate; only a mature story renders it. Its rooms load when it does,
// so the chat pages' first load carries only the room their route imports itself.
const ChatRoom = lazy(() => import("../chat/chat-room").then((m) => ({ default: m.ChatRoom })));
const NovelChatRoom = lazy(() => import("../chat/novel-room").then((m) => ({ default: m.NovelChatRoom })));

/**
 * The chat of a mature story: the story is read with the player's own session, and the room opens
 * for a player who confirmed their age; anyone else is told why (the API refuses their chat too).
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
  return (
    <Suspense fallback={<GateLoading what="the chat" />}>
      <Room key={`${variant}:${room.storyId}:${room.actorId ?? ""}`} {...room} />
    </Suspense>
  );
}
