"use client";
import { useId, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { MEMORY_LIMITS, MemoryPin, MemorySummary, type ChatMemory } from "@storyloom/contract";
import { queryKeyOf, useApiMutation, useApiQuery } from "@storyloom/api-client/react";
import { Button, dangerText, ErrorState, inputClass, Skeleton } from "@storyloom/ui";
import { errorText } from "../tasks/messages";

// The memory panel's body (loaded when the panel opens: beside the chat on a desktop, in a sheet on
// a phone): the chat's rolling summary, which the model keeps of the turns that no longer fit the
// character's prompt and the player may rewrite, and the facts the player pinned, which every later
// prompt carries. A change applies to the next reply. Everything here is shown as text.

/** Props of {@link MemoryPanel}. */
export interface MemoryPanelProps {
  storyId: string;
  /** a prefix for the panel's ids (the sheet and the side panel may both be on the page) */
  idPrefix?: string;
}

/** The first problem zod finds with a value, in words; null when it is fine. */
function problemOf(schema: typeof MemoryPin | typeof MemorySummary, value: string): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? "is not valid");
}

function SummaryView({
  memory,
  onSave,
  saving,
}: {
  memory: ChatMemory;
  onSave: (summary: string) => Promise<boolean>;
  saving: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  const problem = draft === null ? null : problemOf(MemorySummary, draft);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (draft === null || problem) return;
    if (await onSave(draft.trim())) setDraft(null);
  };
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="font-semibold text-fg">
        Summary
      </h3>
      {draft === null ? (
        <>
          {memory.summary ? (
            <p className="whitespace-pre-wrap break-words text-sm text-fg" data-testid="memory-summary">
              {memory.summary}
            </p>
          ) : (
            <p className="text-sm text-muted">
              {memory.model
                ? "Nothing yet. Once the oldest turns no longer fit the character's memory, the story sums them up here after a reply."
                : "This story is played by its choices: no summary is written. Pinned facts still travel with it."}
            </p>
          )}
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => setDraft(memory.summary)}
          >
            {memory.summary ? "Edit the summary" : "Write a summary"}
          </Button>
        </>
      ) : (
        <form onSubmit={(e) => void save(e)} className="flex flex-col gap-2">
          <label htmlFor={`${id}-t`} className="text-sm text-muted">
            What the story should remember (the next reply uses it)
          </label>
          <textarea
            id={`${id}-t`}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={8}
            maxLength={MEMORY_LIMITS.summaryChars + 200}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-c${problem ? ` ${id}-e` : ""}`}
            className={`${inputClass} resize-y text-sm`}
          />
          <p id={`${id}-c`} className="text-xs text-muted">
            {draft.trim().length.toLocaleString("en-US")} of{" "}
            {MEMORY_LIMITS.summaryChars.toLocaleString("en-US")} characters
          </p>
          {problem ? (
            <p id={`${id}-e`} className={`text-sm ${dangerText}`}>
              The summary {problem}.
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={saving || Boolean(problem)}>
              {saving ? "Saving…" : "Save the summary"}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function PinsView({
  memory,
  onSave,
  saving,
}: {
  memory: ChatMemory;
  onSave: (pins: string[]) => Promise<boolean>;
  saving: boolean;
}) {
  const [fact, setFact] = useState("");
  const [tried, setTried] = useState(false);
  const id = useId();
  const full = memory.pins.length >= MEMORY_LIMITS.pins;
  const duplicate = memory.pins.some((p) => p.toLowerCase() === fact.trim().toLowerCase());
  const problem = !tried ? null : (problemOf(MemoryPin, fact) ?? (duplicate ? "is pinned already" : null));
  const add = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problemOf(MemoryPin, fact) || duplicate || full) return;
    if (await onSave([...memory.pins, fact.trim()])) {
      setFact("");
      setTried(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="font-semibold text-fg">
        Pinned facts
      </h3>
      <p className="text-xs text-muted">Every reply keeps these in mind, and no summary drops them.</p>
      {memory.pins.length ? (
        <ul className="flex flex-col gap-1" data-testid="memory-pins">
          {memory.pins.map((p) => (
            <li key={p} className="flex items-start gap-2 rounded-lg bg-surface-2 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 break-words text-fg">{p}</span>
              <Button
                variant="ghost"
                size="sm"
                disabled={saving}
                onClick={() => void onSave(memory.pins.filter((x) => x !== p))}
              >
                Remove<span className="sr-only"> the fact “{p}”</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No pinned facts yet.</p>
      )}
      {full ? (
        <p className="text-sm text-muted">
          That is the most facts a chat can pin ({MEMORY_LIMITS.pins}); remove one to add another.
        </p>
      ) : (
        <form onSubmit={(e) => void add(e)} className="flex flex-col gap-2">
          <label htmlFor={`${id}-f`} className="text-sm text-muted">
            A fact to pin
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-f`}
              value={fact}
              onChange={(e) => setFact(e.target.value)}
              placeholder="Juno owes me a favour"
              maxLength={MEMORY_LIMITS.pinChars + 50}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-e` : undefined}
              className={`${inputClass} py-2 text-sm`}
            />
            <Button type="submit" size="sm" disabled={saving}>
              Pin
            </Button>
          </div>
          {problem ? (
            <p id={`${id}-e`} className={`text-sm ${dangerText}`}>
              The fact {problem}.
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}

/** The chat's memory: its summary (editable) and the player's pinned facts (added and removed here). */
export function MemoryPanel({ storyId }: MemoryPanelProps) {
  const input = { story_id: storyId };
  const q = useApiQuery("chatMemory", input, { staleTime: 0 });
  const queryClient = useQueryClient();
  const [said, setSaid] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const save = useApiMutation("chatMemorySave", {
    onSuccess: (data) => queryClient.setQueryData(queryKeyOf("chatMemory", input), data),
  });
  const write = async (change: { summary?: string; pins?: string[] }, done: string) => {
    setFailure(null);
    try {
      await save.mutateAsync({ story_id: storyId, ...change });
      setSaid(`${done} The next reply uses it.`);
      return true;
    } catch (err) {
      setFailure(`It was not saved: ${errorText(err)}`);
      return false;
    }
  };

  if (q.isPending)
    return (
      <div role="status" aria-label="Loading the memory" className="flex flex-col gap-2">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (q.isError)
    return (
      <ErrorState
        message={`The memory could not be loaded: ${errorText(q.error)}`}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
      />
    );
  const memory = q.data;
  return (
    <div className="flex flex-col gap-5" data-testid="memory-panel">
      <SummaryView
        memory={memory}
        saving={save.isPending}
        onSave={(summary) => write({ summary }, "Summary saved.")}
      />
      <PinsView
        memory={memory}
        saving={save.isPending}
        onSave={(pins) => write({ pins }, "Pinned facts saved.")}
      />
      {failure ? (
        <p role="alert" className={`text-sm ${dangerText}`}>
          {failure}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        onClick={() => void q.refetch()}
        disabled={q.isFetching}
      >
        {q.isFetching ? "Refreshing…" : "Refresh"}
        <span className="sr-only"> the memory</span>
      </Button>
    </div>
  );
}

export default MemoryPanel;
