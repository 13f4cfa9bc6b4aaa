import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RefreshError } from "../catalogue/refresh-error";
import { serverRead } from "../catalogue/server-read";
import { parseChatParams, type ChatVariant } from "./chat-logic";
import { ChatRoom } from "./chat-room";
import type { CastMember } from "./message-list";
import { artUrl } from "../catalogue/art-url";

/** Route props of every chat variant: the catch-all `storyId[/actorId]`. */
export type ChatRouteProps = { params: Promise<{ params?: string[] }> };

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
  return { title: story.ok ? `Chat · ${story.data.story.title}` : "Chat" };
}

/**
 * A chat route on the server: checks the story (and character) exist, so bad links get the
 * not-found page, and hands the story's title, cover and cast to the client chat room. Without a
 * character in the URL, the story's lead is spoken to (variant 3 plays the story as a whole).
 */
export async function ChatPage({ variant, ...props }: ChatRouteProps & { variant: ChatVariant }) {
  const { target, story } = await load(props);
  if (!story.ok) return <RefreshError message="This story could not be loaded. Check your connection and try again." />;
  const s = story.data.story;
  const cast: Record<string, CastMember> = Object.fromEntries(s.actors_full.map((a) => [a.id, { name: a.name, avatarUrl: artUrl(a.avatar_url) }]));
  const actorId = variant === "reasoning" ? target.actorId : (target.actorId ?? s.actors_full[0]?.id ?? null);
  return <ChatRoom key={`${variant}:${s.id}:${actorId ?? ""}`} variant={variant} storyId={s.id} storyTitle={s.title} coverUrl={s.cover_url} actorId={actorId} cast={cast} />;
}
