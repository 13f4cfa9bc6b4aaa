/** A route the specs walk, with the title its page carries (before the " - {brand}" suffix). */
export interface RouteCase {
  path: string;
  title: string;
  /** Spec section 2's layout: a phone-width column ("mobile") or a full-width page ("none"). */
  layout: "mobile" | "none";
  kind: "legal" | "landing";
  /** A phrase the page's content must contain. */
  text: RegExp;
}

/** Legal/info and landing routes of spec section 2. */
export const staticRoutes: readonly RouteCase[] = [
  { path: "/about", title: "About Us", layout: "none", kind: "legal", text: /interactive story platform/i },
  { path: "/terms", title: "Terms of Service", layout: "none", kind: "legal", text: /Coins are a virtual item/i },
  { path: "/refund", title: "Refund Policy", layout: "none", kind: "legal", text: /How to request a refund/i },
  { path: "/privacy", title: "Privacy Policy", layout: "none", kind: "legal", text: /Cookies and similar technologies/i },
  { path: "/complaints", title: "Complaints Policy", layout: "none", kind: "legal", text: /Acknowledgement within 2 business days/i },
  { path: "/record-keeping", title: "18 U.S.C. 2257 Record-Keeping Statement", layout: "none", kind: "legal", text: /No real persons are depicted/i },
  { path: "/content-removal", title: "Content Removal Policy", layout: "none", kind: "legal", text: /How to send a request/i },
  { path: "/landing", title: "Fantasy Adventures You Control", layout: "mobile", kind: "landing", text: /Your sword\. Your spell\. Your story\./ },
  { path: "/landing1", title: "Characters Who Remember You", layout: "mobile", kind: "landing", text: /Someone has been waiting to meet you/ },
  { path: "/landing2", title: "Solve the Mystery", layout: "mobile", kind: "landing", text: /Every clue is real/ },
  { path: "/landing3", title: "Write Your Own Story", layout: "mobile", kind: "landing", text: /Write the first line/ },
];

/** A file-name-safe name for a route's screenshot. */
export function shotName(path: string): string {
  return path === "/" ? "home" : path.replace(/^\//, "").replace(/[^a-z0-9-]+/gi, "_");
}
