/** One entry of the site navigation. */
export interface NavItem {
  href: string;
  label: string;
  icon: "home" | "tasks" | "coins" | "profile";
}

/** The app's main destinations, shared by the header nav and the phone bottom nav. */
export const mainNav: readonly NavItem[] = [
  { href: "/", label: "Stories", icon: "home" },
  { href: "/daily-tasks", label: "Daily tasks", icon: "tasks" },
  { href: "/user/coins", label: "Coins", icon: "coins" },
  { href: "/user/profile", label: "Profile", icon: "profile" },
];

/** The legal and info pages linked from every footer. */
export const legalNav: readonly { href: string; label: string }[] = [
  { href: "/about", label: "About" },
  { href: "/terms", label: "Terms of Service" },
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/refund", label: "Refund Policy" },
  { href: "/complaints", label: "Complaints" },
  { href: "/record-keeping", label: "Record-Keeping (2257)" },
  { href: "/content-removal", label: "Content Removal" },
];
