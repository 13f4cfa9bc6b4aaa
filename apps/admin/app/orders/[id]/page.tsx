import type { Metadata } from "next";
import { OrderScreen } from "@storyloom/admin-screens";

export const metadata: Metadata = { title: "Order" };

/** An order's page: events, ledger, refund. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OrderScreen id={id} />;
}
