"use client";
// The ink preview: plays a compiled story script as a reader meets it, one choice at a time. The
// story editor shows it beside the script and the console's moderation plays a submission in it.
import { useEffect, useMemo, useRef, useState } from "react";
import { installInkGuard } from "@storyloom/story-script/guard";
import { Button } from "../primitives/button";
import { dangerText } from "../primitives/text-field";
import { play, type InkModule } from "./play";

/**
 * Plays `json` (a compiled script; null until one compiles) from the start; text is always rendered
 * as text. inkjs loads when the preview first shows, so a page pays for it only once it is opened.
 */
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
