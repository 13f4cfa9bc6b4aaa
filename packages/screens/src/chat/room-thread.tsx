"use client";
import { useLayoutEffect, useState, type ReactNode } from "react";
import type { ChatVariant } from "./room-logic";
import { lazyModule } from "./lazy-part";
import type { ThreadDriverProps } from "./thread-driver";
import type { ChatThread } from "./use-chat-thread";

// The chat's conversation code (use-chat-thread.ts: reading, starting and playing the thread, the
// reply stream's state) runs only once the page is in the browser: the server renders the room with
// the story's public opening while the thread "loads", and so does hydration. So the code is not in
// the first load: it is fetched as the chat's own code runs (thread-driver.tsx, a few KiB, normally
// here by the time the page has hydrated), then the thread is read as before.

/** What a chat room reads of its thread (the fields of ChatThread it uses). */
export type RoomThread = Pick<
  ChatThread,
  | "status" | "messages" | "ended" | "choices" | "freeText" | "waiting" | "streaming" | "problem" | "dismissProblem"
  | "editable" | "regenerable" | "continuable" | "choose" | "say" | "edit" | "regenerate" | "continueReply" | "stop" | "select"
  | "fork" | "restart" | "retryHistory" | "preload"
>;

const nothing = () => undefined;
const refused = () => Promise.resolve(false);

/** The thread until its code is here: loading, nothing can be done yet (what the hook itself says at first). */
export const LOADING_THREAD: RoomThread = {
  status: "loading",
  messages: [],
  ended: false,
  choices: [],
  freeText: undefined,
  waiting: false,
  streaming: false,
  problem: null,
  dismissProblem: nothing,
  editable: null,
  regenerable: null,
  continuable: null,
  choose: nothing,
  say: refused,
  edit: refused,
  regenerate: nothing,
  continueReply: nothing,
  stop: nothing,
  select: nothing,
  fork: nothing,
  restart: nothing,
  retryHistory: nothing,
  preload: nothing,
};

const threadCode = lazyModule(() => import("./thread-driver"));
if (typeof window !== "undefined") threadCode.preload();

/** The thread's code could not be fetched: the room shows its error, and its "Try again" fetches it again. */
function DriverFailed({ onThread, retry }: ThreadDriverProps & { retry: () => void }) {
  useLayoutEffect(() => {
    onThread({
      ...LOADING_THREAD,
      status: "error",
      retryHistory: () => {
        onThread(LOADING_THREAD);
        retry();
      },
    });
  }, [onThread, retry]);
  return null;
}

const Driver = threadCode.part((m) => m.ThreadDriver, null, DriverFailed);

/**
 * The chat room's thread (see useChatThread), and the element that runs it: render `driver`
 * once, anywhere in the room. Until the thread's code is here the thread is loading.
 */
export function useRoomThread(variant: ChatVariant, storyId: string, actorId: string | null): { thread: RoomThread; driver: ReactNode } {
  const [thread, setThread] = useState<RoomThread>(LOADING_THREAD);
  return { thread, driver: <Driver variant={variant} storyId={storyId} actorId={actorId} onThread={setThread} /> };
}
