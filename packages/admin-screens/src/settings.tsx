"use client";
// Settings (super admins): each sysconfig value with its default, a field checked by the contract's
// schema of its key before the call, a required reason, and its history. A change is in effect on
// every API instance (and in sysconfig.list) within the time the API gives, and the screen says so.
import { SETTINGS_EFFECT_S, type Setting, type SettingKey } from "@storyloom/contract";
import { Button, dangerText, inputClass } from "@storyloom/ui";
import { useId, useState, type FormEvent } from "react";
import { checkSetting, isNumberSetting, settingText } from "./catalogue-rules";
import { useStaffMutation, useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { formatTime } from "./format";
import { ReasonDialog } from "./reason-dialog";

type Change = Setting["history"][number];

const historyColumns: Column<Change>[] = [
  { id: "when", header: "When", cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.created_at)}</span> },
  { id: "staff", header: "Staff", cell: ({ row }) => `${row.original.staff.name} (#${row.original.staff.id})` },
  { id: "from", header: "From", cell: ({ row }) => <code className="text-xs">{JSON.stringify(row.original.previous)}</code> },
  { id: "to", header: "To", cell: ({ row }) => <code className="text-xs">{JSON.stringify(row.original.value)}</code> },
  { id: "reason", header: "Reason", cell: ({ row }) => <span className="line-clamp-2 max-w-xs">{row.original.reason}</span> },
];

/** What each setting is, for the screen. */
const LABELS: Record<SettingKey, string> = {
  checkin_rewards: "Check-in rewards (coins for days 1–7, JSON list)",
  task_rewards: "Task rewards (coins per task, JSON object)",
  chat_cost_per_reply: "Chat cost per reply (coins)",
  new_guest_coins: "Coins for a new guest",
  invite_reward: "Invite reward (coins)",
  currency: "Currency (3 lower-case letters)",
};

/** The Settings screen (the API refuses it to anyone but a super admin). */
export function SettingsScreen() {
  const q = useStaffQuery("adminSettingsList", undefined);
  // Until the API answers, the promise is the contract's bound (never a number the API did not give).
  const within = q.data?.effective_within_s;
  return (
    <>
      <h1 className="text-lg font-semibold">Settings</h1>
      <p className="mt-1 text-sm text-muted" data-testid={within === undefined ? undefined : "settings-effect"}>
        A change is in effect on every API instance and in sysconfig.list within {within ?? SETTINGS_EFFECT_S} s. Limits stay environment variables.
      </p>
      {q.error && <p className={`mt-3 text-sm ${dangerText}`} role="alert">{q.error.message}</p>}
      {q.isPending && <p className="mt-3 text-sm text-muted">Loading…</p>}
      {q.data?.settings.map((s) => <SettingForm key={`${s.key}:${JSON.stringify(s.value)}`} setting={s} within={q.data.effective_within_s} />)}
    </>
  );
}

/** One setting: its field, default, save (with a reason) and history. */
function SettingForm({ setting, within }: { setting: Setting; within: number }) {
  const id = useId();
  const [text, setText] = useState(() => settingText(setting.key, setting.value));
  const [error, setError] = useState<string | null>(null);
  const [value, setValue] = useState<unknown>(undefined);
  const update = useStaffMutation("adminSettingsUpdate", (d) => `${d.setting.key} saved: in effect everywhere within ${d.effective_within_s} s.`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkSetting(setting.key, text);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    setValue(checked.value);
  };
  return (
    <Section title={setting.key}>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2 text-sm" aria-label={`Change ${setting.key}`}>
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-value`} className="font-semibold">
            {LABELS[setting.key]}
          </label>
          <input
            id={`${id}-value`}
            value={text}
            inputMode={isNumberSetting(setting.key) ? "numeric" : undefined}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-default${error ? ` ${id}-error` : ""}`}
            className={`${inputClass} font-mono`}
          />
          <span id={`${id}-default`} className="text-xs text-muted">
            Default: <code>{JSON.stringify(setting.default)}</code>
          </span>
          {error && (
            <span id={`${id}-error`} role="alert" className={`text-xs ${dangerText}`}>
              {error}
            </span>
          )}
        </div>
        <Button type="submit" size="sm">
          Save {setting.key}
        </Button>
      </form>
      <div className="mt-2">
        <DataTable
          caption={`History of ${setting.key}`}
          columns={historyColumns}
          rows={setting.history}
          rowId={(c) => c.id}
          loading={false}
          error={null}
          onRetry={() => undefined}
          nextCursor={null}
          empty="Never changed: the default is in effect."
        />
      </div>
      {value !== undefined && (
        <ReasonDialog
          open
          onClose={() => setValue(undefined)}
          title={`Change ${setting.key}`}
          description={`New value: ${JSON.stringify(value)}. In effect everywhere within ${within} s.`}
          confirmLabel="Save setting"
          busy={update.isPending}
          onConfirm={(reason) => update.mutate({ key: setting.key, value, reason }, { onSuccess: () => setValue(undefined) })}
        />
      )}
    </Section>
  );
}
