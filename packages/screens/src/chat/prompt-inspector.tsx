"use client";
import type { PromptRecord } from "@storyloom/contract";
import { useApiQuery } from "@storyloom/api-client/react";
import { Button, ErrorState, ResponsiveDialog, Skeleton } from "@storyloom/ui";
import { errorText } from "../tasks/messages";
import { firedBecause, groupsOf, tokensText, trimmedLines } from "./prompt-inspector-logic";

/** Props of {@link PromptInspector}. */
export interface PromptInspectorProps {
  open: boolean;
  onClose: () => void;
  storyId: string;
  messageId: string;
}

/** The record, part by part: every part's text is shown as text (it is what the model read). */
function RecordView({ record }: { record: PromptRecord }) {
  const trimmed = trimmedLines(record);
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-muted">
        The prompt took {tokensText(record.tokens)} of its budget of {tokensText(record.budget)}
        {record.tool_tokens ? ` (the choice tool's definition: ${tokensText(record.tool_tokens)})` : ""}.
      </p>
      {record.lore.length ? (
        <section aria-labelledby="inspector-lore">
          <h3 id="inspector-lore" className="mb-1 font-semibold text-fg">
            Why lore fired
          </h3>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            {record.lore.map((l) => (
              <li key={l.name}>
                <span className="font-semibold">{l.name}</span>: {firedBecause(l)}; {tokensText(l.tokens)}
                {l.included ? "" : " — left out"}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {groupsOf(record).map((g) => (
        <details key={g.title} className="rounded-xl border border-line p-3" open={g.title !== "Instructions"}>
          <summary className="cursor-pointer font-semibold text-fg focus-visible:outline-2 focus-visible:outline-brand">
            {g.title} <span className="font-normal text-muted">· {tokensText(g.tokens)}</span>
          </summary>
          <ul className="mt-2 flex flex-col gap-2">
            {g.parts.map((p, i) => (
              <li key={i}>
                <p className="text-xs text-muted">
                  {p.label} · {tokensText(p.tokens)}
                </p>
                <p className="whitespace-pre-wrap break-words text-fg">{p.text}</p>
              </li>
            ))}
          </ul>
        </details>
      ))}
      <section aria-labelledby="inspector-trimmed">
        <h3 id="inspector-trimmed" className="mb-1 font-semibold text-fg">
          Trimmed to fit
        </h3>
        {trimmed.length ? (
          <ul className="flex list-disc flex-col gap-1 pl-5">
            {trimmed.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">Nothing: everything fit.</p>
        )}
      </section>
    </div>
  );
}

function InspectorBody({ storyId, messageId, onClose }: Omit<PromptInspectorProps, "open">) {
  const q = useApiQuery("chatPrompt", { story_id: storyId, message_id: messageId }, { staleTime: 0, retry: false });
  let body: React.ReactNode;
  if (q.isPending)
    body = (
      <div role="status" aria-label="Loading the prompt" className="flex flex-col gap-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  else if (q.isError)
    body = q.error.status === 404 ? <p className="text-sm text-muted">This reply has no recorded prompt (it was written before prompts were kept, or it is not yours).</p> : <ErrorState message={`The prompt could not be loaded: ${errorText(q.error)}`} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else body = <RecordView record={q.data.prompt} />;
  return (
    <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
      {body}
      <Button variant="secondary" onClick={onClose} className="self-end">
        Close
      </Button>
    </div>
  );
}

/**
 * The prompt inspector: what the model was given for one reply (persona, lore and why it fired,
 * scene and goal, open choices, summary, recent turns), with tokens per part and what was trimmed.
 */
export function PromptInspector({ open, onClose, storyId, messageId }: PromptInspectorProps) {
  return (
    <ResponsiveDialog open={open} onClose={onClose} title="Why this reply?" description="The parts the character's prompt was built from, as the model read them.">
      {open ? <InspectorBody storyId={storyId} messageId={messageId} onClose={onClose} /> : null}
    </ResponsiveDialog>
  );
}
