"use client";
import { useId, useState } from "react";
import type { ReportReason } from "@storyloom/contract";
import { SAFETY_TEXT_MAX } from "@storyloom/contract/constants";
import { useReport } from "@storyloom/api-client/react";
import { Button, ResponsiveDialog, dangerText, inputClass } from "@storyloom/ui";
import { detailsCount, REPORT_REASONS, reportErrorText, reportTitle, type ReportTarget } from "./report-logic";

/** Props of {@link ReportDialog}. */
export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  target: ReportTarget;
}

function ReasonList({ name, value, onChange }: { name: string; value: ReportReason | null; onChange: (r: ReportReason) => void }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold text-fg">Reason</legend>
      {REPORT_REASONS.map((r) => (
        <label key={r.value} className="flex min-h-9 items-center gap-2 text-sm">
          <input type="radio" name={name} value={r.value} checked={value === r.value} onChange={() => onChange(r.value)} className="accent-brand" />
          {r.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The form inside the dialog; kept apart so each opening starts empty. */
function ReportForm({ target, onClose }: Omit<ReportDialogProps, "open">) {
  const id = useId();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [missing, setMissing] = useState(false);

  if (report.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-xl bg-emerald-500/10 px-3 py-2 text-sm text-fg">
          {report.data.message || "Thanks — we'll review this report."}
        </p>
        <Button onClick={onClose} className="self-end" autoFocus>
          Done
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-4"
      aria-label={reportTitle(target)}
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason) return setMissing(true);
        report.mutate({ target_kind: target.kind, target_id: target.id, reason, details: details.trim() });
      }}
    >
      <ReasonList name={`${id}-reason`} value={reason} onChange={(r) => (setReason(r), setMissing(false))} />
      {missing ? <p role="alert" className={`text-sm ${dangerText}`}>Choose a reason.</p> : null}
      <div>
        <label htmlFor={`${id}-details`} className="mb-1.5 block text-sm font-semibold text-fg">
          Details (optional)
        </label>
        <textarea id={`${id}-details`} rows={3} maxLength={SAFETY_TEXT_MAX} value={details} onChange={(e) => setDetails(e.target.value)} aria-describedby={`${id}-count`} className={inputClass} />
        <p id={`${id}-count`} className="mt-1 text-xs text-muted">
          {detailsCount(details)} characters
        </p>
      </div>
      {report.isError ? (
        <p role="alert" className={`text-sm ${dangerText}`}>
          {reportErrorText(report.error)}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={report.isPending} loadingText="Sending…">
          Send report
        </Button>
      </div>
    </form>
  );
}

/**
 * The report dialog: a reason from the fixed list, optional details, then the confirmation. Focus
 * is trapped while it is open, Escape closes it, and it is labelled by its title.
 */
export function ReportDialog({ open, onClose, target }: ReportDialogProps) {
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={reportTitle(target)} description={`You are reporting ${target.label}. Staff review every report; the person you report is not told who sent it.`}>
      <ReportForm target={target} onClose={onClose} />
    </ResponsiveDialog>
  );
}
