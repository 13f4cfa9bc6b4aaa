"use client";
// The preview's state: the story's variables and visit counts as the played path leaves them, and
// a way for the author to give a variable a value from this point on, to try a branch.
import { useId, useState } from "react";
import { Button } from "../primitives/button";
import type { Played, VariableSet, VariableView } from "./play";

const fieldClass =
  "w-24 rounded-lg border border-line bg-surface px-2 py-1 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-brand";

/** Reads what the author typed as a value of the variable's kind; null when it is not one. */
export function parseValue(kind: VariableView["kind"], raw: string): boolean | number | string | null {
  if (kind === "string") return raw;
  if (kind === "boolean") return raw === "true" ? true : raw === "false" ? false : null;
  if (kind === "number") {
    const n = Number(raw.trim());
    return raw.trim() !== "" && Number.isFinite(n) ? n : null;
  }
  return null;
}

function VariableRow({
  variable,
  set,
  onSet,
}: {
  variable: VariableView;
  set: boolean;
  onSet: (value: boolean | number | string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(variable.value);
  const value = parseValue(variable.kind, shown);
  // Not a <form>: the preview sits inside the story editor's form, and forms cannot nest.
  const submit = () => {
    if (value === null) return;
    onSet(value);
    setDraft(null);
  };
  return (
    <li className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="min-w-20 font-mono text-xs text-fg">
        {variable.name}
      </label>
      {variable.kind === "other" ? (
        <output id={id} className="font-mono text-xs text-muted">
          {String(variable.value) || "(empty)"}
        </output>
      ) : variable.kind === "boolean" ? (
        <input
          id={id}
          type="checkbox"
          checked={variable.value === true}
          onChange={(e) => onSet(e.target.checked)}
          className="size-4 accent-brand"
        />
      ) : (
        <span className="flex items-center gap-1">
          <input
            id={id}
            type={variable.kind === "number" ? "number" : "text"}
            step="any"
            value={shown}
            aria-invalid={value === null ? true : undefined}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== "Enter") return;
              e.preventDefault();
              submit();
            }}
            className={fieldClass}
          />
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={submit}
            disabled={draft === null || value === null}
            aria-label={`Set ${variable.name}`}
          >
            Set
          </Button>
        </span>
      )}
      {set ? <span className="text-xs text-muted">(set by you)</span> : null}
    </li>
  );
}

/**
 * The variables (settable ones as fields) and the visit counts of the played path. A value set here
 * applies from the current step on and is replayed with the path after each edit.
 */
export function PreviewState({ played, onSet }: { played: Played; onSet: (set: VariableSet) => void }) {
  const at = played.path.length;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <section aria-label="Variables">
        <h3 className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">Variables</h3>
        {played.variables.length === 0 ? (
          <p className="text-xs text-muted">This script declares no variables (VAR).</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {played.variables.map((v) => (
              <VariableRow
                key={v.name}
                variable={v}
                set={played.sets.some((s) => s.name === v.name)}
                onSet={(value) => onSet({ at, name: v.name, value })}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Visit counts">
        <h3 className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">Visits</h3>
        {played.visits.length === 0 ? (
          <p className="text-xs text-muted">No knot visited yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-x-3 gap-y-1 font-mono text-xs text-fg">
            {played.visits.map((v) => (
              <li key={v.knot}>
                {v.knot} <span className="text-muted">×{v.count}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
