"use client";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Category, ScriptProblem, StoryDraft } from "@storyloom/contract";
import { useApiMutation, queryKeyOf } from "@storyloom/api-client/react";
import { Badge, Button, dangerText } from "@storyloom/ui";
import type { PreviewProgress } from "@storyloom/ui/ink-preview";
import { IntentLink as Link } from "../shell/intent-link";
import { errorText } from "../tasks/messages";
import { ExportCardButton } from "./character-card";
import { DraftFields } from "./draft-fields";
import { changesOf, formOf, isDirty, knotLine, problemsByLine, publishGaps, type DraftForm } from "./editor-logic";
import { ScriptEditor, ScriptSize, type ScriptEditorHandle } from "./script-editor";
import { ScriptProblems, WalkerReport } from "./script-report";
import { lastJsonOf, useScriptCheck } from "./use-script-check";
import { Cowriter } from "./cowrite";
import { CoveragePanel } from "./story-coverage/coverage-panel";
import { useCoverage } from "./story-coverage/use-coverage";
import { VersionsSection } from "./versions-section";
import { publishedText, storyState } from "./story-state";
import { StoryMapSection } from "./story-map/story-map-section";

// The preview (its UI and ink's runtime, ~27 KiB gzip) and the form's checks with the contract's
// schema (zod, ~40 KiB) load beside the page, not in its first load: both are asked for when the
// editor mounts, beside the compiler the preview waits for anyway. Until the checks are here the form
// shows no client-side errors; the API checks the same on save.
const loadPreview = () => import("@storyloom/ui/ink-preview");
const InkPreview = lazy(() => loadPreview().then((m) => ({ default: m.InkPreview })));
const loadFieldErrors = () => import("./field-errors");
const NO_ERRORS: Record<string, string> = {};

