import type { Metadata } from "next";
import { PageFrame } from "../account/page-frame";
import { CoinsView } from "./coins-view";

/** Title of the coins page. */
export const metadata: Metadata = { title: "Coins" };

/** /user/coins: balance, packages, the purchase dialog and the coin history. */
export default function CoinsScreen() {
  return (
    <PageFrame title="Coins" lead="Coins unlock story replies and choices. Earn them every day or top up.">
      <CoinsView />
    </PageFrame>
  );
}
