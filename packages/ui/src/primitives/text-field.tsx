import type { ComponentPropsWithRef, ReactNode } from "react";

/** Input styling shared by every form of the account, coins and tasks screens. */
export const inputClass =
  "w-full rounded-xl border border-line bg-surface-2 px-4 py-3 text-base text-fg placeholder:text-muted outline-none focus-visible:ring-2 focus-visible:ring-brand aria-[invalid=true]:border-red-500";

/** Error text readable on both themes (red-500 is too faint on white for small text). */
export const dangerText = "text-red-400 in-data-[theme=light]:text-red-700";

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<ComponentPropsWithRef<"input">, "id"> {
  id: string;
  label: ReactNode;
  /** Shown under the field and announced with it; also marks the field invalid. */
  error?: string | null;
  hint?: ReactNode;
}

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ id, label, error, hint, className, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-fg">
        {label}
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined} className={inputClass} {...input} />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={`mt-1 text-sm ${dangerText}`}>
          {error}
        </p>
      )}
    </div>
  );
}
