"use client";
// The "Story map" disclosure of the editor: a small button in the page's first load; the map
// itself (the graph view, its styles and the layout worker) loads when the author opens it.
import { lazy, Suspense, useMemo, useState } from "react";
import { knotReachOf, type CoverageState } from "../story-coverage/coverage-types";

const loadMap = () => import("./story-map-view");
const StoryMapView = lazy(() => loadMap().then((m) => ({ default: m.StoryMapView })));
const warmMap = () => void loadMap().catch(() => undefined);

/** Props of {@link StoryMapSection}. */
export interface StoryMapSectionProps {
  idPrefix: string;
  /** The last compiled script (null until one compiles) and the source as typed. */
  json: string | null;
  source: string;
  visited: readonly string[];
  here: string | null;
  /** Coverage, once the author ran it: the map marks the knots no play reached. */
  coverage?: CoverageState;
  /** Moves the script editor to a line (ScriptEditorHandle.goToLine). */
  onGoToLine: (line: number) => void;
}

/** The map of the story's knots and ways, opened on demand. */
export function StoryMapSection({
  idPrefix,
  json,
  source,
  visited,
  here,
  coverage,
  onGoToLine,
}: StoryMapSectionProps) {
  const [open, setOpen] = useState(false);
  const reach = useMemo(
    () => (coverage && coverage.state !== "off" ? knotReachOf(coverage) : undefined),
    [coverage],
  );
  return (
    <section aria-labelledby={`${idPrefix}-map-label`} className="flex flex-col gap-3">
      <h2 id={`${idPrefix}-map-label`} className="text-sm font-semibold text-fg">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${idPrefix}-map-panel`}
          onPointerEnter={warmMap}
          onFocus={warmMap}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex min-h-9 items-center gap-2 rounded-lg underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          Story map
        </button>
      </h2>
      <div id={`${idPrefix}-map-panel`} hidden={!open}>
        {open ? (
          json ? (
            <Suspense
              fallback={
                <p role="status" className="text-sm text-muted">
                  Loading the story map…
                </p>
              }
            >
              <StoryMapView
                json={json}
                source={source}
                visited={visited}
                here={here}
                reach={reach}
                onGoToLine={onGoToLine}
              />
            </Suspense>
          ) : (
            <p className="text-sm text-muted">The map shows the story as soon as the script compiles.</p>
          )
        ) : null}
      </div>
    </section>
  );
}
