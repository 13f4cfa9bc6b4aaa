"use client";
import { Description, Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useLayoutEffect, useRef, useState } from "react";
import { cx } from "../cx";
import { IconButton } from "../primitives/button";
import { CloseIcon } from "../primitives/icons";
import type { DialogProps, DialogVariant } from "./dialog";
import { useSwipeToClose } from "./use-swipe-to-close";
import { DESKTOP_DIALOG_QUERY, useMediaQuery } from "./use-media-query";

// Layout lives in CSS (mobile first, `md:` from 768px) so the first painted frame is already
// right; matchMedia only picks the entrance animation and labels the variant for tests.
const backdropLayout: Record<DialogVariant, string> = {
  modal: "items-center justify-center p-4",
  drawer: "items-end justify-center",
  responsive: "items-end justify-center md:items-center md:p-4",
};
const panelLayout: Record<DialogVariant, string> = {
  modal: "w-[600px] max-w-full rounded-2xl",
  drawer: "w-full rounded-t-2xl pb-[env(safe-area-inset-bottom)]",
  responsive: "w-full rounded-t-2xl pb-[env(safe-area-inset-bottom)] md:w-[600px] md:max-w-full md:rounded-2xl md:pb-0",
};

/**
 * An open dialog on Headless UI's Dialog, which brings the modal contract: focus moves in and
 * returns to the opener, Tab stays inside, Escape and a click outside the panel close it, the page
 * scroll is locked, and the rest of the page is inert (and aria-hidden) while it is open. Layers
 * portalled straight into <body> (the loading overlay, toasts) stay usable above it. Loaded on a
 * dialog's first opening (see dialog.tsx); rendered only while open.
 */
export function HeadlessDialog({
  variant,
  onClose,
  title,
  description,
  children,
  footer,
  initialFocusRef,
  closeLabel = "Close",
  closeOnBackdrop = true,
  className,
}: DialogProps & { variant: DialogVariant }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wide = useMediaQuery(DESKTOP_DIALOG_QUERY);
  const shown: "modal" | "drawer" = variant === "responsive" ? (wide ? "modal" : "drawer") : variant;
  const swipe = useSwipeToClose({ enabled: shown === "drawer", panelRef, onClose });
  // A click "outside" is one outside the DialogPanel; without one, the whole backdrop counts as
  // inside, so only Escape and the close button close the dialog.
  const Panel = closeOnBackdrop ? DialogPanel : "div";
  // Mounted closed, opened in the same commit: Headless UI finds the page's root element (the one
  // made inert) in a ref callback while mounting, and an already-open dialog applies inert before
  // that ran, which from a page's second dialog on left the page behind reachable.
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => setReady(true), []);

  return (
    <Dialog
      open={ready}
      onClose={() => onClose()}
      ref={rootRef}
      // Focus starts on the dialog itself so its title is read first, unless the caller names an
      // element (touch screens always get the dialog: no keyboard popping up).
      initialFocus={initialFocusRef ?? rootRef}
      className={cx("ui-fade-in fixed inset-0 z-50 flex bg-black/60 outline-none", backdropLayout[variant])}
      data-testid="dialog-backdrop"
    >
      <Panel
        ref={panelRef}
        data-variant={shown}
        data-testid="dialog-panel"
        className={cx(
          "relative flex max-h-[90dvh] flex-col bg-surface text-fg shadow-2xl outline-none",
          shown === "drawer" ? "ui-slide-up ui-sheet" : "ui-zoom-in",
          panelLayout[variant],
          className,
        )}
      >
        {/* The grab area: on a drawer, dragging the handle or the title bar down closes it. */}
        <div {...swipe} data-testid="dialog-grab" className={shown === "drawer" ? "touch-none select-none" : undefined}>
          {shown === "drawer" && <div aria-hidden="true" className="mx-auto mt-2 h-1 w-10 rounded-full bg-line" />}
          <div className="flex items-center justify-between gap-2 px-5 pb-2 pt-4">
            <DialogTitle as="h2" className="text-lg font-semibold">
              {title}
            </DialogTitle>
            <IconButton label={closeLabel} onClick={onClose} className="-mr-2">
              <CloseIcon />
            </IconButton>
          </div>
        </div>
        {description && (
          <Description as="p" className="px-5 text-sm text-muted">
            {description}
          </Description>
        )}
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-3">{children}</div>
        {footer && <div className="border-t border-line px-5 py-4">{footer}</div>}
      </Panel>
    </Dialog>
  );
}
