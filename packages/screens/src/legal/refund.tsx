import type { Metadata } from "next";
import { IntentLink as Link } from "../shell/intent-link";
import { getBrand } from "../brand";
import { LegalArticle, SupportMail } from "./legal-article";

/** Title and description of the Refund Policy page. */
export const metadata: Metadata = {
  title: "Refund Policy",
  description: `When purchases of ${getBrand().name} coins can be refunded and how to ask for a refund.`,
};

/** /refund: coins are non-refundable except where law requires; the request process and timelines. */
export default function RefundScreen() {
  const brand = getBrand();
  return (
    <LegalArticle
      title="Refund Policy"
      lead={
        <p>
          Coins on {brand.name} are virtual items delivered to your account the moment your payment is confirmed. For
          that reason purchases are final and non-refundable, except in the cases below or where the law of your
          country gives you a right to a refund.
        </p>
      }
    >
      <h2>When we refund</h2>
      <p>We will refund a coin purchase, in full, to the original payment method when:</p>
      <ul>
        <li>you were charged but the coins were never credited to your account and we cannot credit them;</li>
        <li>you were charged more than once for the same order (a duplicate charge);</li>
        <li>you were charged a price other than the one shown when you confirmed the purchase;</li>
        <li>a technical fault on our side made the purchased coins unusable and we cannot fix it within a reasonable time;</li>
        <li>your card or account was used without your permission and you report it promptly (see below);</li>
        <li>we discontinue the service, in which case we refund the purchased coins remaining in your account;</li>
        <li>the law that protects you as a consumer requires a refund in your case.</li>
      </ul>

      <h2>When we do not refund</h2>
      <ul>
        <li>coins that have already been spent, in whole or in part, on replies or content that were delivered;</li>
        <li>a change of mind after the coins were credited;</li>
        <li>coins obtained free of charge, through daily check-ins, daily tasks, invitations or promotions;</li>
        <li>accounts closed because of a serious breach of our <Link href="/terms">Terms of Service</Link>, to the extent the law allows.</li>
      </ul>
      <p>
        A reply that fails to generate is never charged, so there is nothing to refund: the coins stay in your
        balance.
      </p>

      <h2>How to request a refund</h2>
      <ol>
        <li>
          Write to <SupportMail subject="Refund request" /> from the e-mail address of your account, within 30 days of
          the charge.
        </li>
        <li>
          Include the order number (shown in your coins history and in the {brand.paymentProcessorName} receipt), the
          date and amount of the charge, and what went wrong.
        </li>
        <li>We acknowledge your request within 2 business days and may ask for more details.</li>
        <li>We decide within 7 business days of receiving everything we need, and tell you the outcome and the reason.</li>
        <li>
          An approved refund is sent to the original payment method within 5 business days of the decision. Your bank
          or card issuer may take a further 5 to 10 business days to show it. The refunded coins are removed from
          your balance.
        </li>
      </ol>

      <h2>Unauthorised charges</h2>
      <p>
        If you see a charge from {brand.name} you do not recognise, contact us at <SupportMail subject="Unauthorised charge" />{" "}
        before disputing it with your bank: we can usually stop further use and refund faster than a chargeback. Filing
        a chargeback for a charge you did authorise may lead to the account being suspended while it is reviewed.
      </p>

      <h2>Not satisfied?</h2>
      <p>
        If you disagree with a refund decision, you can ask for it to be reviewed under our{" "}
        <Link href="/complaints">complaints procedure</Link>. This policy does not affect your statutory rights.
      </p>
    </LegalArticle>
  );
}
