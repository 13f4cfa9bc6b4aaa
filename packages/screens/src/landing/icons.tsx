// Line icons for the landing pages' selling points. Inline SVG instead of emoji, because emoji
// depend on the visitor's fonts (headless and some desktop Linux browsers show empty boxes).

const paths = {
  sword: "M14.5 3H21v6.5L9.5 21 3 14.5zM5 13l6 6M3 21l3-3",
  dragon: "M12 2c1 3 4 4 4 8a4 4 0 0 1-8 0c0-2 1-3 1-5 2 1 3 3 3 5M6 14c-2 1-3 3-3 5h18c0-2-1-4-3-5",
  scroll: "M8 3h11v14a4 4 0 0 1-4 4H6a3 3 0 0 1-3-3v-1h12v1a3 3 0 0 0 3 3M8 3a3 3 0 0 0-3 3v11M11 8h5M11 12h5",
  gem: "M12 2l7 7-7 13L5 9zM5 9h14M9 9l3 13 3-13",
  chat: "M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z",
  moon: "M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z",
  lock: "M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4",
  pen: "M4 20l4-1 11-11-3-3L5 16zM14 6l3 3",
  branch: "M6 3v12M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 9a9 9 0 0 1-9 9",
  trophy: "M8 4h8v6a4 4 0 0 1-8 0zM8 6H4a4 4 0 0 0 4 5M16 6h4a4 4 0 0 1-4 5M12 14v4M8 21h8",
} as const;

/** The names of the landing icons. */
export type LandingIconName = keyof typeof paths;

/** A decorative 28px line icon in the brand colour; the text beside it carries the meaning. */
export function LandingIcon({ name }: { name: LandingIconName }) {
  return (
    <svg viewBox="0 0 24 24" width={28} height={28} aria-hidden="true" fill="none" stroke="var(--brand-primary)" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className="shrink-0">
      <path d={paths[name]} />
    </svg>
  );
}