/** The form's errors by the contract's schema, once its chunk has loaded (none before). */
function useFieldErrors(form: DraftForm): Record<string, string> {
  const [check, setCheck] = useState<((f: DraftForm) => Record<string, string>) | null>(null);
  useEffect(() => {
    let live = true;
    loadFieldErrors().then(
      (m) => live && setCheck(() => m.fieldErrors),
      () => undefined,
    );
    void loadPreview().catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return useMemo(() => (check ? check(form) : NO_ERRORS), [check, form]);
}

// The lorebook's fields are code only some authors need: loaded when the section is opened (or
// warmed when its button is pointed at or focused).
const loadLorebook = () => import("./lorebook-section");
const LorebookEditor = lazy(() => loadLorebook().then((m) => ({ default: m.LorebookEditor })));
const warmLorebook = () => void loadLorebook().catch(() => undefined);

/** The Lorebook section: a disclosure that loads its editor when first opened. */
function LorebookSection({ idPrefix, form, errors, onChange }: { idPrefix: string; form: DraftForm; errors: Record<string, string>; onChange: (lorebook: DraftForm["lorebook"]) => void }) {
  const [open, setOpen] = useState(false);
  const loreErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k === "lorebook" || k.startsWith("lorebook.")));
  const problems = Object.keys(loreErrors).length;
  const n = form.lorebook.length;
  return (
    <section aria-labelledby={`${idPrefix}-lore-label`} className="flex flex-col gap-3">
      <h2 id={`${idPrefix}-lore-label`} className="text-sm font-semibold text-fg">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${idPrefix}-lore-panel`}
          onPointerEnter={warmLorebook}
          onFocus={warmLorebook}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex min-h-9 items-center gap-2 rounded-lg underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          Lorebook <span className="font-normal text-muted">({n === 1 ? "1 entry" : `${n} entries`})</span>
        </button>
      </h2>
      {problems && !open ? (
        <p className={`text-sm ${dangerText}`}>
          The lorebook has {problems === 1 ? "a problem" : `${problems} problems`}: open it to fix {problems === 1 ? "it" : "them"}.
        </p>
      ) : null}
      <div id={`${idPrefix}-lore-panel`} hidden={!open}>
        {open ? (
          <Suspense fallback={<p role="status" className="text-sm text-muted">Loading the lorebook…</p>}>
            <p className="mb-3 text-sm text-muted">World info: when the recent turns name an entry&apos;s key (or always), the character&apos;s prompt carries its content. Entries can name each other, two levels deep.</p>
            <LorebookEditor idPrefix={idPrefix} entries={form.lorebook} onChange={onChange} errors={loreErrors} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}

type Notice = { tone: "ok" | "error"; text: string; storyId?: string } | null;

/** What a refused publish says: the fields it named and the script's problems at their lines. */
function refusal(err: unknown): { fields: Record<string, string>; script: ScriptProblem[] } {
  const details = (err as { details?: { fields?: { path: string; message: string }[]; script_problems?: ScriptProblem[] } | null }).details;
  const fields: Record<string, string> = {};
  for (const f of details?.fields ?? []) if (f.path !== "script") fields[f.path] ??= f.message;
  return { fields, script: details?.script_problems ?? [] };
}

/**
 * The editor of one draft: fields, the script with its checks, the live preview and the actions;
 * with `cowrite` (a language model is configured), the co-writer's suggestions too.
 */
export function Editor({ initial, categories, cowrite = false }: { initial: StoryDraft; categories: Category[] | undefined; cowrite?: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [form, setForm] = useState<DraftForm>(() => formOf(initial));
  const [saved, setSaved] = useState<DraftForm>(() => formOf(initial));
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [serverScript, setServerScript] = useState<{ script: string; problems: ScriptProblem[] }>({ script: "", problems: [] });
  const [notice, setNotice] = useState<Notice>(null);
  const editor = useRef<ScriptEditorHandle>(null);

  const update = useApiMutation("storyDraftUpdate");
  const publish = useApiMutation("storyDraftPublish");
  const unpublish = useApiMutation("storyDraftUnpublish");
  const busy = update.isPending || publish.isPending || unpublish.isPending;

  const check = useScriptCheck(form.script);
  // Coverage runs in a worker once the author starts it; coverage.state holds the per-knot result.
  const coverage = useCoverage(form.script);
  // Where the preview stands, for the story map's highlighted path.
  const [progress, setProgress] = useState<PreviewProgress>({ visited: [], here: null });
  const clientErrors = useFieldErrors(form);
  const errors = { ...serverFields, ...clientErrors };
  // The server's script problems stand until the script changes.
  const serverProblems = useMemo(() => (serverScript.script === form.script ? serverScript.problems : []), [serverScript, form.script]);
  const problems = useMemo(() => {
    const found = check.state === "errors" ? check.errors : check.state === "ok" ? check.problems : [];
    return problemsByLine([...found.map((e) => ({ line: e.line || null, message: e.message })), ...serverProblems]);
  }, [check, serverProblems]);
  const dirty = isDirty(form, saved);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const edit = (patch: Partial<DraftForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setServerFields((s) => {
      const next = { ...s };
      for (const k of Object.keys(s)) if (Object.keys(patch).some((p) => k === p || k.startsWith(`${p}.`))) delete next[k];
      return next;
    });
  };

  const remember = (d: StoryDraft) => {
    setDraft(d);
    setSaved(formOf(d));
    // The cached draft follows, so coming back to this page shows what was saved.
    queryClient.setQueryData(queryKeyOf("storyDraftGet", { id: d.id }), { draft: d, cowrite });
  };

  async function save(): Promise<boolean> {
    if (Object.keys(clientErrors).length) {
      setNotice({ tone: "error", text: "Fix the marked fields first." });
      return false;
    }
    try {
      remember((await update.mutateAsync(changesOf(draft.id, form))).draft);
      return true;
    } catch (err) {
      setServerFields(refusal(err).fields);
      setNotice({ tone: "error", text: errorText(err) });
      return false;
    }
  }

  async function onSave() {
    if (await save()) setNotice({ tone: "ok", text: "Draft saved." });
  }

  async function onPublish() {
    setNotice(null);
    if (dirty && !(await save())) return;
    try {
      const r = await publish.mutateAsync({ id: draft.id });
      remember(r.draft);
      setServerScript({ script: "", problems: [] });
      setNotice({ tone: "ok", text: publishedText(r.draft, r.reward), storyId: storyState(r.draft).live ? r.story_id : undefined });
    } catch (err) {
      const { fields, script } = refusal(err);
      setServerFields(fields);
      setServerScript({ script: form.script, problems: script });
      setNotice({ tone: "error", text: errorText(err) });
    }
  }

  async function onUnpublish() {
    setNotice(null);
    try {
      remember((await unpublish.mutateAsync({ id: draft.id })).draft);
      setNotice({ tone: "ok", text: "Taken out of the catalogue. Publish again whenever you like." });
    } catch (err) {
      setNotice({ tone: "error", text: errorText(err) });
    }
  }

  const gaps = publishGaps(form);
  const scriptReady = check.state === "ok" && check.problems.length === 0;
  const state = storyState(draft);
  const status = draft.status === "published" && (dirty || draft.unpublished_changes) ? `${state.label} · edited since` : state.label;

  return (
    <form
      className="flex flex-col gap-6"
      aria-label="Story editor"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave();
      }}
      onKeyDown={(e) => {
        if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === "s") {
          e.preventDefault();
          if (!busy) void onSave();
        }
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={state.tone}>{status}</Badge>
        <span className="text-sm text-muted" aria-live="polite">
          {update.isPending ? "Saving…" : dirty ? "Unsaved changes" : "All changes saved"}
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button type="submit" size="sm" variant="secondary" disabled={busy || !dirty} loading={update.isPending && !publish.isPending} loadingText="Saving…">
            Save draft
          </Button>
          {draft.status === "published" ? (
            <Button size="sm" variant="ghost" onClick={() => void onUnpublish()} disabled={busy} loading={unpublish.isPending}>
              Unpublish
            </Button>
          ) : null}
          <Button size="sm" onClick={() => void onPublish()} disabled={busy} loading={publish.isPending} loadingText="Publishing…">
            {state.resubmit ? "Resubmit for review" : draft.status === "published" ? "Publish changes" : "Publish"}
          </Button>
        </div>
      </div>
      {notice ? (
        <p role={notice.tone === "error" ? "alert" : "status"} className={`rounded-xl px-3 py-2 text-sm ${notice.tone === "error" ? `bg-red-500/10 ${dangerText}` : "bg-emerald-500/10 text-fg"}`}>
          {notice.text}{" "}
          {notice.storyId ? (
            <Link href={`/story/${notice.storyId}`} className="font-semibold underline underline-offset-4">
              View it in the catalogue
            </Link>
          ) : null}
        </p>
      ) : null}
      {state.detail && !notice ? <p className="text-sm text-muted">{state.detail}</p> : null}
      {!scriptReady || gaps.length ? (
        <p className="text-sm text-muted">
          To publish, the story needs {[...gaps, ...(check.state === "ok" && !scriptReady ? ["a script where every path reaches an ending"] : []), ...(check.state === "errors" ? ["a script that compiles"] : [])].join(", ") || "a moment while the script is checked"}.
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <DraftFields
            idPrefix={id}
            form={form}
            onChange={edit}
            categories={categories}
            errors={errors}
            characterAction={(i) => (draft.characters[i] ? <ExportCardButton draftId={draft.id} index={i} name={draft.characters[i].name} /> : null)}
          />
          <LorebookSection idPrefix={id} form={form} errors={errors} onChange={(lorebook) => edit({ lorebook })} />
          <section aria-labelledby={`${id}-script-label`} className="flex flex-col gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <label id={`${id}-script-label`} htmlFor={`${id}-script`} className="text-sm font-semibold text-fg">
                Ink script
              </label>
              <a href="https://github.com/inkle/ink/blob/master/Documentation/WritingWithInk.md" target="_blank" rel="noreferrer" className="text-xs text-muted underline underline-offset-4">
                Writing with ink
              </a>
            </div>
            <ScriptEditor id={`${id}-script`} handle={editor} value={form.script} onChange={(script) => edit({ script })} problems={problems} describedBy={`${id}-problems`} />
            <ScriptSize script={form.script} />
            <ScriptProblems id={`${id}-problems`} check={check} server={serverProblems} onGoTo={(line) => editor.current?.goTo(line)} />
          </section>
          <StoryMapSection idPrefix={id} json={lastJsonOf(check)} source={form.script} visited={progress.visited} here={progress.here} coverage={coverage.state} onGoToLine={(line) => editor.current?.goToLine(line)} />
          {cowrite ? (
            <Cowriter
              idPrefix={id}
              draftId={draft.id}
              form={form}
              prepare={async () => !dirty || (await save())}
              onAccept={(patch) => {
                edit(patch);
                setNotice({ tone: "ok", text: patch.script !== undefined ? "The knot was added at the end of the script. Save to keep it." : "The persona was filled in. Save to keep it." });
              }}
            />
          ) : null}
          <VersionsSection
            idPrefix={id}
            draftId={draft.id}
            dirty={dirty}
            onRestored={(d) => {
              remember(d);
              setForm(formOf(d));
              setServerFields({});
              setNotice(null);
            }}
          />
        </div>
        <aside className="flex flex-col gap-6 lg:sticky lg:top-20 lg:self-start" aria-label="Preview and walk report">
          <section aria-labelledby={`${id}-preview`} className="rounded-2xl border border-line p-4">
            <h2 id={`${id}-preview`} className="mb-3 font-semibold text-fg">
              Preview
            </h2>
            {check.state === "errors" && check.lastJson ? <p className="mb-2 text-xs text-muted">Playing the last version that compiled.</p> : null}
            <Suspense fallback={<p className="text-sm text-muted" role="status">Loading the preview…</p>}>
              <InkPreview json={lastJsonOf(check)} showState onProgress={setProgress} />
            </Suspense>
          </section>
          <section aria-labelledby={`${id}-walk`} className="rounded-2xl border border-line p-4">
            <h2 id={`${id}-walk`} className="mb-3 font-semibold text-fg">
              Walk report
            </h2>
            <WalkerReport
              check={check}
              onGoToKnot={(knot) => {
                const line = knotLine(form.script, knot);
                if (line) editor.current?.goTo(line);
              }}
            />
          </section>
          <CoveragePanel idPrefix={id} state={coverage.state} onStart={coverage.start} onGoTo={(line) => editor.current?.goToLine(line)} />
        </aside>
      </div>
    </form>
  );
}
