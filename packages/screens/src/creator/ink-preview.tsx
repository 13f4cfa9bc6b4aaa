"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Story } from "inkjs/full";
import { Button, dangerText } from "@storyloom/ui";
import { speakerOf } from "./editor-logic";
import { InkRunaway, installInkGuard } from "@storyloom/story-script/guard";

type InkModule = { Story: typeof Story };

/** One line of the preview transcript: narration, a character's line, or the choice the author took. */
interface Entry {
  kind: "line" | "choice";
  speaker: string | null;
  text: string;
}

interface Played {
  entries: Entry[];
  choices: { index: number; text: string }[];
  ended: boolean;
  error: string | null;
  /** the part of the path that still applies to this version of the script */
  path: number[];
}

const MAX_LINES = 500;

/**
 * Plays a compiled script from the start along the choices taken so far. Replaying the same path on
 * every new version keeps the author where they were while they type, until an edit removes a
 * choice on the way (the path is cut there).
 */
function play(ink: InkModule, json: string, path: readonly number[]): Played {
  const story = new ink.Story(json);
  let error: string | null = null;
  story.onError = (message) => {
    error ??= message;
  };
  const entries: Entry[] = [];
  const tell = () => {
    // Bounded like a chat turn on the server: a script that never stops must not freeze the page.
    for (let n = 0; story.canContinue && !error && n < MAX_LINES; n++) {
      try {
        const text = (story.Continue() ?? "").trim();
        if (text) entries.push({ kind: "line", speaker: speakerOf(story.currentTags ?? []), text });
      } catch (e) {
        if (!(e instanceof InkRunaway)) throw e;
        error = e.message;
      }
    }
  };
  const kept: number[] = [];
  tell();
  for (const index of path) {
    const choice = story.currentChoices.find((c) => c.index === index);
    if (!choice || error) break;
    entries.push({ kind: "choice", speaker: null, text: choice.text });
    story.ChooseChoiceIndex(index);
    kept.push(index);
    tell();
  }
  const choices = error ? [] : story.currentChoices.map((c) => ({ index: c.index, text: c.text }));
  return { entries, choices, ended: !error && choices.length === 0, error, path: kept };
}

/** The live preview: plays the compiled script beside the editor; text is always rendered as text. */
export function InkPreview({ json }: { json: string | null }) {
  const [ink, setInk] = useState<InkModule | null>(null);
  const [path, setPath] = useState<number[]>([]);
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    let live = true;
    void import("inkjs/full").then((m) => {
      installInkGuard(m.Story);
      if (live) setInk(m);
    });
    return () => {
      live = false;
    };
  }, []);

  const played = useMemo(() => (ink && json ? play(ink, json, path) : null), [ink, json, path]);
  const steps = played?.path.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [steps]);

  if (!json) return <p className="text-sm text-muted">The preview plays your script as soon as it compiles.</p>;
  if (!played) return <p className="text-sm text-muted" role="status">Loading the preview…</p>;

  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Preview transcript" className="flex max-h-[22rem] flex-col gap-2 overflow-y-auto rounded-xl bg-surface-2 p-3 text-sm lg:max-h-[28rem]">
        {played.entries.map((e, i) => (
          <li key={i} ref={i === played.entries.length - 1 ? end : undefined} className={e.kind === "choice" ? "self-end rounded-xl bg-brand px-3 py-1.5 text-white" : "text-fg"}>
            {e.speaker ? <span className="font-semibold">{e.speaker}: </span> : null}
            {e.text}
          </li>
        ))}
      </ol>
      {played.error ? (
        <p role="alert" className={`text-sm ${dangerText}`}>
          The story stopped: {played.error}
        </p>
      ) : played.ended ? (
        <p className="text-sm font-semibold text-fg" role="status">
          The End
        </p>
      ) : (
        <div role="group" aria-label="Preview choices" className="flex flex-col gap-2">
          {played.choices.map((c) => (
            <Button key={c.index} size="sm" variant="secondary" onClick={() => setPath([...played.path, c.index])}>
              {c.text}
            </Button>
          ))}
        </div>
      )}
      <Button size="sm" variant="ghost" onClick={() => setPath([])} disabled={played.path.length === 0}>
        Restart preview
      </Button>
    </div>
  );
}
