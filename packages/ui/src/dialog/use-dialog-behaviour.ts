"use client";
import { type RefObject, useEffect, useLayoutEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Elements Tab can reach inside `root`, in document order. */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute("inert") && el.getAttribute("aria-hidden") !== "true",
  );
}

// Dialogs can stack (a toast-triggered confirm over the purchase dialog); only the top one may
// react to Escape and Tab, and the body stays locked until the last one closes.
const openStack: symbol[] = [];
let savedOverflow = "";
let savedPaddingRight = "";

function lockScroll() {
  if (openStack.length > 1) return;
  const body = document.body;
  savedOverflow = body.style.overflow;
  savedPaddingRight = body.style.paddingRight;
  // Reserve the scrollbar's width so the page behind does not jump sideways when it disappears.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  body.style.overflow = "hidden";
}

function unlockScroll() {
  if (openStack.length > 0) return;
  document.body.style.overflow = savedOverflow;
  document.body.style.paddingRight = savedPaddingRight;
}

/** Options of {@link useDialogBehaviour}. */
export interface DialogBehaviourOptions {
  open: boolean;
  panelRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** Element to focus on open; defaults to the panel itself so the title is read first. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/** Focus trap, Escape to close, body scroll lock and focus return to the opener — the modal contract. */
export function useDialogBehaviour({ open, panelRef, onClose, initialFocusRef }: DialogBehaviourOptions): void {
  // A ref keeps the listeners stable when the parent passes a new onClose each render.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Layout effect: the opener must be captured before anything inside the dialog takes focus.
  useLayoutEffect(() => {
    if (!open) return;
    const id = Symbol("dialog");
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openStack.push(id);
    lockScroll();
    const panel = panelRef.current;
    (initialFocusRef?.current ?? panel)?.focus({ preventScroll: true });

    const isTop = () => openStack[openStack.length - 1] === id;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || !panel) return;
      if (event.key === "Escape") {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusableWithin(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof Node && panel.contains(active);
      if (event.shiftKey && (!inside || active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes by other means (a click on the page behind, a script) is pulled back in,
    // except into layers that sit above every dialog (loading overlay, toasts: `data-ui-layer`).
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop() || !panel || !(event.target instanceof Element)) return;
      if (panel.contains(event.target) || event.target.closest("[data-ui-layer]")) return;
      panel.focus({ preventScroll: true });
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      openStack.splice(openStack.indexOf(id), 1);
      unlockScroll();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open, panelRef, initialFocusRef]);
}
