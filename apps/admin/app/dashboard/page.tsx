import type { Metadata } from "next";
import { DashboardScreen } from "@storyloom/admin-screens/dashboard";

export const metadata: Metadata = { title: "Dashboard" };

/** The dashboard screen (its range and brand are in the URL). */
export default function Page() {
  return <DashboardScreen />;
}
