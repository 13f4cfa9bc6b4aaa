import type { ReactNode } from "react";

/** Props of {@link PageFrame}. */
export interface PageFrameProps {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  /** "sm" for a single form (login), "md" for wider content. */
  width?: "sm" | "md";
}

/** The narrow, centred column the account, coins and payment screens share (mobile first). */
export function PageFrame({ title, lead, children, width = "md" }: PageFrameProps) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:py-12 ${width === "sm" ? "max-w-md" : "max-w-2xl"}`}>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {lead && <p className="mt-2 text-muted">{lead}</p>}
      <div className="mt-6">{children}</div>
    </div>
  );
}
