"use client";
// The confirmation every staff action goes through: what will happen, a required reason (3+
// characters) and optional extra fields; the confirm button is busy while the call runs, so a second
// click cannot send it twice.
import { Button, Modal, inputClass, dangerText } from "@storyloom/ui";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { checkReason } from "./rules";

/** Props of {@link ReasonDialog}. */
export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  /** Whether the reason may be left empty (an approval's optional note). */
  reasonOptional?: boolean;
  /** Extra fields above the reason; `check` validates them when confirming (a message blocks). */
  extra?: ReactNode;
  check?: () => string | null;
  danger?: boolean;
  busy: boolean;
  onConfirm: (reason: string) => void;
}

/** A modal asking for a reason before an action runs. */
export function ReasonDialog(props: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const extraError = props.check?.() ?? null;
    if (extraError) return setError(extraError);
    if (props.reasonOptional && reason.trim() === "") return props.onConfirm("");
    const checked = checkReason(reason);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    props.onConfirm(checked.value);
  };
  return (
    <Modal open={props.open} onClose={props.onClose} title={props.title} description={props.description}>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        {props.extra}
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
          Reason{props.reasonOptional ? " (optional)" : ""}
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          maxLength={1000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className={`text-sm ${dangerText}`}>
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" size="sm" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" variant={props.danger ? "danger" : "primary"} loading={props.busy}>
            {props.confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
