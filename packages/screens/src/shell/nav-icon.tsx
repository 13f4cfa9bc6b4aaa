import type { NavItem } from "./nav-items";

const paths: Record<NavItem["icon"], string> = {
  home: "M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  tasks: "M9 11l3 3 8-8M4 5h9M4 12h3M4 19h16",
  coins: "M12 2l7 7-7 13L5 9zM5 9h14M9 9l3 13 3-13",
  profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
};

/** A 24px line icon for a navigation entry; decorative, the label carries the meaning. */
export function NavIcon({ icon }: { icon: NavItem["icon"] }) {
  return (
    <svg viewBox="0 0 24 24" width={22} height={22} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      <path d={paths[icon]} />
    </svg>
  );
}
