"use client";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { StoryVersionState, StoryVersionSummary } from "@storyloom/contract";
import { useApiMutation, useApiQuery } from "@storyloom/api-client/react";
import { Badge, Button, dangerText, ErrorState, Skeleton, type BadgeTone } from "@storyloom/ui";
import { errorText } from "../tasks/messages";
import type { VersionsSectionProps } from "./versions-section";

// The Versions panel: a draft's versions (one per publish) page by page, two of them chosen to
// compare, and a restore that asks first. The diff (and the diff library) loads when compared.
const VersionDiff = lazy(() => import("./version-diff").then((m) => ({ default: m.VersionDiff })));

const STATES: Record<StoryVersionState, { label: string; tone: BadgeTone }> = {
  pending: { label: "In review", tone: "warning" },
  approved: { label: "Approved", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  superseded: { label: "Replaced before review", tone: "neutral" },
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
/** How a version is named to the author: when it was published. */
export const versionName = (v: Pick<StoryVersionSummary, "submitted_at">) => when.format(new Date(v.submitted_at));

const PAGE = 20;

interface Choice {
  chosen: string[];
  toggle: (v: StoryVersionSummary) => void;
  restore: (v: StoryVersionSummary) => void;
  restoring: string | null;
}

/** One page of versions (the first, or the one after `cursor`), then a button for the next page. */
function VersionPage({ draftId, cursor, choice, seen }: { draftId: string; cursor?: string; choice: Choice; seen: (vs: StoryVersionSummary[]) => void }) {
  const page = useApiQuery("storyVersionList", { draft_id: draftId, limit: PAGE, ...(cursor ? { cursor } : {}) }, { staleTime: 0 });
  const [more, setMore] = useState(false);
  useEffect(() => {
    if (page.data) seen(page.data.versions);
  }, [page.data, seen]);
  if (page.isPending) {
    return (
      <li aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          Loading versions
        </span>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </li>
    );
  }
  if (page.isError) {
    return (
      <li>
        <ErrorState message="We couldn't load the versions." onRetry={() => void page.refetch()} retrying={page.isFetching} />
      </li>
    );
  }
  return (
    <>
      {page.data.versions.map((v) => {
        const state = STATES[v.state];
        const picked = choice.chosen.includes(v.id);
        return (
          <li key={v.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-line px-3 py-2">
            <label className="inline-flex min-h-9 items-center gap-2 text-sm">
              <input type="checkbox" checked={picked} onChange={() => choice.toggle(v)} className="size-4 accent-brand" />
              <span>
                <span className="font-semibold text-fg">{versionName(v)}</span>
                <span className="sr-only">, compare</span>
              </span>
            </label>
            <Badge tone={state.tone}>{state.label}</Badge>
            <span className="min-w-0 truncate text-sm text-muted">{v.title}</span>
            <Button size="sm" variant="ghost" className="ml-auto" aria-label={`Restore the version of ${versionName(v)}`} onClick={() => choice.restore(v)} disabled={choice.restoring !== null}>
              Restore
            </Button>
            {v.state === "rejected" && v.reason ? <p className="w-full text-xs text-muted">Reason: {v.reason}</p> : null}
          </li>
        );
      })}
      {page.data.next_cursor ? (
        more ? (
          <VersionPage draftId={draftId} cursor={page.data.next_cursor} choice={choice} seen={seen} />
        ) : (
          <li>
            <Button size="sm" variant="secondary" onClick={() => setMore(true)}>
              Show older versions
            </Button>
          </li>
        )
      ) : null}
    </>
  );
}

/** The panel's body: the list, the comparison of the two chosen versions, and the restore's confirmation. */
export function VersionsPanel({ idPrefix, draftId, dirty, onRestored }: VersionsSectionProps) {
  const [known, setKnown] = useState<Map<string, StoryVersionSummary>>(() => new Map());
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [compared, setCompared] = useState<[string, string] | null>(null);
  const [confirming, setConfirming] = useState<StoryVersionSummary | null>(null);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const restore = useApiMutation("storyVersionRestore");
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The Restore button that asked: focus goes back to it when the question closes.
  const opener = useRef<HTMLElement | null>(null);

  const seen = useCallback((vs: StoryVersionSummary[]) => {
    setKnown((k) => {
      const next = new Map(k);
      for (const v of vs) next.set(v.id, v);
      return next;
    });
    // The two newest are chosen to start with: "what did my last publish change".
    setChosen((c) => c ?? vs.slice(0, 2).map((v) => v.id));
  }, []);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const picked = chosen ?? [];
  const choice: Choice = {
    chosen: picked,
    // Choosing a third drops the one chosen first.
    toggle: (v) => setChosen((c) => ((c ?? []).includes(v.id) ? (c ?? []).filter((id) => id !== v.id) : [...(c ?? []), v.id].slice(-2))),
    restore: (v) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setMessage(null);
      setConfirming(v);
    },
    restoring: restore.isPending ? (confirming?.id ?? null) : null,
  };

  async function onConfirm() {
    if (!confirming) return;
    try {
      const r = await restore.mutateAsync({ draft_id: draftId, version_id: confirming.id });
      onRestored(r.draft);
      setMessage({ tone: "ok", text: `The version of ${versionName(confirming)} is in the draft now. Publish it to send it for review; until then the catalogue doesn't change.` });
    } catch (err) {
      setMessage({ tone: "error", text: errorText(err) });
    }
    close();
  }

  function close() {
    setConfirming(null);
    opener.current?.focus();
  }

  // Older first, so the diff reads as "what changed since".
  const pair = picked.length === 2 ? ([...picked].sort((a, b) => Number(a) - Number(b)) as [string, string]) : null;
  const listId = `${idPrefix}-versions-list`;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Every publish keeps a version. Tick two to compare them, or restore one into the draft: a restored draft is published and reviewed like any other change.
      </p>
      {message ? (
        <p role={message.tone === "error" ? "alert" : "status"} className={`rounded-xl px-3 py-2 text-sm ${message.tone === "error" ? `bg-red-500/10 ${dangerText}` : "bg-emerald-500/10 text-fg"}`}>
          {message.text}
        </p>
      ) : null}
      {confirming ? (
        <div role="group" aria-labelledby={`${idPrefix}-restore-q`} className="flex flex-col gap-2 rounded-xl border border-line p-3">
          <p id={`${idPrefix}-restore-q`} className="text-sm text-fg">
            Restore the version of {versionName(confirming)} into the draft?{" "}
            {dirty ? <strong>Your unsaved changes will be replaced.</strong> : "The draft's current text will be replaced."} The catalogue doesn&apos;t change until you publish.
          </p>
          <div className="flex gap-2">
            <Button ref={confirmButton} size="sm" onClick={() => void onConfirm()} loading={restore.isPending} loadingText="Restoring…">
              Restore this version
            </Button>
            <Button size="sm" variant="ghost" onClick={close} disabled={restore.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <ol id={listId} aria-label="Versions, newest first" className="flex flex-col gap-2">
        <VersionPage draftId={draftId} choice={choice} seen={seen} />
      </ol>
      {known.size === 0 ? null : known.size === 1 ? (
        <p className="text-sm text-muted">One version so far: publish again to have two to compare.</p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" aria-controls={`${idPrefix}-versions-diff`} disabled={!pair} onClick={() => pair && setCompared(pair)}>
            Compare the two ticked versions
          </Button>
          {!pair ? <span className="text-sm text-muted">Tick two versions to compare.</span> : null}
        </div>
      )}
      <div id={`${idPrefix}-versions-diff`}>
        {compared ? (
          <Suspense fallback={<p role="status" className="text-sm text-muted">Loading the comparison…</p>}>
            <VersionDiff draftId={draftId} fromId={compared[0]} toId={compared[1]} names={[known.get(compared[0]), known.get(compared[1])].map((v) => (v ? versionName(v) : "an older version")) as [string, string]} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
