import { IntentLink } from "./intent-link";
import type { ReactNode } from "react";
import { getBrand } from "../brand";
import { mainNav } from "./nav-items";
import { CoinsChip } from "../coins/coins-chip";

/** Props of the site header. */
export interface SiteHeaderProps {
  /** Show the text navigation (the plain layout); the mobile layout uses its bottom nav instead. */
  showNav?: boolean;
  /** What sits at the right end; by default the coin balance chip (a small client island). */
  coinsSlot?: ReactNode;
}

/** The brand header: logo and name linking home, optional main nav, and the coins chip slot. */
export function SiteHeader({ showNav = false, coinsSlot }: SiteHeaderProps) {
  const brand = getBrand();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur">
      <div className="mx-auto flex min-h-14 w-full max-w-6xl flex-wrap items-center gap-x-4 px-4">
        <IntentLink href="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-brand">
          <brand.Logo decorative />
          <span className="text-lg">{brand.name}</span>
        </IntentLink>
        {showNav ? (
          // On phones the nav wraps to a second, scrollable row: the "none" layout has no tab bar.
          <nav aria-label="Main" className="order-last -mx-2 w-[calc(100%+1rem)] md:order-none md:mx-0 md:ml-4 md:w-auto">
            <ul className="flex gap-1 overflow-x-auto pb-2 md:pb-0">
              {mainNav.map((item) => (
                <li key={item.href}>
                  <IntentLink href={item.href} className="block rounded-md px-3 py-2 text-sm whitespace-nowrap text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-brand">
                    {item.label}
                  </IntentLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="ml-auto flex h-14 items-center gap-2">{coinsSlot ?? <CoinsChip />}</div>
      </div>
    </header>
  );
}
