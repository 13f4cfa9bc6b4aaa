"use client";
import { useImperativeHandle, useRef, type KeyboardEvent, type Ref } from "react";
import { STORY_LIMITS } from "@storyloom/contract/constants";
import { lineNumbers, lineRange, sizeText } from "./editor-logic";
import { dangerText } from "@storyloom/ui";

/** Props of {@link ScriptEditor}. */
export interface ScriptEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Lines with a problem, each with its messages (shown in the gutter and announced by the field). */
  problems: Map<number, string[]>;
  /** id of the element listing the problems, tied to the field with aria-describedby */
  describedBy?: string;
  /** Lets the parent move the caret to a line (the problem list's buttons). */
  handle?: Ref<ScriptEditorHandle>;
}

/** What the parent can do with the editor. */
export interface ScriptEditorHandle {
  goTo(line: number): void;
}

/**
 * A plain textarea with a line-number gutter: lines do not wrap, so gutter row N is always line N,
 * and a line with a problem is marked in the gutter. Tab inserts two spaces (Escape, then Tab,
 * leaves the field, as in other code editors on the web).
 */
export function ScriptEditor({ id, value, onChange, problems, describedBy, handle }: ScriptEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const escaped = useRef(false);

  useImperativeHandle(handle, () => ({
    goTo(line: number) {
      const el = area.current;
      if (!el) return;
      const [start, end] = lineRange(el.value, line);
      el.focus();
      el.setSelectionRange(start, end);
      // Scroll the line into view: rows are a fixed 1.5rem (24px) tall.
      el.scrollTop = Math.max(0, (line - 3) * 24);
    },
  }));

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Escape") {
      escaped.current = true;
      return;
    }
    if (e.key === "Tab" && !e.shiftKey && !escaped.current && !e.metaKey && !e.ctrlKey && !e.altKey) {
      e.preventDefault();
      const el = e.currentTarget;
      const { selectionStart: s, selectionEnd: end } = el;
      onChange(`${el.value.slice(0, s)}  ${el.value.slice(end)}`);
      requestAnimationFrame(() => el.setSelectionRange(s + 2, s + 2));
      return;
    }
    escaped.current = false;
  };

  return (
    <div className="flex h-[26rem] overflow-hidden rounded-xl border border-line bg-surface-2 font-mono text-sm leading-6 focus-within:ring-2 focus-within:ring-brand lg:h-[32rem]">
      <div ref={gutter} aria-hidden="true" className="shrink-0 overflow-hidden border-r border-line py-3 text-right text-muted select-none">
        {lineNumbers(value).map((n) => {
          const bad = problems.get(n);
          return (
            <div
              key={n}
              data-line={n}
              data-problem={bad ? "true" : undefined}
              title={bad?.join("\n")}
              className={`h-6 px-2 tabular-nums ${bad ? `bg-red-500/15 font-semibold ${dangerText}` : ""}`}
            >
              {bad ? "●" : ""}
              {n}
            </div>
          );
        })}
      </div>
      <textarea
        ref={area}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
        maxLength={STORY_LIMITS.scriptChars}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-invalid={problems.size > 0 ? true : undefined}
        aria-describedby={describedBy}
        className="min-w-0 flex-1 resize-none overflow-auto bg-transparent px-3 py-3 whitespace-pre text-fg outline-none"
      />
    </div>
  );
}

/** The script's size against its limit. */
export function ScriptSize({ script }: { script: string }) {
  return <p className="text-xs text-muted">{sizeText(script)}</p>;
}
