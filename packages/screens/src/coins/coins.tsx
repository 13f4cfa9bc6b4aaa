import type { Metadata } from "next";
import { connection } from "next/server";
import { PageFrame } from "../account/page-frame";
import { serverRead } from "../catalogue/server-read";
import { CoinsView } from "./coins-view";

/** Title of the coins page. */
export const metadata: Metadata = { title: "Coins" };

/**
 * /user/coins: balance, packages, the purchase dialog and the coin history. The packages are public
 * and the same for everyone, so they are read on the server and paint with the page; the balance and
 * history are personal and fill in on the client.
 */
export default async function CoinsScreen() {
  // Rendered per request (from the 30 s read cache), never at build time when no API may be running.
  await connection();
  const prices = await serverRead("priceList", {});
  return (
    <PageFrame title="Coins" lead="Coins unlock story replies and choices. Earn them every day or top up.">
      <CoinsView initialPrices={prices.ok ? prices.data : undefined} />
    </PageFrame>
  );
}
