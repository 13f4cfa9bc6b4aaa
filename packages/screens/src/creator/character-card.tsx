"use client";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { queryKeyOf, useApiClient } from "@storyloom/api-client/react";
import type { ApiClient } from "@storyloom/api-client";
import { CARD_EXPORT_PATH, CARD_IMPORT_PATH, CARD_LIMITS } from "@storyloom/contract/constants";
import type { StoryDraft } from "@storyloom/contract";
import { Button, dangerText } from "@storyloom/ui";
import { IntentLink as Link } from "../shell/intent-link";

// Character cards in the editor (issue 45): import a V2/V3 card (PNG or JSON, as SillyTavern, agnai
// or RisuAI export them) into a new draft, and export one of a draft's characters as a V3 PNG card.
// Neither call speaks JSON both ways (the upload is the file, the export a PNG), so both go through
// the client's session and base URL here instead of the endpoint table.

const MB = 1024 * 1024;

/** A bearer call to one of the card paths; a session that cannot be renewed is the caller's error. */
async function cardFetch(client: ApiClient, path: string, init: RequestInit = {}): Promise<Response> {
  const token = await client.session.getValidToken();
  if (!token) throw new Error("Sign in again to use character cards.");
  const url = `${client.transport.baseUrl.replace(/\/+$/, "")}${path}`;
  try {
    return await client.transport.fetch(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
  } catch {
    throw new Error("We couldn't reach the server. Check your connection and try again.");
  }
}

/** The API's message of a refused call (its envelope), else a general one. */
async function refusal(res: Response, fallback: string): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    // not an envelope: the fallback says it
  }
  return fallback;
}

type ImportState = { step: "idle" } | { step: "busy"; file: string } | { step: "done"; draft: StoryDraft; notes: string[] } | { step: "error"; message: string };

/** "Import a character card": a file input; the new draft is listed with what did not fit. */
export function ImportCard() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<ImportState>({ step: "idle" });

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > CARD_LIMITS.uploadBytes) {
      setState({ step: "error", message: `${file.name} is larger than ${CARD_LIMITS.uploadBytes / MB} MB; a card file is at most that.` });
      return;
    }
    setState({ step: "busy", file: file.name });
    try {
      const type = file.type || (file.name.toLowerCase().endsWith(".json") ? "application/json" : "application/octet-stream");
      const res = await cardFetch(client, CARD_IMPORT_PATH, { method: "POST", headers: { "content-type": type }, body: file });
      if (!res.ok) {
        setState({ step: "error", message: await refusal(res, `We couldn't import ${file.name}.`) });
        return;
      }
      const body = (await res.json()) as { data: { draft: StoryDraft; notes: string[] } };
      setState({ step: "done", draft: body.data.draft, notes: body.data.notes });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf("storyDraftList") });
    } catch (err) {
      setState({ step: "error", message: err instanceof Error ? err.message : `We couldn't import ${file.name}.` });
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        {/* The button opens the file picker: one control to reach by keyboard, named by its text. */}
        <input ref={input} type="file" accept=".png,.json,image/png,application/json" hidden data-testid="card-file" onChange={(e) => void onFile(e)} />
        <Button variant="secondary" onClick={() => input.current?.click()} loading={state.step === "busy"} loadingText="Importing…" aria-describedby={`${id}-hint`}>
          Import a character card
        </Button>
        <span id={`${id}-hint`} className="text-xs text-muted">
          A V2 or V3 card (PNG or JSON, up to {CARD_LIMITS.uploadBytes / MB} MB) becomes a new draft.
        </span>
      </div>
      <div id={`${id}-result`} aria-live="polite">
        {state.step === "busy" ? <p className="text-sm text-muted">Importing {state.file}…</p> : null}
        {state.step === "error" ? (
          <p role="alert" className={`text-sm ${dangerText}`}>
            {state.message}
          </p>
        ) : null}
        {state.step === "done" ? (
          <div role="status" className="rounded-xl bg-emerald-500/10 px-3 py-2 text-sm text-fg">
            <p>
              Imported {state.draft.characters[0]?.name ?? state.draft.title} as a new draft.{" "}
              <Link href={`/user/stories/${state.draft.id}`} className="font-semibold underline underline-offset-4">
                Open {state.draft.title}
              </Link>
            </p>
            {state.notes.length ? (
              <>
                <p className="mt-2 text-muted">What did not fit (the card keeps it, and exports it again):</p>
                <ul className="mt-1 list-disc pl-5 text-muted">
                  {state.notes.map((n, i) => (
                    <li key={i}>{n}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** "Export card" for character `index` of a saved draft: downloads it as a V3 PNG card. */
export function ExportCardButton({ draftId, index, name }: { draftId: string; index: number; name: string }) {
  const client = useApiClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function onExport() {
    setBusy(true);
    setError(null);
    try {
      const res = await cardFetch(client, `${CARD_EXPORT_PATH}?id=${encodeURIComponent(draftId)}&character=${index}`);
      if (!res.ok) {
        setError(await refusal(res, "We couldn't export this character. Save the story and try again."));
        return;
      }
      const file = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "character.png";
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = file;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (err) {
      setError(err instanceof Error ? err.message : "We couldn't export this character.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="flex flex-col items-end gap-1">
      <Button size="sm" variant="ghost" onClick={() => void onExport()} loading={busy} loadingText="Exporting…" aria-describedby={error ? errorId : undefined}>
        Export card<span className="sr-only"> of {name || `character ${index + 1}`} (as last saved)</span>
      </Button>
      {error ? (
        <span id={errorId} role="alert" className={`text-xs ${dangerText}`}>
          {error}
        </span>
      ) : null}
    </span>
  );
}
