"use client";
import { lazy, Suspense, useLayoutEffect, type ReactNode, type RefObject } from "react";
import { useIsClient } from "./use-media-query";

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

const loadPanel = () => import("./headless-dialog");
// Headless UI (focus trap, Escape, scroll lock, an inert background) is downloaded when a dialog
// first opens, not with the page: a closed dialog renders nothing and costs no first-load JS.
const HeadlessDialog = lazy(() => loadPanel().then((m) => ({ default: m.HeadlessDialog })));

/**
 * Starts downloading the dialog's code ahead of its first opening, e.g. when the pointer reaches
 * the button that opens it, so the dialog appears without waiting for the network.
 */
export function preloadDialog(): void {
  void loadPanel();
}

function DialogShell(props: DialogProps & { variant: DialogVariant }) {
  const isClient = useIsClient();
  const shown = props.open && isClient;
  // Focus goes back to the opener on close. Headless UI restores focus from a history of focused
  // elements that it starts recording when its code loads, which is after the first opening's
  // click; so the opener is taken here, in the layout effect of the render that opens the dialog.
  useLayoutEffect(() => {
    if (!shown) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <HeadlessDialog {...props} />
    </Suspense>
  );
}

/** A centred modal dialog (600px max) with focus trap, Escape, backdrop close, scroll lock and an inert page behind. */
export function Modal(props: DialogProps) {
  return <DialogShell variant="modal" {...props} />;
}

/** A bottom-sheet dialog with the same accessibility contract as {@link Modal}, closed by a swipe down too. */
export function Drawer(props: DialogProps) {
  return <DialogShell variant="drawer" {...props} />;
}

/** A bottom drawer below 768px and a 600px centred modal from 768px, switching with the viewport. */
export function ResponsiveDialog(props: DialogProps) {
  return <DialogShell variant="responsive" {...props} />;
}
