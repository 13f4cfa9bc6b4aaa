"use client";
import { ChatRoom, type ChatRoomProps } from "./chat-room";
import { NovelStage } from "./novel-stage";

/** The chat room of variant 4, on its visual-novel stage (the only route that loads the stage's code). */
export function NovelChatRoom(props: ChatRoomProps) {
  return <ChatRoom {...props} Stage={NovelStage} />;
}
