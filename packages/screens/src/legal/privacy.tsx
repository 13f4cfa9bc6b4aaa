import type { Metadata } from "next";
import { IntentLink as Link } from "../shell/intent-link";
import { getBrand } from "../brand";
import { LegalArticle, SupportMail } from "./legal-article";

/** Title and description of the Privacy Policy page. */
export const metadata: Metadata = {
  title: "Privacy Policy",
  description: `What personal data ${getBrand().name} collects, why, how long we keep it and your rights.`,
};

/** /privacy: data collected, cookies (incl. analytics and ad pixel), retention, sharing and rights. */
export default function PrivacyScreen() {
  const brand = getBrand();
  return (
    <LegalArticle
      title="Privacy Policy"
      lead={
        <p>
          {brand.company} (&quot;we&quot;) is the controller of the personal data processed when you use {brand.name}. This
          policy explains what we collect, why, who we share it with, how long we keep it and the rights you have.
        </p>
      }
    >
      <h2>Data we collect</h2>
      <ul>
        <li><strong>Device and guest account data:</strong> a random device identifier, the guest account created for it, and the tokens that keep you signed in.</li>
        <li><strong>Account data:</strong> your e-mail address, display name, username and avatar if you set them, your level and account creation date.</li>
        <li><strong>Story activity:</strong> stories you play, favourite and subscribe to, your choices and your conversations with characters, daily check-ins and tasks.</li>
        <li><strong>Purchase data:</strong> the coin packages you buy, order numbers, amounts and payment status. Card and bank details are collected by {brand.paymentProcessorName}, not by us.</li>
        <li><strong>Technical data:</strong> IP address, browser and device type, language, pages visited, referral and invite codes, and error logs.</li>
        <li><strong>Safety data:</strong> the reports you send (the reason and any details you add), the in-app notices we send you, the date you confirmed in settings that you are 18 or older, and, for stories you write, their review history.</li>
        <li><strong>Messages to us:</strong> what you send to <SupportMail /> and our replies.</li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>to provide the service: run your account, generate character replies, keep your progress and credit your coins (performance of our contract with you);</li>
        <li>to process payments, prevent fraud and abuse, and keep the service secure (contract and legitimate interests);</li>
        <li>to keep the service safe: review stories before they appear in the catalogue, handle reports, and show mature stories only to players who confirmed their age (legitimate interests and legal obligations);</li>
        <li>to send sign-in codes and, if you subscribe to a story, updates about it (contract; you can unsubscribe at any time);</li>
        <li>to measure and improve the service and our advertising, as described under &quot;Ad and analytics events&quot; (legitimate interests or consent, where required);</li>
        <li>to meet legal obligations such as tax, accounting and responding to lawful requests.</li>
      </ul>
      <p>We do not sell your personal data, and we do not use your conversations to advertise to you.</p>

      <h2>Cookies and similar technologies</h2>
      <ul>
        <li><strong>Essential:</strong> sign-in tokens (access token for 7 days, refresh token for 30 days), your user info for 7 days, theme and device identifier in local storage. Without them the service does not work.</li>
        <li><strong>Analytics:</strong> a product analytics service (PostHog) counts page views and the actions described below. Its identifier is kept in a cookie and local storage for up to 365 days. It is not loaded at all when your browser sends Do Not Track.</li>
        <li><strong>Advertising:</strong> the Meta pixel and Meta&apos;s Conversions API measure whether our ads lead to sign-ups and purchases, as described in the next section. The pixel sets Meta&apos;s browser cookies (<code>_fbp</code>, and <code>_fbc</code> when you arrive from an ad). Neither is loaded before the page has finished loading, nor at all when you have opted out.</li>
      </ul>
      <p>You can block or delete cookies in your browser settings; essential features may then stop working.</p>

      <h2 id="ad-tracking">Ad and analytics events: what is sent, and when</h2>
      <p>We send an event only at these moments:</p>
      <ul>
        <li><strong>Sign-up</strong> (<code>CompleteRegistration</code>): once per account, about a second after the first page you open on the day you create it with your e-mail address. Guest accounts are never reported. The accounts already reported are remembered in your browser&apos;s local storage so it is never sent twice.</li>
        <li><strong>Purchase</strong> (<code>Purchase</code>): when the payment return page confirms a paid order, with the order number, its amount in US dollars and the coin package.</li>
        <li><strong>Daily check-in</strong> (<code>CheckIn</code>): when you claim a check-in, with the day and the coins it gave you.</li>
      </ul>
      <p>
        Each event carries its name, time, the address of the page, your browser&apos;s user-agent string, Meta&apos;s
        browser cookies when present, your account&apos;s identifier, and an event id that lets Meta count it once.
        It goes from your browser to our server, which adds your IP address and replaces your account identifier (and any
        e-mail address or phone number) with a SHA-256 hash before storing it or passing it to Meta&apos;s Conversions
        API; your e-mail address is never sent to Meta in readable form. Your browser waits to send events in small
        batches (every few seconds) and keeps unsent ones in local storage until they are delivered. If the Meta pixel is
        enabled, it receives the same event with the same event id directly from your browser.
      </p>
      <p>
        Analytics receives a page view each time you open a page, the purchase and check-in events above, and your
        account&apos;s identifier, role and level (not your e-mail address or name). Session recording is off unless we
        enable it, and when it is on, what you type is masked.
      </p>
      <p>
        <strong>How to opt out:</strong> turn on <Link href="/user/settings">Settings → Opt out of ad tracking</Link>. It
        takes effect at once on that device: events waiting to be sent are dropped, the pixel is told you withdrew
        consent, and no further sign-up, purchase or check-in event is sent. If your browser sends Do Not Track, neither
        ad tracking nor analytics is loaded at all, and nothing is sent.
      </p>

      <h2>Who we share it with</h2>
      <p>
        Service providers who act on our instructions: hosting and database providers, AI model providers (who
        receive the story context and your messages to generate replies and may not use them to train their models),
        our e-mail provider, {brand.paymentProcessorName} for payments, our analytics provider and Meta for ad
        measurement. We may also disclose data when the law requires it or to protect our users and the service. Some
        of these providers are located outside your country; where required we use standard contractual clauses or
        equivalent safeguards.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>guest accounts with no activity: deleted after 12 months;</li>
        <li>account data, story activity, conversations and stories you wrote: while your account is open, then erased within 30 days of your deletion request;</li>
        <li>reports: while the report is handled and as long as the service needs a record of it; a deleted account&apos;s reports keep the reason but lose the details you wrote;</li>
        <li>purchase and ledger records: 7 years, as tax and accounting law requires (after an account is deleted they are kept without your name, e-mail or other personal details);</li>
        <li>sign-in codes: minutes; server logs: 30 days; analytics data: up to 25 months; support messages: 3 years.</li>
      </ul>

      <h2>Your rights</h2>
      <p>
        Depending on where you live, you have the right to access your data, correct it, delete it, export it, object
        to or restrict its use, and withdraw consent at any time. California residents may also ask what categories of
        data we collect and opt out of any sharing for targeted advertising.
      </p>
      <ul>
        <li><strong>Download your data:</strong> <Link href="/user/settings">Settings → Download my data</Link> gives you everything we hold about your account (profile, coins and ledger, orders, chats, stories, reports and notices) in one JSON file, at once.</li>
        <li><strong>Delete your account:</strong> <Link href="/user/settings">Settings → Delete my account</Link> asks you to confirm with a code sent to your e-mail. You are signed out everywhere at once and your e-mail can sign up again as a new account; your personal data and conversations are erased within 30 days. Purchase and ledger records stay, without anything that identifies you, as accounting and chargeback rules require.</li>
        <li><strong>Anything else:</strong> write to <SupportMail subject="Privacy request" /> from the e-mail address of your account; we answer within 30 days.</li>
      </ul>
      <p>You may also complain to your data protection authority.</p>

      <h2>Security and age</h2>
      <p>
        Data is encrypted in transit, access is limited to staff who need it, and sign-in uses one-time codes instead
        of passwords. {brand.name} is for people aged 18 or older: we do not knowingly collect data from anyone under 18
        and delete it when we learn of it. Stories rated Mature (18+) additionally open only for signed-in players who
        have confirmed in <Link href="/user/settings">Settings</Link> that they are 18 or older; we store the date of
        that confirmation.
      </p>

      <h2>Changes</h2>
      <p>
        We will post any change on this page with a new date and tell you in the service about significant changes.
        See also our <Link href="/terms">Terms of Service</Link>.
      </p>
    </LegalArticle>
  );
}
