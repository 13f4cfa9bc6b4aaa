import type { Metadata } from "next";
import { StaffScreen } from "@storyloom/admin-screens/staff";

export const metadata: Metadata = { title: "Staff" };

/** The Staff screen (super admins). */
export default function Page() {
  return <StaffScreen />;
}
