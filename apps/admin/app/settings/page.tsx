import type { Metadata } from "next";
import { SettingsScreen } from "@storyloom/admin-screens/settings";

export const metadata: Metadata = { title: "Settings" };

/** The Settings screen (super admins). */
export default function Page() {
  return <SettingsScreen />;
}
