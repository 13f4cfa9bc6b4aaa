import { IntentLink } from "./intent-link";
import { getBrand } from "../brand";
import { legalNav } from "./nav-items";

/** The footer: legal and info links, support mail and copyright. `compact` fits the mobile column. */
export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const brand = getBrand();
  return (
    <footer className={`ui-below-fold border-t border-line bg-surface-2 text-sm text-muted [--below-fold-size:261px] ${compact ? "" : "sm:[--below-fold-size:185px]"}`}>
      <div className={`mx-auto w-full px-4 py-8 ${compact ? "max-w-[480px]" : "max-w-6xl"}`}>
        <nav aria-label="Legal and information">
          <ul className={`grid gap-x-6 gap-y-2 ${compact ? "grid-cols-2" : "grid-cols-2 sm:grid-cols-4"}`}>
            {legalNav.map((item) => (
              <li key={item.href}>
                <IntentLink href={item.href} className="underline-offset-4 hover:text-fg hover:underline focus-visible:outline-2 focus-visible:outline-brand">
                  {item.label}
                </IntentLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6">
          Questions? Write to{" "}
          <a href={`mailto:${brand.supportEmail}`} className="text-fg underline underline-offset-4">
            {brand.supportEmail}
          </a>
        </p>
        <p className="mt-2">
          © {new Date().getFullYear()} {brand.company}. All characters and stories are AI-generated fiction. 18+ only.
        </p>
      </div>
    </footer>
  );
}
