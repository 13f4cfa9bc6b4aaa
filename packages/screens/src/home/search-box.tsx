"use client";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { Spinner } from "@storyloom/ui";
import { filterHref, SEARCH_DEBOUNCE_MS, type CatalogueFilter } from "../catalogue/query";

/**
 * The catalogue search field. Typing updates the URL's `q` after a pause (replace, so Back leaves
 * the page rather than stepping through keystrokes); the server then renders the matching page.
 * Inside a form with a real submit, so it also works before hydration.
 */
export function SearchBox({ filter }: { filter: CatalogueFilter }) {
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(filter.q);
  const [pending, startTransition] = useTransition();
  const applied = useRef(filter.q);

  // A navigation (Back, a chip) may change q under us: follow it unless the user is mid-typing.
  useEffect(() => {
    if (filter.q === applied.current) return;
    applied.current = filter.q;
    setValue(filter.q);
  }, [filter.q]);

  useEffect(() => {
    const q = value.trim();
    if (q === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = q;
      startTransition(() => router.replace(filterHref({ ...filter, q }), { scroll: false }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, filter, router]);

  return (
    <form role="search" action="/" className="relative" onSubmit={(e) => {
      e.preventDefault();
      const q = value.trim();
      applied.current = q;
      startTransition(() => router.replace(filterHref({ ...filter, q }), { scroll: false }));
    }}>
      <label htmlFor={id} className="sr-only">Search stories</label>
      <svg aria-hidden="true" viewBox="0 0 24 24" width={18} height={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" fill="none" stroke="currentColor" strokeWidth={2}>
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-4-4" />
      </svg>
      <input
        id={id}
        name="q"
        type="search"
        value={value}
        maxLength={100}
        autoComplete="off"
        placeholder="Search stories, characters, tags"
        onChange={(e) => setValue(e.target.value)}
        className="h-11 w-full rounded-xl border border-line bg-surface-2 pr-10 pl-10 text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-brand"
      />
      {filter.category ? <input type="hidden" name="category" value={filter.category} /> : null}
      {filter.sort !== "popular" ? <input type="hidden" name="sort" value={filter.sort} /> : null}
      {pending ? <span className="absolute top-1/2 right-3 -translate-y-1/2"><Spinner size={16} label="Searching" /></span> : null}
    </form>
  );
}
