import type { Metadata } from "next";
import { getBrand } from "../brand";
import { PageFrame } from "@storyloom/ui";
import { SettingsView } from "./settings-view";

/** Title of the settings page. */
export const metadata: Metadata = { title: "Settings" };

/** /user/settings: theme, tracking opt-out, age, the player's data, logout, policies and support. */
export default function SettingsScreen() {
  return (
    <PageFrame title="Settings">
      <SettingsView supportEmail={getBrand().supportEmail} brandName={getBrand().name} />
    </PageFrame>
  );
}
