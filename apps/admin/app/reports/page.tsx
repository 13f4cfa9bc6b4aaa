import type { Metadata } from "next";
import { ReportsScreen } from "@storyloom/admin-screens";

export const metadata: Metadata = { title: "Reports" };

/** The reports screen (its filters are in the URL). */
export default function Page() {
  return <ReportsScreen />;
}
