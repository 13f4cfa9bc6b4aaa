"use client";
import { useMemo } from "react";
import { useApiQuery } from "@storyloom/api-client/react";
import { ErrorState, Skeleton } from "@storyloom/ui";
import { fieldChanges, scriptDiff, type DiffRow } from "./version-diff-logic";

// The comparison of two versions: the fields that changed, then the script's line diff. Each added
// or removed line carries a visible "+" or "−" and the words "Added"/"Removed" for screen readers;
// the colours only repeat what the text says.

const MARK: Record<"same" | "added" | "removed", { sign: string; word: string; row: string }> = {
  same: { sign: " ", word: "Unchanged", row: "" },
  added: { sign: "+", word: "Added", row: "bg-emerald-500/15" },
  removed: { sign: "−", word: "Removed", row: "bg-red-500/15" },
};

function Row({ row }: { row: DiffRow }) {
  if (row.kind === "fold") {
    return (
      <tr>
        <td colSpan={4} className="px-2 py-1 text-center text-xs text-muted">
          … {row.count === 1 ? "1 unchanged line" : `${row.count} unchanged lines`} …
        </td>
      </tr>
    );
  }
  const mark = MARK[row.kind];
  return (
    <tr className={mark.row}>
      <td className="select-none px-2 text-right text-muted">{row.oldLine ?? ""}</td>
      <td className="select-none px-2 text-right text-muted">{row.newLine ?? ""}</td>
      <td className="select-none px-1 text-center font-semibold">
        <span aria-hidden="true">{mark.sign}</span>
        <span className="sr-only">{mark.word}</span>
      </td>
      <td className="whitespace-pre-wrap break-words px-2">{row.text || " "}</td>
    </tr>
  );
}

/** What changed from version `fromId` (older) to `toId`, named `names` (their publish times). */
export function VersionDiff({ draftId, fromId, toId, names }: { draftId: string; fromId: string; toId: string; names: [string, string] }) {
  // A version's script and fields never change: one read is enough.
  const from = useApiQuery("storyVersionGet", { draft_id: draftId, version_id: fromId }, { staleTime: Infinity });
  const to = useApiQuery("storyVersionGet", { draft_id: draftId, version_id: toId }, { staleTime: Infinity });
  const a = from.data?.version;
  const b = to.data?.version;
  const script = useMemo(() => (a && b ? scriptDiff(a.script, b.script) : undefined), [a, b]);
  const fields = useMemo(() => (a && b ? fieldChanges(a, b) : []), [a, b]);

  if (from.isError || to.isError) {
    return (
      <ErrorState
        message="We couldn't load these versions."
        onRetry={() => {
          if (from.isError) void from.refetch();
          if (to.isError) void to.refetch();
        }}
        retrying={from.isFetching || to.isFetching}
      />
    );
  }
  if (!a || !b || script === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          Loading the comparison
        </span>
        <Skeleton className="h-8" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  const summary = script === null ? "too different to compare line by line" : script.added + script.removed === 0 ? "no line changed" : `${script.added} ${script.added === 1 ? "line" : "lines"} added, ${script.removed} removed`;
  return (
    <section aria-label="Comparison of two versions" className="flex flex-col gap-4 rounded-2xl border border-line p-4">
      <h3 className="font-semibold text-fg">
        From {names[0]} to {names[1]}
      </h3>
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold text-fg">Fields</h4>
        {fields.length === 0 ? (
          <p className="text-sm text-muted">No field changed.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Fields that changed</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 pr-2 font-semibold">
                  Field
                </th>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  Was
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Now
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => (
                <tr key={f.field} className="border-t border-line align-top">
                  <th scope="row" className="py-1 pr-2 font-semibold text-fg">
                    {f.field}
                  </th>
                  <td className="whitespace-pre-wrap break-words py-1 pr-2">{f.before ?? <span className="text-muted">(none)</span>}</td>
                  <td className="whitespace-pre-wrap break-words py-1">{f.after ?? <span className="text-muted">(none)</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold text-fg">Script: {summary}</h4>
        {script && script.added + script.removed > 0 ? (
          <div role="region" aria-label="Script changes" tabIndex={0} className="max-h-[32rem] overflow-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-brand">
            <table className="w-full border-collapse font-mono text-xs">
              <caption className="sr-only">Script lines: old line number, new line number, change, text</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Old line</th>
                  <th scope="col">New line</th>
                  <th scope="col">Change</th>
                  <th scope="col">Text</th>
                </tr>
              </thead>
              <tbody>
                {script.rows.map((r, i) => (
                  <Row key={i} row={r} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </section>
  );
}
