"use client";
// Client-only because the current item is marked from the pathname (aria-current) after navigation.
import { IntentLink } from "./intent-link";
import { usePathname } from "next/navigation";
import { mainNav } from "./nav-items";
import { NavIcon } from "./nav-icon";

/** The phone tab bar of the mobile layout: the four main destinations, current one marked. */
export function BottomNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="sticky bottom-0 z-30 border-t border-line bg-surface/95 backdrop-blur">
      <ul className="grid grid-cols-4">
        {mainNav.map((item) => {
          const current = item.href === "/" ? pathname === "/" : pathname.startsWith(item.href);
          return (
            <li key={item.href}>
              <IntentLink
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={`flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand ${current ? "text-fg" : "text-muted hover:text-fg"}`}
              >
                <NavIcon icon={item.icon} />
                {item.label}
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
