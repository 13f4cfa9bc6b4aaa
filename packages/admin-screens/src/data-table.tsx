"use client";
// The console's one table: TanStack Table for the model, plain semantic markup for the rest. Paging is
// the API's (keyset cursors): the next page's cursor goes into the URL, so a page can be shared and the
// browser's Back returns to the previous one.
import { tableFeatures, useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import { EmptyState, ErrorState, Skeleton, cx } from "@storyloom/ui";
import type { ReactNode } from "react";
import { DataTablePager } from "./pager";

/** The table's features: the core only (paging, filtering and order are the server's). */
export const coreFeatures = tableFeatures({});
/** A column of a console table. */
export type Column<T extends RowData> = ColumnDef<typeof coreFeatures, T, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Props of {@link DataTable}. */
export interface DataTableProps<T extends RowData> {
  /** What the table lists (its caption, read by screen readers). */
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  /** A stable key per row. */
  rowId: (row: T) => string;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** The next page's cursor, null on the last page. */
  nextCursor: string | null | undefined;
  /** What an empty list says. */
  empty: string;
  /** Marks a row (e.g. the one open beside the table). */
  selected?: (row: T) => boolean;
}

/** A dense, horizontally scrolling table with loading, error, empty states and cursor paging. */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const data = props.rows ?? EMPTY;
  const table = useTable({ features: coreFeatures, columns: props.columns, data: data as T[], getRowId: props.rowId });
  if (props.error) return <ErrorState message={props.error.message || "The list could not be loaded."} onRetry={props.onRetry} />;
  if (props.loading) return <LoadingRows />;
  if (data.length === 0) return <EmptyState title={props.empty} />;
  return (
    <div>
      <div className="overflow-x-auto rounded border border-line" tabIndex={0} role="region" aria-label={props.caption}>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{props.caption}</caption>
          <thead className="bg-surface-2">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="whitespace-nowrap px-2 py-1.5 text-xs uppercase tracking-wide text-muted">
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={cx("border-t border-line align-top", props.selected?.(row.original) && "bg-surface-2")}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-2 py-1.5">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DataTablePager nextCursor={props.nextCursor} />
    </div>
  );
}

const EMPTY: never[] = [];

/** Placeholder rows while a page loads. */
function LoadingRows() {
  return (
    <div aria-busy="true" aria-live="polite" className="flex flex-col gap-2">
      <span className="sr-only">Loading…</span>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

/** A labelled section of a screen. */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="mt-6" aria-label={title}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
