"use client";
import type { ReactNode } from "react";
import type { Category, Rating } from "@storyloom/contract";
import { SPEECH_LIMITS, STORY_LIMITS as L } from "@storyloom/contract/constants";
import { Button, TextField, dangerText, inputClass } from "@storyloom/ui";
import type { CharacterForm, DraftForm } from "./editor-logic";

/** Props of {@link DraftFields}. */
export interface DraftFieldsProps {
  idPrefix: string;
  form: DraftForm;
  onChange: (patch: Partial<DraftForm>) => void;
  categories: Category[] | undefined;
  /** field path → message, from the contract's checks or the server's answer */
  errors: Record<string, string>;
  /** an action beside character `index`'s name (the editor's "Export card") */
  characterAction?: (index: number) => ReactNode;
}

export function Area({ id, label, value, onChange, max, rows, error, hint }: { id: string; label: string; value: string; onChange: (v: string) => void; max: number; rows: number; error?: string; hint?: string }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-fg">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={inputClass}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={`mt-1 text-sm ${dangerText}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const RATINGS: { value: Rating; label: string; hint: string }[] = [
  { value: "general", label: "General", hint: "Fine for every player." },
  { value: "mature", label: "Mature 18+", hint: "Sexual or graphic content: shown only to signed-in players who confirmed they are 18 or older." },
];

/** The author's content rating, as two radio buttons (staff may change it in review). */
function RatingField({ idPrefix, value, onChange }: { idPrefix: string; value: Rating; onChange: (r: Rating) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-fg">Rating</legend>
      {RATINGS.map((r) => (
        <label key={r.value} htmlFor={`${idPrefix}-rating-${r.value}`} className="flex items-start gap-2 text-sm">
          <input id={`${idPrefix}-rating-${r.value}`} type="radio" name={`${idPrefix}-rating`} value={r.value} checked={value === r.value} onChange={() => onChange(r.value)} className="mt-1 accent-brand" />
          <span>
            <span className="font-semibold text-fg">{r.label}</span>
            <span className="block text-xs text-muted">{r.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Title, hook, category, tags, rating and the characters of a draft. */
export function DraftFields({ idPrefix, form, onChange, categories, errors, characterAction }: DraftFieldsProps) {
  const setCharacter = (i: number, patch: Partial<CharacterForm>) => onChange({ characters: form.characters.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <div className="flex flex-col gap-4">
      <TextField id={`${idPrefix}-title`} label="Title" maxLength={L.titleChars} value={form.title} onChange={(e) => onChange({ title: e.target.value })} error={errors.title} />
      <Area id={`${idPrefix}-hook`} label="Hook" rows={2} max={L.hookChars} value={form.hook} onChange={(hook) => onChange({ hook })} error={errors.hook} hint="One or two lines on the story's card that make people want to play." />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${idPrefix}-category`} className="mb-1.5 block text-sm font-semibold text-fg">
            Category
          </label>
          <select
            id={`${idPrefix}-category`}
            value={form.category_id}
            onChange={(e) => onChange({ category_id: e.target.value })}
            aria-invalid={errors.category_id ? true : undefined}
            aria-describedby={errors.category_id ? `${idPrefix}-category-error` : undefined}
            className={inputClass}
          >
            <option value="">{categories ? "Choose a category" : "Loading categories…"}</option>
            {categories?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.category_id ? (
            <p id={`${idPrefix}-category-error`} className={`mt-1 text-sm ${dangerText}`}>
              {errors.category_id}
            </p>
          ) : null}
        </div>
        <TextField id={`${idPrefix}-tags`} label="Tags" value={form.tagsText} onChange={(e) => onChange({ tagsText: e.target.value })} error={errors.tags} hint={`Separated by commas, up to ${L.tags}.`} />
      </div>

      <RatingField idPrefix={idPrefix} value={form.rating} onChange={(rating) => onChange({ rating })} />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-fg">Characters</legend>
        {errors.characters ? <p className={`text-sm ${dangerText}`}>{errors.characters}</p> : null}
        {form.characters.length === 0 ? <p className="text-sm text-muted">Add the characters players meet. The first one greets the player when the story starts.</p> : null}
        {form.characters.map((c, i) => (
          <div key={i} role="group" aria-label={`Character ${i + 1}`} className="flex flex-col gap-3 rounded-xl border border-line p-3">
            <div className="flex items-end gap-2">
              <TextField
                id={`${idPrefix}-char-${i}-name`}
                label={`Character ${i + 1} name`}
                className="flex-1"
                maxLength={L.nameChars}
                value={c.name}
                onChange={(e) => setCharacter(i, { name: e.target.value })}
                error={errors[`characters.${i}.name`]}
              />
              {characterAction?.(i)}
              <Button size="sm" variant="ghost" aria-label={`Remove character ${i + 1}`} onClick={() => onChange({ characters: form.characters.filter((_, j) => j !== i) })}>
                Remove
              </Button>
            </div>
            <Area id={`${idPrefix}-char-${i}-persona`} label="Persona" rows={2} max={L.personaChars} value={c.persona} onChange={(persona) => setCharacter(i, { persona })} error={errors[`characters.${i}.persona`]} hint="Who they are and how they talk." />
            <Area id={`${idPrefix}-char-${i}-greeting`} label="Greeting" rows={2} max={L.greetingChars} value={c.greeting} onChange={(greeting) => setCharacter(i, { greeting })} error={errors[`characters.${i}.greeting`]} />
            <TextField
              id={`${idPrefix}-char-${i}-voice`}
              label="Voice (read aloud)"
              maxLength={SPEECH_LIMITS.voiceChars}
              value={c.voice ?? ""}
              onChange={(e) => setCharacter(i, { voice: e.target.value })}
              error={errors[`characters.${i}.voice`]}
              hint="A voice name of the speech server (e.g. alloy); empty for its default."
            />
          </div>
        ))}
        {form.characters.length < L.characters ? (
          <Button size="sm" variant="secondary" className="self-start" onClick={() => onChange({ characters: [...form.characters, { name: "", persona: "", greeting: "" }] })}>
            Add a character
          </Button>
        ) : null}
      </fieldset>
    </div>
  );
}
