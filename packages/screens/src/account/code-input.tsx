"use client";
import type { Ref } from "react";
import { normalizeCode } from "./login-logic";

/** Props of {@link CodeInput}. */
export interface CodeInputProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The 6-digit sign-in code as one field: one-time-code autocomplete lets phones fill it from the
 * mail or SMS, and a paste like "Code: 123 456" keeps only the digits. One input (not six boxes)
 * so screen readers and password managers see a single, labelled field.
 */
export function CodeInput({ id, value, onChange, disabled, invalid, describedBy, ref }: CodeInputProps) {
  return (
    <input
      ref={ref}
      id={id}
      name="code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={12}
      required
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      value={value}
      onChange={(event) => onChange(normalizeCode(event.target.value))}
      className="w-full rounded-xl border border-line bg-surface-2 px-4 py-3 text-center font-mono text-2xl tracking-[0.5em] text-fg outline-none focus-visible:ring-2 focus-visible:ring-brand aria-[invalid]:border-red-500"
    />
  );
}
