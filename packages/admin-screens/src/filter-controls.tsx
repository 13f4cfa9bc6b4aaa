"use client";
// Filter controls that live in the URL: changing one replaces the page's search parameters (and
// starts again at the first page), so the view can be shared and Back undoes it.
import { Button } from "@storyloom/ui";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { withParams } from "./filters";

/** A select bound to one search parameter. */
export function FilterSelect({ label, name, value, options }: { label: string; name: string; value: string; options: readonly string[] }) {
  const id = useId();
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => router.push(`${path}${withParams(params, { [name]: e.target.value })}`)}
        className="rounded border border-line bg-surface-2 px-2 py-1"
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A form of text filters: submitted, its fields become the URL's parameters (blank ones removed). */
export function FilterForm({ fields, submitLabel = "Apply", children }: { fields: { name: string; label: string; value?: string; type?: string; placeholder?: string }[]; submitLabel?: string; children?: ReactNode }) {
  const id = useId();
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f.name, f.value ?? ""])));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    router.push(`${path}${withParams(params, values)}`);
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2 text-sm">
      {fields.map((f) => (
        <div key={f.name} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${f.name}`} className="font-semibold">
            {f.label}
          </label>
          <input
            id={`${id}-${f.name}`}
            name={f.name}
            type={f.type ?? "text"}
            placeholder={f.placeholder}
            value={values[f.name] ?? ""}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            className="rounded border border-line bg-surface-2 px-2 py-1"
          />
        </div>
      ))}
      <Button type="submit" size="sm">
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
