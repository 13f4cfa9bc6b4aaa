"use client";
import { lazy, Suspense, useState } from "react";
import { preloadDialog } from "@storyloom/ui";
import type { ReportTarget } from "./report-logic";

// The dialog is code only a reporter needs: fetched when the button is pointed at or focused, and
// rendered once it has been opened, so story, character and chat pages do not load it up front.
const loadDialog = () => import("./report-dialog");
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })));
const preload = () => {
  preloadDialog();
  void loadDialog().catch(() => undefined);
};

/**
 * A "Report" action that opens the report dialog for `target`. Guests can report too: the call
 * uses the guest session every visitor of the site has.
 */
export function ReportButton({ target, className, children }: { target: ReportTarget; className?: string; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ?? "text-sm text-muted underline underline-offset-4 hover:text-fg focus-visible:outline-2 focus-visible:outline-brand"}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {children ?? (target.kind === "story" ? "Report this story" : target.kind === "character" ? "Report this character" : "Report")}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onClose={() => setOpen(false)} target={target} />
        </Suspense>
      )}
    </>
  );
}
