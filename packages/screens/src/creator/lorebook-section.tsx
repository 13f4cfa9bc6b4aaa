"use client";
import { LORE_LIMITS } from "@storyloom/contract";
import { Button, TextField, dangerText, inputClass } from "@storyloom/ui";
import { Area } from "./draft-fields";
import { newLoreEntry, type LoreForm } from "./editor-logic";

// The story editor's lorebook: world-info entries the character's prompt carries when the recent
// turns name one of their keys (or always). Loaded when the author opens the section.

/** Props of {@link LorebookEditor}. */
export interface LorebookEditorProps {
  idPrefix: string;
  entries: LoreForm[];
  onChange: (entries: LoreForm[]) => void;
  /** field path ("lorebook.0.keys.1") → message */
  errors: Record<string, string>;
}

const POSITIONS: { value: LoreForm["position"]; label: string }[] = [
  { value: "before_persona", label: "Before the persona" },
  { value: "after_persona", label: "After the persona" },
  { value: "before_turns", label: "Last, just before the recent turns" },
];

/** The first error under `prefix` (the entry's field, or any of its keys). */
const errorAt = (errors: Record<string, string>, prefix: string) => Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];

function NumberField({ id, label, value, min, max, onChange, hint, error }: { id: string; label: string; value: number; min: number; max: number; onChange: (n: number) => void; hint: string; error?: string }) {
  return (
    <TextField
      id={id}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={Number.isFinite(value) ? String(value) : ""}
      onChange={(e) => onChange(e.target.value === "" ? Number.NaN : Math.round(Number(e.target.value)))}
      hint={hint}
      error={error}
    />
  );
}

function EntryFields({ idPrefix, i, entry, count, errors, onChange, onRemove, onMove }: { idPrefix: string; i: number; entry: LoreForm; count: number; errors: Record<string, string>; onChange: (patch: Partial<LoreForm>) => void; onRemove: () => void; onMove: (to: number) => void }) {
  const id = `${idPrefix}-lore-${i}`;
  const path = `lorebook.${i}`;
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-fg">
        Entry {i + 1}: {entry.name.trim() || "untitled"}
      </legend>
      <TextField id={`${id}-name`} label="Name" maxLength={LORE_LIMITS.nameChars} value={entry.name} onChange={(e) => onChange({ name: e.target.value })} error={errorAt(errors, `${path}.name`)} hint="For you and the prompt inspector; the model never sees it." />
      <Area
        id={`${id}-keys`}
        label="Keys"
        rows={3}
        max={LORE_LIMITS.keysPerEntry * (LORE_LIMITS.regexChars + 4)}
        value={entry.keysText}
        onChange={(keysText) => onChange({ keysText })}
        error={errorAt(errors, `${path}.keys`)}
        hint={`One per line, up to ${LORE_LIMITS.keysPerEntry}: words (matched whole, any case), or a pattern like /dragons?/i (RE2 syntax, up to ${LORE_LIMITS.regexChars} characters).`}
      />
      <Area id={`${id}-content`} label="Content" rows={4} max={LORE_LIMITS.contentChars} value={entry.content} onChange={(content) => onChange({ content })} error={errorAt(errors, `${path}.content`)} hint="What the character knows when a key is named." />
      <label htmlFor={`${id}-always`} className="flex items-start gap-2 text-sm">
        <input id={`${id}-always`} type="checkbox" checked={entry.always} onChange={(e) => onChange({ always: e.target.checked })} className="mt-0.5 accent-brand" />
        <span>Always on: in every prompt, keys or not (budget permitting).</span>
      </label>
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberField id={`${id}-priority`} label="Priority" min={0} max={100} value={entry.priority} onChange={(priority) => onChange({ priority })} hint="0–100: higher wins when space runs short." error={errorAt(errors, `${path}.priority`)} />
        <NumberField id={`${id}-share`} label="Budget share (%)" min={1} max={LORE_LIMITS.maxShare} value={entry.share} onChange={(share) => onChange({ share })} hint={`Most of the prompt it may take, 1–${LORE_LIMITS.maxShare} %.`} error={errorAt(errors, `${path}.share`)} />
        <div>
          <label htmlFor={`${id}-position`} className="mb-1.5 block text-sm font-semibold text-fg">
            Position
          </label>
          <select id={`${id}-position`} value={entry.position} onChange={(e) => onChange({ position: e.target.value as LoreForm["position"] })} className={inputClass}>
            {POSITIONS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {errorAt(errors, path) && !["name", "keys", "content", "priority", "share"].some((f) => errorAt(errors, `${path}.${f}`)) ? <p className={`text-sm ${dangerText}`}>{errorAt(errors, path)}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => onMove(i - 1)}>
          Move up<span className="sr-only"> entry {i + 1}</span>
        </Button>
        <Button size="sm" variant="ghost" disabled={i === count - 1} onClick={() => onMove(i + 1)}>
          Move down<span className="sr-only"> entry {i + 1}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={onRemove}>
          Remove<span className="sr-only"> entry {i + 1}</span>
        </Button>
      </div>
    </fieldset>
  );
}

/** The lorebook's entries, each a fieldset, with add, remove and reorder. */
export function LorebookEditor({ idPrefix, entries, onChange, errors }: LorebookEditorProps) {
  const set = (i: number, patch: Partial<LoreForm>) => onChange(entries.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  const move = (from: number, to: number) => {
    const next = [...entries];
    const [e] = next.splice(from, 1);
    next.splice(to, 0, e!);
    onChange(next);
  };
  return (
    <div className="flex flex-col gap-4">
      {errors.lorebook ? <p className={`text-sm ${dangerText}`}>{errors.lorebook}</p> : null}
      {entries.length === 0 ? <p className="text-sm text-muted">No entries yet. Add one for a place, an object or a person your characters should know about when the player names them.</p> : null}
      {entries.map((e, i) => (
        <EntryFields key={i} idPrefix={idPrefix} i={i} entry={e} count={entries.length} errors={errors} onChange={(patch) => set(i, patch)} onRemove={() => onChange(entries.filter((_, j) => j !== i))} onMove={(to) => move(i, to)} />
      ))}
      <Button size="sm" variant="secondary" className="self-start" disabled={entries.length >= LORE_LIMITS.entries} onClick={() => onChange([...entries, newLoreEntry(entries.length + 1)])}>
        Add an entry
      </Button>
    </div>
  );
}
