import type { ReactNode } from "react";

/** The error page's detail line (monospace, on a tinted box). Its own module: the not-found screen's path line takes it without the page. */
export function ErrorDetail({ children }: { children: ReactNode }) {
  return <p className="break-all rounded-lg bg-surface-2 px-3 py-2 font-mono text-sm text-muted">{children}</p>;
}
