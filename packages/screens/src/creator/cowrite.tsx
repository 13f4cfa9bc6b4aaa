"use client";
import { useState } from "react";
import type { CowriteSuggestion, EndpointInput } from "@storyloom/contract";
import { STORY_LIMITS as L } from "@storyloom/contract/constants";
import { unwrap } from "@storyloom/api-client";
import { useApiClient } from "@storyloom/api-client/react";
import { Button, TextField, dangerText } from "@storyloom/ui";
import { errorText } from "../tasks/messages";
import type { DraftForm } from "./editor-logic";
import { withKnot, withPersona } from "./editor-logic";

/** A model's suggestion may take as long as its reply timeout: longer than an ordinary call. */
const COWRITE_TIMEOUT_MS = 130_000;

/** Props of {@link Cowriter}. */
export interface CowriterProps {
  idPrefix: string;
  draftId: string;
  form: DraftForm;
  /** saves unsaved changes first (the co-writer reads the saved draft); false when it could not */
  prepare: () => Promise<boolean>;
  /** applies an accepted suggestion to the form */
  onAccept: (patch: Partial<DraftForm>) => void;
}

type Ask = { kind: "knot" } | { kind: "persona"; character: number };

/**
 * The co-writer (shown only when a language model is configured): asks for the script's next knot or
 * a character's persona and shows the suggestion as plain text, to accept into the form or reject.
 */
export function Cowriter({ idPrefix, draftId, form, prepare, onAccept }: CowriterProps) {
  const client = useApiClient();
  const [note, setNote] = useState("");
  const [pending, setPending] = useState<Ask | null>(null);
  const [suggestion, setSuggestion] = useState<CowriteSuggestion | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function ask(what: Ask) {
    setProblem(null);
    setSuggestion(null);
    setPending(what);
    try {
      if (!(await prepare())) return;
      const input: EndpointInput<"storyDraftCowrite"> = { id: draftId, ...what, ...(note.trim() ? { note: note.trim() } : {}) };
      setSuggestion(unwrap(await client.call("storyDraftCowrite", input, { timeoutMs: COWRITE_TIMEOUT_MS })).suggestion);
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setPending(null);
    }
  }

  function accept(s: CowriteSuggestion) {
    const patch = s.kind === "knot" ? withKnot(form, s.text) : withPersona(form, s.character ?? -1, s.text);
    if (!patch) {
      setProblem(s.kind === "knot" ? `The knot does not fit: the script may hold ${L.scriptChars.toLocaleString("en-US")} characters.` : "That character is no longer in the story.");
      return;
    }
    onAccept(patch);
    setSuggestion(null);
  }

  const busy = pending !== null;
  const heading = `${idPrefix}-cowrite`;
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <h2 id={heading} className="font-semibold text-fg">
        Co-writer
      </h2>
      <TextField
        id={`${idPrefix}-cowrite-note`}
        label="What should happen? (optional)"
        maxLength={L.cowriteNoteChars}
        value={note}
        onChange={(e) => setNote(e.target.value.replace(/[\r\n]+/g, " "))}
        hint="The language model suggests; nothing changes until you accept."
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => void ask({ kind: "knot" })} disabled={busy} loading={pending?.kind === "knot"} loadingText="Writing…">
          Co-write the next knot
        </Button>
        {form.characters.map((c, i) =>
          c.name.trim() ? (
            <Button key={i} size="sm" variant="ghost" onClick={() => void ask({ kind: "persona", character: i })} disabled={busy} loading={pending?.kind === "persona" && pending.character === i} loadingText="Writing…">
              {`Co-write a persona for ${c.name.trim()}`}
            </Button>
          ) : null,
        )}
      </div>
      {problem ? (
        <p role="alert" className={`text-sm ${dangerText}`}>
          {problem}
        </p>
      ) : null}
      {suggestion ? (
        <div role="region" aria-label="Suggestion" className="flex flex-col gap-2 rounded-xl bg-surface-2 p-3">
          <p className="text-sm font-semibold text-fg">
            {suggestion.kind === "knot" ? `Suggested knot: ${suggestion.knot ?? ""}` : `Suggested persona for ${form.characters[suggestion.character ?? -1]?.name ?? "a removed character"}`}
          </p>
          {/* Plain text from the model: rendered as text, never as HTML. */}
          <pre data-testid="cowrite-suggestion" className="max-h-80 overflow-auto font-mono text-sm whitespace-pre-wrap text-fg">
            {suggestion.text}
          </pre>
          {suggestion.truncated ? <p className="text-xs text-muted">The model was cut short: check the end before you accept.</p> : null}
          <div className="flex gap-2">
            <Button size="sm" onClick={() => accept(suggestion)}>
              {suggestion.kind === "knot" ? "Add to the script" : "Use this persona"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSuggestion(null)}>
              Reject
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
