"use client";
import { lazy, Suspense, useState } from "react";
import type { StoryDraft } from "@storyloom/contract";

// The editor's Versions section: a disclosure whose panel (the list, the diff library and the
// restore) is loaded only when first opened, or warmed when its button is pointed at or focused.
const loadPanel = () => import("./versions-panel");
const VersionsPanel = lazy(() => loadPanel().then((m) => ({ default: m.VersionsPanel })));
const warmPanel = () => void loadPanel().catch(() => undefined);

export interface VersionsSectionProps {
  idPrefix: string;
  draftId: string;
  /** the editor holds changes not saved yet: a restore would replace them */
  dirty: boolean;
  /** the restore's answer: the draft as the server now holds it */
  onRestored: (draft: StoryDraft) => void;
}

/** Every publish of the draft, to compare and restore; closed (and not loaded) until the author opens it. */
export function VersionsSection({ idPrefix, draftId, dirty, onRestored }: VersionsSectionProps) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={`${idPrefix}-versions-label`} className="flex flex-col gap-3">
      <h2 id={`${idPrefix}-versions-label`} className="text-sm font-semibold text-fg">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${idPrefix}-versions-panel`}
          onPointerEnter={warmPanel}
          onFocus={warmPanel}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex min-h-9 items-center gap-2 rounded-lg underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          Versions
        </button>
      </h2>
      <div id={`${idPrefix}-versions-panel`} hidden={!open}>
        {open ? (
          <Suspense fallback={<p role="status" className="text-sm text-muted">Loading the versions…</p>}>
            <VersionsPanel idPrefix={idPrefix} draftId={draftId} dirty={dirty} onRestored={onRestored} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
