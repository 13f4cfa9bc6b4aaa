import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { serverRead } from "../catalogue/server-read";
import { readError } from "../error/read-error";
import { parseChatParams, type ChatVariant } from "./chat-logic";
import type { ChatRoom } from "./chat-room";
import { roomPropsOf } from "./room-props";
import { LazyGatedChat } from "../safety/gated-chat-lazy";

/** Route props of every chat variant: the catch-all `storyId[/actorId]`. */
export type ChatRouteProps = { params: Promise<{ params?: string[] }> };

/**
 * Chat pages are the same for every visitor (the player's own thread is read in the browser), so
 * like story pages they are rendered on their first visit, never at build, then served from the
 * full-route cache and rendered again in the background once the story read's 30 s have passed.
 */
export function generateStaticParams(): { params: string[] }[] {
  return [];
}

async function load(props: ChatRouteProps) {
  const target = parseChatParams((await props.params).params);
  if (!target) notFound();
  const story = await serverRead("storyGet", { id: target.storyId });
  if (!story.ok && story.notFound) notFound();
  if (story.ok && target.actorId && !story.data.story.actors_full.some((a) => a.id === target.actorId)) notFound();
  return { target, story };
}

/** "Chat · {story}" as the page title. Chats are personal, so nothing else is shared. */
export async function chatMetadata(props: ChatRouteProps): Promise<Metadata> {
  const { story } = await load(props);
  return { title: story.ok ? `Chat · ${story.data.story.title}` : story.ageGate ? "Chat · Mature story" : "Chat" };
}

/**
 * A chat route on the server: checks the story (and character) exist, so bad links get the
 * not-found page, and hands the story's title, cover, cast and public opening (the greeting and
 * the opening lines every thread starts with) to the client chat room, so the first bubbles paint
 * with the HTML. Without a character in the URL, the story's lead is spoken to (variant 3 plays
 * the story as a whole, greeted by its first character as the API starts it).
 */
export async function ChatPage({ variant, Room, ...props }: ChatRouteProps & { variant: ChatVariant; Room: typeof ChatRoom }) {
  const { target, story } = await load(props);
  // A mature story: every visitor gets the same gate page; the browser reads the story with the
  // player's own session and opens the room for a player who confirmed their age.
  if (!story.ok && story.ageGate) return <LazyGatedChat variant={variant} storyId={target.storyId} actorId={target.actorId} />;
  // A failed read is thrown, not rendered: a cached page must never be an error. The last good copy
  // keeps being served while a background render fails; without one, the route's error page offers a retry.
  if (!story.ok) throw readError("The story", story);
  const room = roomPropsOf(story.data.story, variant, target.actorId);
  return (
    <Room key={`${variant}:${room.storyId}:${room.actorId ?? ""}`} {...room} />
  );
}
