import type { Metadata } from "next";
import { PlayersScreen } from "@storyloom/admin-screens";

export const metadata: Metadata = { title: "Players" };

/** The players screen (its filters are in the URL). */
export default function Page() {
  return <PlayersScreen />;
}
