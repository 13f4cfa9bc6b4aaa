"use client";
import { useEffect } from "react";
import { PurchaseDialog } from "@storyloom/ui/purchase-dialog";
import { IntentLink as Link } from "../shell/intent-link";
import { usePurchase } from "../coins/use-purchase";

/** Props of {@link ChatPurchase}. */
export interface ChatPurchaseProps {
  /** Bumped each time the dialog should open (a refused reply, the Buy coins button). */
  openCount: number;
  /** Where a guest returns after signing in to buy: this chat. */
  returnPath: string;
}

/**
 * The purchase dialog over the chat, as the coins page shows it. Loaded only when a reply is
 * refused for want of coins (or the player asks to buy), so the chat's first load never carries it.
 */
export default function ChatPurchase({ openCount, returnPath }: ChatPurchaseProps) {
  const purchase = usePurchase(returnPath);
  const { openDialog } = purchase;
  useEffect(() => {
    if (openCount > 0) openDialog();
    // openDialog changes with the price query; only a new request opens the dialog again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openCount]);
  return (
    <PurchaseDialog
      {...purchase.dialogProps}
      footnote={
        <>
          Coins are a virtual item with no cash value. See the{" "}
          <Link href="/refund" className="underline">
            refund policy
          </Link>
          .
        </>
      }
    />
  );
}
