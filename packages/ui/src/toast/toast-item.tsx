"use client";
import { useEffect, useRef, useState } from "react";
import { cx } from "../cx";
import { IconButton } from "../primitives/button";
import { CloseIcon } from "../primitives/icons";
import type { Toast, ToastKind } from "./toast-queue";

const look: Record<ToastKind, { accent: string; bar: string; icon: string; label: string }> = {
  success: { accent: "border-l-emerald-500", bar: "bg-emerald-500", icon: "✓", label: "Success" },
  error: { accent: "border-l-red-500", bar: "bg-red-500", icon: "✕", label: "Error" },
  info: { accent: "border-l-sky-500", bar: "bg-sky-500", icon: "i", label: "Info" },
  warning: { accent: "border-l-amber-500", bar: "bg-amber-500", icon: "!", label: "Warning" },
};

/** One toast: closes on click or after its duration; hovering or focusing it pauses the countdown. */
export function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const [paused, setPaused] = useState(false);
  // Remaining time survives pauses, so hovering does not reset the countdown to the full duration.
  const remaining = useRef(toast.duration);
  const { accent, bar, icon, label } = look[toast.kind];

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, toast.id, onDismiss]);

  return (
    // The role sits inside the list item: a role on the <li> itself would take it out of the list
    // (axe: listitem), and the list is what screen readers announce the notifications by.
    <li
      data-toast-kind={toast.kind}
      onClick={() => onDismiss(toast.id)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cx(
        "ui-toast-in pointer-events-auto relative flex w-full max-w-sm cursor-pointer items-start gap-3 overflow-hidden rounded-xl border border-l-4 border-line bg-surface py-3 pl-3 pr-1 text-fg shadow-xl",
        accent,
      )}
    >
      <div role={toast.kind === "error" ? "alert" : "status"} className="flex min-w-0 flex-1 items-start gap-3">
        <span aria-hidden="true" className={cx("mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white", bar)}>
          {icon}
        </span>
        <div className="min-w-0 flex-1 text-sm">
          <span className="sr-only">{label}: </span>
          {toast.title && <p className="font-semibold">{toast.title}</p>}
          <p className="break-words">{toast.message}</p>
        </div>
      </div>
      <IconButton label="Dismiss notification" className="-my-2 size-9">
        <CloseIcon width={16} height={16} />
      </IconButton>
      <span
        aria-hidden="true"
        className={cx("ui-toast-progress absolute bottom-0 left-0 h-1 w-full", bar)}
        style={{ animationDuration: `${toast.duration}ms`, animationPlayState: paused ? "paused" : "running" }}
      />
    </li>
  );
}
