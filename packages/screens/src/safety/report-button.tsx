"use client";
import { useState } from "react";
import { preloadDialog } from "@storyloom/ui";
import { ReportDialog } from "./report-dialog";
import type { ReportTarget } from "./report-logic";

/**
 * A "Report" action that opens the report dialog for `target`. Guests can report too: the call
 * uses the guest session every visitor of the site has.
 */
export function ReportButton({ target, className, children }: { target: ReportTarget; className?: string; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ?? "text-sm text-muted underline underline-offset-4 hover:text-fg focus-visible:outline-2 focus-visible:outline-brand"}
        aria-haspopup="dialog"
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => setOpen(true)}
      >
        {children ?? (target.kind === "story" ? "Report this story" : target.kind === "character" ? "Report this character" : "Report")}
      </button>
      <ReportDialog open={open} onClose={() => setOpen(false)} target={target} />
    </>
  );
}
