import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageFrame } from "@storyloom/ui";
import { serverRead } from "../catalogue/server-read";
import { CoinsView } from "./coins-view";

/** Title of the coins page. */
export const metadata: Metadata = { title: "Coins" };

/** The route is `/user/coins/[[...rest]]`, so that it is cached without a build-time render (below). */
type Props = { params: Promise<{ rest?: string[] }> };

/**
 * Nothing is rendered at build (no API may be running then): the page is rendered on its first visit
 * and then served from the full-route cache, rendered again in the background once the price
 * list's 30 s have passed. It holds nothing personal: the balance and history load on the client.
 */
export function generateStaticParams(): { rest?: string[] }[] {
  return [];
}

/**
 * /user/coins: balance, packages, the purchase dialog and the coin history. The packages are public
 * and the same for everyone, so they are read on the server and paint with the page; the balance and
 * history are personal and fill in on the client. If the price list can't be read, the page is still
 * whole: the packages then load on the client (with their own loading and error states).
 */
export default async function CoinsScreen({ params }: Props) {
  // Only /user/coins itself: /user/coins/<anything> is not a page.
  if ((await params).rest) notFound();
  const prices = await serverRead("priceList", {});
  return (
    <PageFrame title="Coins" lead="Coins unlock story replies and choices. Earn them every day or top up.">
      <CoinsView initialPrices={prices.ok ? prices.data : undefined} />
    </PageFrame>
  );
}
