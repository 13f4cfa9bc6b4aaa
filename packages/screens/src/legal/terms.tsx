import type { Metadata } from "next";
import { IntentLink as Link } from "../shell/intent-link";
import { getBrand } from "../brand";
import { LegalArticle, SupportMail } from "./legal-article";

/** Title and description of the Terms of Service page. */
export const metadata: Metadata = {
  title: "Terms of Service",
  description: `The terms that govern your use of ${getBrand().name}, its AI stories and its virtual coins.`,
};

/** /terms: the contract between the user and the operator, including the coin rules. */
export default function TermsScreen() {
  const brand = getBrand();
  return (
    <LegalArticle
      title="Terms of Service"
      lead={
        <p>
          These terms are a contract between you and {brand.company}, the operator of {brand.name} ({brand.domain}).
          By opening a story, creating an account or buying coins you accept them. If you do not agree, please do not
          use the service.
        </p>
      }
    >
      <h2>1. Who may use {brand.name}</h2>
      <p>
        You must be at least 18 years old, or the age of majority where you live if that is higher, and legally able
        to enter into this contract. You may not use the service where it is prohibited by law. Stories rated Mature
        (18+) additionally open only for signed-in players who have confirmed in <Link href="/user/settings">Settings</Link>{" "}
        that they are 18 or older; guests never see them. We may close accounts that we reasonably believe belong to
        minors.
      </p>

      <h2>2. Accounts</h2>
      <p>
        When you first visit, we create an anonymous guest account on your device so you can start playing at once.
        Guests cannot buy coins. You can turn a guest account into a full account by signing in with a one-time code
        sent to your e-mail address; your progress and coins carry over. You are responsible for keeping access to
        your e-mail account secure and for everything done through your account. Tell us immediately at{" "}
        <SupportMail /> if you think someone else has used it.
      </p>

      <h2>3. The service</h2>
      <p>
        {brand.name} offers interactive stories and conversations with AI-generated fictional characters. Replies are
        generated automatically by AI models and may be inaccurate or unexpected. They are entertainment, not advice,
        and do not represent the views of {brand.company}. We continually change the service: we may add, change or
        remove stories, characters and features, and we may suspend the service for maintenance.
      </p>

      <h2>4. Coins</h2>
      <ul>
        <li>
          Coins are a virtual item that gives you a limited, personal, non-transferable, revocable licence to use
          certain features of the service, such as AI character replies and premium content. Coins are not money, have
          no cash value, do not earn interest and cannot be exchanged for cash, sold, transferred between accounts or
          redeemed outside the service.
        </li>
        <li>
          You obtain coins by buying a coin package at the price shown before you pay, or free of charge through daily
          check-ins, daily tasks and promotions. Prices are in US dollars and include any taxes we are required to
          collect unless stated otherwise.
        </li>
        <li>
          Payments are processed by our payment partner {brand.paymentProcessorName}; we never see or store your full
          card details. Coins are credited to your account as soon as the payment is confirmed, usually within seconds.
          If coins do not arrive within 30 minutes, contact <SupportMail subject="Missing coins" /> with your order
          number.
        </li>
        <li>
          Coins are spent at the rates shown in the service, which we may change with notice. Coins you have spent
          cannot be restored, except where a reply failed to generate: a failed reply is not charged.
        </li>
        <li>
          Purchased coins do not expire while your account is open. Free coins may carry an expiry date that we show
          when you receive them.
        </li>
        <li>
          Because coins are delivered immediately, you agree that the supply of digital content begins at once and you
          acknowledge that you lose any statutory right of withdrawal once the coins are credited, to the extent the
          law allows. Refunds are handled under our <Link href="/refund">Refund Policy</Link>.
        </li>
      </ul>

      <h2>5. What you may not do</h2>
      <p>You agree not to use the service to:</p>
      <ul>
        <li>create, request or share content involving minors in any sexual or suggestive context, or depicting real, identifiable people in sexual, defamatory or harmful situations;</li>
        <li>promote violence, terrorism, self-harm, hate or harassment against people or groups;</li>
        <li>break the law, infringe anyone&apos;s intellectual property or privacy, or impersonate anyone;</li>
        <li>probe, scrape, overload, reverse-engineer or circumvent the security or limits of the service, or automate access to it;</li>
        <li>exploit bugs to obtain coins or rewards, use payment methods you are not authorised to use, or file unjustified chargebacks.</li>
      </ul>
      <p>
        We may remove content, withhold rewards obtained through abuse, and suspend or close accounts that break these
        rules. Where we close an account for a serious breach, unused coins are forfeited to the extent the law allows.
      </p>

      <h2>6. Your content</h2>
      <p>
        You keep the rights to the text you write. You give us a worldwide, non-exclusive, royalty-free licence to
        host, process and display it so we can run the service, including generating character replies. We do not
        sell your conversations. See our <Link href="/privacy">Privacy Policy</Link>.
      </p>
      <p>
        Stories you publish with the story editor are reviewed by our staff before they appear in the catalogue (an
        automated check may help them), and so is every new version of a published story; until it is approved the
        earlier approved version keeps playing. You rate your story General or Mature (18+); we may change the rating.
        If we reject a story, &quot;My stories&quot; shows you why, and you can fix it and submit it again. Players can
        report any story, character or message in the app; we may hide or remove content while we look at a report,
        and a player whose report we acted on is told in the app. The create-story reward is paid when a story is
        approved.
      </p>

      <h2>7. Our content</h2>
      <p>
        The stories, characters, artwork, software and brand of {brand.name} belong to {brand.company} or its
        licensors. You may use them only within the service for your personal, non-commercial entertainment.
      </p>

      <h2>8. Disclaimers and liability</h2>
      <p>
        The service is provided &quot;as is&quot; and &quot;as available&quot;. To the extent the law allows, we give no
        warranty that it will be uninterrupted or error-free, and we are not liable for indirect or consequential
        loss. Our total liability to you for any claim is limited to the amount you paid us in the twelve months
        before the claim. Nothing in these terms limits liability that cannot be limited by law, or your statutory
        rights as a consumer.
      </p>

      <h2>9. Ending the contract</h2>
      <p>
        You may stop using {brand.name} and ask us to delete your account at any time by writing to <SupportMail />. We
        may end or suspend your access if you break these terms or if we stop offering the service; if we discontinue
        the service entirely we will give at least 30 days&apos; notice and refund the purchased coins remaining in your
        account.
      </p>

      <h2>10. Changes, disputes and contact</h2>
      <p>
        We may update these terms; we will show the new date at the top of this page and tell you in the service
        about significant changes before they apply. If you have a problem, please use our{" "}
        <Link href="/complaints">complaints procedure</Link> first; most issues are solved within days. These terms are
        governed by the law of the place where {brand.company} is established, without depriving you of the
        protection of the mandatory consumer law of your country of residence. Questions: <SupportMail />.
      </p>
    </LegalArticle>
  );
}
