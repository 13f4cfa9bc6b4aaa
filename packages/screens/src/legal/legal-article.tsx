import type { ReactNode } from "react";
import { getBrand } from "../brand";

/** The date printed on every legal page; bump it when any of their texts changes. */
export const LEGAL_UPDATED = "1 November 2026";

/** Props of a legal or info page. */
export interface LegalArticleProps {
  title: string;
  /** One-paragraph summary under the title. */
  lead: ReactNode;
  children: ReactNode;
}

/** The reading layout shared by all legal and info pages: title, date, summary and sections. */
export function LegalArticle({ title, lead, children }: LegalArticleProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 leading-relaxed sm:px-6 [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold [&_li]:mt-1.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      <header className="border-b border-line pb-6">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-sm text-muted">Last updated: {LEGAL_UPDATED}</p>
        <div className="text-lg text-muted">{lead}</div>
      </header>
      {children}
    </article>
  );
}

/** The brand's support address as a mail link, optionally with a prefilled subject. */
export function SupportMail({ subject }: { subject?: string }) {
  const { supportEmail } = getBrand();
  const href = `mailto:${supportEmail}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
  return <a href={href}>{supportEmail}</a>;
}
