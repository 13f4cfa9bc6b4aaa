"use client";
import type { ScriptProblem } from "@storyloom/contract";
import type { ScriptCheck } from "./use-script-check";
import { dangerText } from "@storyloom/ui";

/** Props of {@link ScriptProblems}. */
export interface ScriptProblemsProps {
  id: string;
  check: ScriptCheck;
  /** problems the server found on the last publish (shown until the script changes) */
  server: ScriptProblem[];
  onGoTo: (line: number) => void;
}

/** The compile errors, dead ends and runtime errors, each a button that moves the caret to its line. */
export function ScriptProblems({ id, check, server, onGoTo }: ScriptProblemsProps) {
  const items: { line: number; message: string }[] = [];
  if (check.state === "errors") items.push(...check.errors);
  if (check.state === "ok") items.push(...check.problems, ...server.map((p) => ({ line: p.line ?? 0, message: p.message })));
  return (
    <div id={id} aria-live="polite">
      {check.state === "loading" ? <p className="text-sm text-muted">Checking the script…</p> : null}
      {check.state === "ok" && items.length === 0 ? <p className="text-sm text-muted">The script compiles.</p> : null}
      {items.length > 0 ? (
        <ul aria-label="Script problems" className="flex flex-col gap-1">
          {items.map((p, i) => (
            <li key={i}>
              <button
                type="button"
                disabled={!p.line}
                onClick={() => onGoTo(p.line)}
                className={`w-full rounded-lg px-2 py-1 text-left text-sm hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none ${dangerText}`}
              >
                <span className="font-semibold">{p.line ? `Line ${p.line}` : "Problem"}:</span> {p.message}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The walker's report: endings a player can reach, dead ends, and how many choices a play takes. */
export function WalkerReport({ check, onGoToKnot }: { check: ScriptCheck; onGoToKnot: (knot: string) => void }) {
  if (check.state !== "ok") return <p className="text-sm text-muted">The walk report appears once the script compiles.</p>;
  const r = check.report;
  return (
    <div>
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      <dt className="text-muted">Endings reachable</dt>
      <dd className={`font-semibold ${r.endings.length === 0 ? dangerText : "text-fg"}`} data-testid="endings-count">
        {r.endings.length}
        {r.endings.length === 0 ? " — end a path with -> END" : ""}
      </dd>
      <dt className="text-muted">Dead ends</dt>
      <dd className={`font-semibold ${r.deadEnds.length ? dangerText : "text-fg"}`} data-testid="dead-ends-count">
        {r.deadEnds.length}
      </dd>
      <dt className="text-muted">Choices to an ending</dt>
      <dd className="font-semibold text-fg">{r.endings.length ? `${r.depth.min}–${r.depth.max} (typically ${r.depth.typical})` : "—"}</dd>
      <dt className="text-muted">Knots visited</dt>
      <dd className="font-semibold text-fg">
        {r.knotsVisited.length} of {r.knots.length}
      </dd>
      {r.endings.length > 0 ? (
        <div className="col-span-2">
          <dt className="sr-only">Endings</dt>
          <dd>
            <ul className="flex flex-wrap gap-1.5" aria-label="Endings">
              {r.endings.map((e) => (
                <li key={e.knot}>
                  <button type="button" onClick={() => onGoToKnot(e.knot)} className="rounded-full border border-line px-2 py-0.5 text-xs text-muted hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none">
                    {e.knot || "start"} · {e.depth} choice{e.depth === 1 ? "" : "s"}
                  </button>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
      {r.deadEnds.length > 0 ? (
        <div className="col-span-2">
          <dt className="sr-only">Dead end details</dt>
          <dd>
            <ul className="flex flex-col gap-1" aria-label="Dead ends">
              {r.deadEnds.map((d, i) => (
                <li key={i}>
                  <button type="button" onClick={() => onGoToKnot(d.knot)} className={`text-left text-xs hover:underline ${dangerText}`}>
                    {d.knot || "start"}: {d.kind === "loop" ? "every way on loops forever" : "the story stops with no choice and no ending"}
                    {d.choices.length ? ` (after ${d.choices.join(" → ")})` : ""}
                  </button>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
      {r.truncated ? <p className="mt-2 text-xs text-muted">The story is large: this quick walk stopped early; publishing walks it further.</p> : null}
    </div>
  );
}
