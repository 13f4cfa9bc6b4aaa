import type { Metadata } from "next";
import { PlayerChatScreen } from "@storyloom/admin-screens";

export const metadata: Metadata = { title: "Chat" };

/** One chat of a player, read-only. */
export default async function Page({ params }: { params: Promise<{ id: string; storyId: string }> }) {
  const { id, storyId } = await params;
  return <PlayerChatScreen id={id} storyId={decodeURIComponent(storyId)} />;
}
