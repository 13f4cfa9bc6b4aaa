import type { Metadata } from "next";
import { IntentLink as Link } from "../shell/intent-link";
import { getBrand } from "../brand";
import { LegalArticle, SupportMail } from "./legal-article";

/** Title and description of the Complaints page. */
export const metadata: Metadata = {
  title: "Complaints Policy",
  description: `How to complain to ${getBrand().name}, how we handle complaints and how fast we answer.`,
};

/** /complaints: how to complain, what happens next and the response times we commit to. */
export default function ComplaintsScreen() {
  const brand = getBrand();
  return (
    <LegalArticle
      title="Complaints Policy"
      lead={
        <p>
          We want every complaint to be easy to make and handled fairly, quickly and in confidence. This page explains
          how to reach us and what to expect.
        </p>
      }
    >
      <h2>What you can complain about</h2>
      <p>
        Anything about {brand.name}: a payment or missing coins, a refund decision, a technical problem, the behaviour
        of another user, content you find harmful or illegal, how we handled your personal data, or how we dealt with
        an earlier request. To report content that should be taken down, you can also use our{" "}
        <Link href="/content-removal">content removal process</Link>, which has its own faster timelines.
      </p>

      <h2>How to complain</h2>
      <p>
        Write to <SupportMail subject="Complaint" /> and put &quot;Complaint&quot; in the subject. Please include:
      </p>
      <ul>
        <li>the e-mail address of your account (or say that you use a guest account);</li>
        <li>what happened, when, and the link to the story, character or page concerned;</li>
        <li>the order number for payment issues, and screenshots if they help;</li>
        <li>what you would like us to do to put things right.</li>
      </ul>

      <h2>What happens next</h2>
      <ol>
        <li><strong>Acknowledgement within 2 business days.</strong> You get a reference number and the name of the person handling your complaint.</li>
        <li><strong>Investigation.</strong> Someone not involved in the original issue reviews the facts, our records and any messages.</li>
        <li><strong>Answer within 7 business days</strong> of the acknowledgement for most complaints. If the issue is complex we tell you why and give a new date, no later than 30 days after we received your complaint.</li>
        <li><strong>Putting it right.</strong> If we got something wrong we say so, fix it and, where appropriate, refund or credit you.</li>
      </ol>
      <p>
        Complaints about illegal content or the safety of a person are prioritised and reviewed within 24 hours.
      </p>

      <h2>If you are not satisfied</h2>
      <p>
        Reply to our answer within 30 days and ask for an appeal. A senior member of the team who has not handled your
        case reviews it and replies within 14 days with a final answer. If you still disagree, you may contact the
        consumer protection authority or an alternative dispute resolution body in your country, or your card issuer
        for payment matters. Using our procedure first does not take away any of your legal rights.
      </p>

      <h2>How we treat complaints</h2>
      <p>
        We keep complaints confidential, use the information only to resolve them and to improve the service, and
        retain complaint records for three years. Making a complaint never affects how we treat your account.
      </p>
    </LegalArticle>
  );
}
