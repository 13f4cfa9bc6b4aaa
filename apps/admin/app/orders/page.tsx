import type { Metadata } from "next";
import { OrdersScreen } from "@storyloom/admin-screens";

export const metadata: Metadata = { title: "Orders" };

/** The orders screen (its filters are in the URL). */
export default function Page() {
  return <OrdersScreen />;
}
