import type { Metadata } from "next";
import { IntentLink as Link } from "../shell/intent-link";
import { getBrand } from "../brand";
import { LegalArticle, SupportMail } from "./legal-article";

/** Title and description of the record-keeping statement. */
export const metadata: Metadata = {
  title: "18 U.S.C. 2257 Record-Keeping Statement",
  description: `${getBrand().name}'s record-keeping compliance statement: all characters are AI-generated fictional adults.`,
};

/** /record-keeping: the 2257-style statement, adapted to AI-generated fictional characters. */
export default function RecordKeepingScreen() {
  const brand = getBrand();
  return (
    <LegalArticle
      title="Record-Keeping Compliance Statement"
      lead={
        <p>
          18 U.S.C. § 2257, § 2257A and 28 C.F.R. Part 75 exemption statement for {brand.name} ({brand.domain}).
        </p>
      }
    >
      <h2>No real persons are depicted</h2>
      <p>
        All characters, images, text and other media on {brand.name} are fictional and created by artificial
        intelligence. No actual human being was photographed, filmed or recorded to produce any visual depiction on
        this website, and no depiction is of an actual person. The record-keeping requirements of 18 U.S.C. § 2257 and
        § 2257A and their regulations, which apply to depictions of actual human beings engaged in actual or simulated
        sexually explicit conduct, therefore do not apply to the content of this website.
      </p>

      <h2>All characters are adults</h2>
      <p>
        Every character on {brand.name} is defined as an adult aged 18 or older, and our rules forbid portraying any
        character as a minor or depicting minors in any sexual or suggestive context. Every story players publish,
        with its characters&apos; personas, greetings and script, is reviewed by our staff before it appears in the
        catalogue, and so is every new version. Anyone can report a story, character or message in the app; a report
        of content involving minors goes to the front of the review queue, and the content is hidden at once when
        several players or our staff report it. Content that breaks this rule is removed and the accounts involved are
        closed and, where required, reported to the authorities, including the National Center for Missing &amp;
        Exploited Children (NCMEC).
      </p>

      <h2>Resemblance to real persons</h2>
      <p>
        Any resemblance of an AI-generated character to an actual person, living or dead, is coincidental. We do not
        allow content that imitates identifiable real people. If you believe a character resembles you or someone you
        represent, please use our <Link href="/content-removal">content removal process</Link>.
      </p>

      <h2>Operator and custodian of records</h2>
      <p>
        {brand.name} is operated by {brand.company}. The records we do keep, such as every submitted version of a
        published story, its review decisions, the reports about it and our staff&apos;s actions (kept in an
        append-only audit log), are maintained by our compliance team and are
        available on lawful request. Requests from law enforcement and questions about this statement should be sent
        to <SupportMail subject="Record-keeping enquiry" />.
      </p>
    </LegalArticle>
  );
}
