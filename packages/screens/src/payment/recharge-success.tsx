import type { Metadata } from "next";
import { getBrand } from "../brand";
import { PageFrame } from "@storyloom/ui";
import { RechargeStatus } from "./recharge-status";
import { readRechargeParams } from "./recharge-state";

/** 'Payment Successful - {brand}' as the spec names this page (absolute: no title template). */
export const metadata: Metadata = { title: { absolute: `Payment Successful - ${getBrand().name}` } };

/** /recharge-success: where a payment provider returns the buyer; verifies the order before saying anything. */
export default async function RechargeSuccessScreen({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = readRechargeParams(await searchParams);
  return (
    <PageFrame width="sm" title="Your coin purchase">
      <RechargeStatus params={params} supportEmail={getBrand().supportEmail} />
    </PageFrame>
  );
}
