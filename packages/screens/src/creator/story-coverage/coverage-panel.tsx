"use client";
import { Button, dangerText } from "@storyloom/ui";
import type { Coverage, CoverageState } from "./coverage-types";

/** Props of {@link CoveragePanel}. */
export interface CoveragePanelProps {
  idPrefix: string;
  state: CoverageState;
  onStart: () => void;
  /** Moves the editor to a line (a knot's header). */
  onGoTo: (line: number) => void;
}

const share = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : "0%");

/** Per knot, whether a play can reach it; per ending, how many random plays reached it. */
function Result({ coverage, onGoTo, stale }: { coverage: Coverage; onGoTo: (line: number) => void; stale: boolean }) {
  const reached = coverage.knots.filter((k) => k.reached).length;
  return (
    <div className={`flex flex-col gap-3 ${stale ? "opacity-70" : ""}`}>
      <p className="text-sm text-fg" data-testid="coverage-summary">
        {reached} of {coverage.knots.length} knots reached · {coverage.playsEnded} of {coverage.plays} random plays ended
      </p>
      {coverage.knots.length ? (
        <ul aria-label="Knot coverage" className="flex max-h-64 flex-col gap-0.5 overflow-auto">
          {coverage.knots.map((k) => (
            <li key={k.knot} data-reached={k.reached}>
              <button
                type="button"
                disabled={!k.line}
                onClick={() => onGoTo(k.line)}
                className="flex w-full items-baseline justify-between gap-2 rounded-lg px-2 py-1 text-left text-sm hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
              >
                <span className="truncate font-mono text-fg">{k.knot}</span>
                {k.reached ? <span className="shrink-0 text-xs text-muted">Reached</span> : <span className={`shrink-0 text-xs font-semibold ${dangerText}`}>Not reached</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">The script has no knots yet.</p>
      )}
      <h3 className="text-sm font-semibold text-fg">Endings</h3>
      {coverage.endings.length ? (
        <ul aria-label="Ending coverage" className="flex flex-col gap-0.5">
          {coverage.endings.map((e) => (
            <li key={e.knot}>
              <button
                type="button"
                disabled={!e.line}
                onClick={() => onGoTo(e.line)}
                className="flex w-full items-baseline justify-between gap-2 rounded-lg px-2 py-1 text-left text-sm hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
              >
                <span className="truncate font-mono text-fg">{e.knot || "start"}</span>
                <span className="shrink-0 text-xs text-muted">
                  {e.plays} of {coverage.plays} plays ({share(e.plays, coverage.plays)})
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={`text-sm ${dangerText}`}>No ending can be reached: end a path with -&gt; END.</p>
      )}
      {coverage.truncated ? <p className="text-xs text-muted">The story is large: the walk stopped at its bounds, so &ldquo;not reached&rdquo; means not reached within 40 choices.</p> : null}
    </div>
  );
}

/**
 * The Coverage panel: runs the walk in a worker when asked, then keeps it up to date as the
 * script changes, showing the last result (dimmed) while the next one runs.
 */
export function CoveragePanel({ idPrefix, state, onStart, onGoTo }: CoveragePanelProps) {
  const last = state.state === "done" ? state.coverage : state.state === "off" ? null : state.last;
  return (
    <section aria-labelledby={`${idPrefix}-coverage`} className="rounded-2xl border border-line p-4">
      <h2 id={`${idPrefix}-coverage`} className="mb-3 font-semibold text-fg">
        Coverage
      </h2>
      {state.state === "off" ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm text-muted">Plays every branch in the background: which knots a player can reach, and how often each ending is reached.</p>
          <Button size="sm" variant="secondary" onClick={onStart}>
            Run coverage
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <p role="status" className={`text-sm ${state.state === "error" ? dangerText : "text-muted"}`}>
            {state.state === "running" ? "Running coverage…" : state.state === "error" ? state.error : "Coverage is up to date."}
          </p>
          {last ? <Result coverage={last} onGoTo={onGoTo} stale={state.state !== "done"} /> : null}
        </div>
      )}
    </section>
  );
}
