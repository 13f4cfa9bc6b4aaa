import type { Metadata } from "next";
import { AuditScreen } from "@storyloom/admin-screens";

export const metadata: Metadata = { title: "Audit log" };

/** The audit log screen (its filters are in the URL). */
export default function Page() {
  return <AuditScreen />;
}
