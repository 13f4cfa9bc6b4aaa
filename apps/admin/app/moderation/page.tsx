import type { Metadata } from "next";
import { ModerationScreen } from "@storyloom/admin-screens";

export const metadata: Metadata = { title: "Moderation" };

/** The moderation screen (its filters are in the URL). */
export default function Page() {
  return <ModerationScreen />;
}
