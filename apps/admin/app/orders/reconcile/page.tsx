import type { Metadata } from "next";
import { ReconcileScreen } from "@storyloom/admin-screens";

export const metadata: Metadata = { title: "Reconciliation" };

/** The reconciliation screen (the period is in the URL). */
export default function Page() {
  return <ReconcileScreen />;
}
