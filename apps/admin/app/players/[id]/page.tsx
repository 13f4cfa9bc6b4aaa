import type { Metadata } from "next";
import { PlayerScreen } from "@storyloom/admin-screens";

export const metadata: Metadata = { title: "Player" };

/** A player's page. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PlayerScreen id={id} />;
}
