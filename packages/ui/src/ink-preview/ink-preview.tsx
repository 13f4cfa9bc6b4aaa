"use client";
// The ink preview: plays a compiled story script as a reader meets it, one choice at a time. The
// story editor shows it beside the script and the console's moderation plays a submission in it.
import { useEffect, useMemo, useRef, useState } from "react";
import { installInkGuard } from "@storyloom/story-script/guard";
import { Button } from "../primitives/button";
import { dangerText } from "../primitives/text-field";
import { RichText } from "../rich-text/rich-text";
import { play, type InkModule, type PathStep, type VariableSet } from "./play";
import { PreviewState } from "./preview-state";

/** Where the preview stands, for a story map that highlights the path being played. */
export interface PreviewProgress {
  /** knots and stitches the played path went through */
  visited: string[];
  /** where the story stands now (null at an ending or an error) */
  here: string | null;
}

/**
 * Plays `json` (a compiled script; null until one compiles) from the start; lines are rendered in
 * the role-play subset the chat uses (RichText), never as HTML. inkjs loads when the preview first shows, so a page pays for it only once it is opened.
 */
export function InkPreview({ json, showState = false, onProgress }: { json: string | null; showState?: boolean; onProgress?: (p: PreviewProgress) => void }) {
  const [ink, setInk] = useState<InkModule | null>(null);
  const [path, setPath] = useState<PathStep[]>([]);
  const [sets, setSets] = useState<VariableSet[]>([]);
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

  const played = useMemo(() => (ink && json ? play(ink, json, path, sets) : null), [ink, json, path, sets]);
  const steps = played?.path.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [steps]);
  const progressKey = played ? `${played.visits.map((v) => v.knot).join(" ")}|${played.here ?? ""}` : "";
  useEffect(() => {
    if (played && onProgress) onProgress({ visited: played.visits.map((v) => v.knot), here: played.here });
    // Only a change of place is news; the callback and the played object change every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [progressKey]);

  // A choice continues the part of the path that still applies, dropping what lay past a break.
  const choose = (c: { index: number; text: string }) => {
    if (!played) return;
    setPath([...played.path, { index: c.index, text: c.text, of: played.choices.length }]);
    setSets(played.sets);
  };
  const restart = () => {
    setPath([]);
    setSets([]);
  };

  if (!json) return <p className="text-sm text-muted">The preview plays your script as soon as it compiles.</p>;
  if (!played) return <p className="text-sm text-muted" role="status">Loading the preview…</p>;

  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Preview transcript" className="flex max-h-[22rem] flex-col gap-2 overflow-y-auto rounded-xl bg-surface-2 p-3 text-sm lg:max-h-[28rem]">
        {played.entries.map((e, i) => (
          <li key={i} ref={i === played.entries.length - 1 ? end : undefined} className={e.kind === "choice" ? "self-end rounded-xl bg-brand px-3 py-1.5 text-white" : "text-fg"}>
            {e.speaker ? <span className="font-semibold">{e.speaker}: </span> : null}
            {e.kind === "choice" ? e.text : <RichText text={e.text} />}
          </li>
        ))}
      </ol>
      {played.broke ? (
        <p role="status" className="rounded-lg bg-amber-500/10 px-3 py-2 text-sm text-fg">
          Your path broke at choice {played.broke.step}
          {played.broke.text ? <> (&ldquo;{played.broke.text}&rdquo;)</> : null}: the script no longer offers it here, so the preview stopped there. Pick a way on, or undo the edit to pick up where you were.
        </p>
      ) : null}
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
            <Button key={c.index} size="sm" variant="secondary" onClick={() => choose(c)}>
              {c.text}
            </Button>
          ))}
        </div>
      )}
      <Button size="sm" variant="ghost" onClick={restart} disabled={played.path.length === 0 && sets.length === 0}>
        Restart preview
      </Button>
      {showState ? (
        <PreviewState
          played={played}
          onSet={(set) => {
            setPath(played.path);
            setSets([...played.sets.filter((x) => !(x.at === set.at && x.name === set.name)), set]);
          }}
        />
      ) : null}
    </div>
  );
}
