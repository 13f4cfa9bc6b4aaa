"use client";
import { type ReactNode, type RefObject, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { cx } from "../cx";
import { IconButton } from "../primitives/button";
import { CloseIcon } from "../primitives/icons";
import { useDialogBehaviour } from "./use-dialog-behaviour";
import { useSwipeToClose } from "./use-swipe-to-close";
import { DESKTOP_DIALOG_QUERY, useIsClient, useMediaQuery } from "./use-media-query";

/** Layouts a dialog can take; "responsive" is a drawer below 768px and a modal from 768px. */
export type DialogVariant = "modal" | "drawer" | "responsive";

/** Props shared by {@link Modal}, {@link Drawer} and {@link ResponsiveDialog}. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Visible heading; the dialog is labelled by it. */
  title: ReactNode;
  /** Optional text the dialog is described by. */
  description?: ReactNode;
  children: ReactNode;
  /** Pinned below the scrolling body (e.g. the purchase button), so it stays reachable on phones. */
  footer?: ReactNode;
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  /** Backdrop clicks close the dialog unless this is false. */
  closeOnBackdrop?: boolean;
  className?: string;
}

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

function DialogShell({
  variant,
  open,
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
  const panelRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();
  const isClient = useIsClient();
  const wide = useMediaQuery(DESKTOP_DIALOG_QUERY);
  useDialogBehaviour({ open: open && isClient, panelRef, onClose, initialFocusRef });
  const shown: "modal" | "drawer" = variant === "responsive" ? (wide ? "modal" : "drawer") : variant;
  const swipe = useSwipeToClose({ enabled: shown === "drawer", panelRef, onClose });

  if (!open || !isClient) return null;

  return createPortal(
    <div
      className={cx("ui-fade-in fixed inset-0 z-50 flex bg-black/60", backdropLayout[variant])}
      // Only a press that starts and ends on the backdrop closes: dragging a text selection out
      // of the panel must not dismiss it.
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnBackdrop && pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
      }}
      data-testid="dialog-backdrop"
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-variant={shown}
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
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <IconButton label={closeLabel} onClick={onClose} className="-mr-2">
              <CloseIcon />
            </IconButton>
          </div>
        </div>
        {description && (
          <p id={descriptionId} className="px-5 text-sm text-muted">
            {description}
          </p>
        )}
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-3">{children}</div>
        {footer && <div className="border-t border-line px-5 py-4">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** A centred modal dialog (600px max) with focus trap, Escape, backdrop close and scroll lock. */
export function Modal(props: DialogProps) {
  return <DialogShell variant="modal" {...props} />;
}

/** A bottom-sheet dialog with the same accessibility contract as {@link Modal}. */
export function Drawer(props: DialogProps) {
  return <DialogShell variant="drawer" {...props} />;
}

/** A bottom drawer below 768px and a 600px centred modal from 768px, switching with the viewport. */
export function ResponsiveDialog(props: DialogProps) {
  return <DialogShell variant="responsive" {...props} />;
}
