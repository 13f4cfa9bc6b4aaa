import type { Metadata } from "next";
import { Suspense } from "react";
import { IntentLink as Link } from "../shell/intent-link";
import { getBrand } from "../brand";
import { LegalArticle, SupportMail } from "./legal-article";
import { ReportTarget } from "./report-target";

/** Title and description of the Content Removal page. */
export const metadata: Metadata = {
  title: "Content Removal Policy",
  description: `How to ask ${getBrand().name} to remove a story, character or image, and how quickly we act.`,
};

/** /content-removal: who can ask for removal, what to send, and the timelines we keep. */
export default function ContentRemovalScreen() {
  const brand = getBrand();
  return (
    <LegalArticle
      title="Content Removal Policy"
      lead={
        <p>
          Anyone can ask us to remove content from {brand.name}, whether or not they have an account. We review every
          request by a person and act quickly on anything that is illegal, harmful or infringes someone&apos;s rights.
        </p>
      }
    >
      {/* Filled in on the client from ?story=: the page itself stays static. */}
      <Suspense fallback={null}>
        <ReportTarget supportEmail={brand.supportEmail} />
      </Suspense>
      <h2>What you can ask us to remove</h2>
      <ul>
        <li>content that appears to involve a minor, or that sexualises minors in any way;</li>
        <li>a character, image or text that resembles or names you or another real person without consent;</li>
        <li>content that infringes your copyright, trademark or other intellectual property;</li>
        <li>intimate images or depictions shared without consent, including AI-generated ones;</li>
        <li>harassment, threats, hate speech, promotion of self-harm or other content that breaks our <Link href="/terms">Terms of Service</Link>;</li>
        <li>your own personal data, or your own conversations and account (see our <Link href="/privacy">Privacy Policy</Link>).</li>
      </ul>

      <h2>Report it in the app</h2>
      <p>
        The quickest way: every story page, character page and character or narrator message in a chat has a
        &quot;Report&quot; action. Choose a reason, add details if you like, and send; you see a confirmation at once,
        and if we act on your report you get a notice in the app (under Profile → Notices). Guests can report too. A
        report of content involving minors goes to the front of our review queue.
      </p>

      <h2>How to send a request</h2>
      <p>
        If you cannot use the app&apos;s report, or your request needs more (for example a copyright notice), write to <SupportMail subject="Content removal request" /> with &quot;Content removal&quot; in the subject and include:
      </p>
      <ol>
        <li>the link (URL) of each story, character or page concerned, and what exactly should be removed;</li>
        <li>why it should be removed, for example which right it infringes or why it is harmful;</li>
        <li>your name and a way to contact you; if you act for someone else, how you are authorised to do so;</li>
        <li>for copyright claims: identification of the original work, and a statement that you believe in good faith that the use is not authorised and that your notice is accurate, signed under penalty of perjury.</li>
      </ol>
      <p>We only use the information you send to handle the request, and we do not share your identity with the uploader without your consent unless the law requires it.</p>

      <h2>How quickly we act</h2>
      <ul>
        <li><strong>Suspected involvement of minors, or non-consensual intimate content:</strong> reviewed first, within 24 hours; content reported for involving minors is hidden at once when several signed-in players, or our staff, report it.</li>
        <li><strong>Resemblance to a real person, harassment or other policy breaches:</strong> reviewed within 72 hours.</li>
        <li><strong>Intellectual property claims:</strong> reviewed within 5 business days.</li>
      </ul>
      <p>
        We confirm receipt within 2 business days, tell you the outcome, and explain our reasons if we decide not to
        remove the content. Removed content is deleted from the site and from future generation, and repeat offenders
        lose their accounts.
      </p>

      <h2>Appeals</h2>
      <p>
        If your content was removed and you believe this was a mistake, or you disagree with our decision on your
        request, reply to our message within 30 days. A different reviewer will look at it again and answer within 14
        days. You can also use our <Link href="/complaints">complaints procedure</Link>.
      </p>
    </LegalArticle>
  );
}
