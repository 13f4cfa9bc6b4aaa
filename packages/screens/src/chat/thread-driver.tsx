"use client";
import { memo, useLayoutEffect } from "react";
import type { ChatVariant } from "./room-logic";
import type { RoomThread } from "./room-thread";
import { useChatThread } from "./use-chat-thread";

/** Props of {@link ThreadDriver}. */
export interface ThreadDriverProps {
  variant: ChatVariant;
  storyId: string;
  actorId: string | null;
  /** Given the thread after each of its changes, before the browser paints (stable: a state setter). */
  onThread: (thread: RoomThread) => void;
}

/**
 * Runs {@link useChatThread} for a chat room that renders elsewhere (see room-thread.tsx): renders
 * nothing, and hands each new state of the thread up in a layout effect, so the room shows it in
 * the same paint. Memoized: the room's own renders do not run the hook again.
 */
export const ThreadDriver = memo(function ThreadDriver({ variant, storyId, actorId, onThread }: ThreadDriverProps) {
  const thread = useChatThread(variant, storyId, actorId);
  useLayoutEffect(() => onThread(thread));
  return null;
});
