"use client";
import { lazy, Suspense, useImperativeHandle, useMemo, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { STORY_LIMITS } from "@storyloom/contract/constants";
import { lineNumbers, lineRange, sizeText } from "./editor-logic";
import { dangerText } from "@storyloom/ui";
import { knotHeaders, type ScriptEditorHandle } from "./script-editor-handle";

export type { ScriptEditorHandle } from "./script-editor-handle";

// CodeMirror and the ink mode load with the editor, in their own chunk; until they arrive (or if
// they cannot), the plain field below is the editor.
const InkCodeEditor = lazy(() => import("./ink-code-editor").then((m) => ({ default: m.InkCodeEditor })));

/** Props of {@link ScriptEditor}. */
export interface ScriptEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Lines with a problem, each with its messages (shown in the gutter and announced by the field). */
  problems: Map<number, string[]>;
  /** id of the element listing the problems, tied to the field with aria-describedby */
  describedBy?: string;
  /** Lets the parent move the caret to a line (the problem list's buttons, the map, coverage). */
  handle?: Ref<ScriptEditorHandle>;
}

/**
 * The script editor: a code editor (CodeMirror, with ink highlighting, diagnostics and search)
 * with "Go to knot" above it. The label is the element `${id}-label`.
 */
export function ScriptEditor({ id, value, onChange, problems, describedBy, handle }: ScriptEditorProps) {
  const inner = useRef<ScriptEditorHandle>(null);
  const picker = useRef<HTMLSelectElement>(null);
  const knots = useMemo(() => knotHeaders(value).filter((k) => !k.function), [value]);
  const [picked, setPicked] = useState("");
  const hint = `${id}-keys`;
  const described = [describedBy, hint].filter(Boolean).join(" ");

  useImperativeHandle(handle, () => ({
    goToLine: (line: number) => inner.current?.goToLine(line),
    goTo: (line: number) => inner.current?.goToLine(line),
  }));

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-knot`} className="text-xs text-muted">
          Go to knot
        </label>
        <select
          ref={picker}
          id={`${id}-knot`}
          value={picked}
          disabled={knots.length === 0}
          onChange={(e) => {
            const line = Number(e.target.value);
            setPicked("");
            if (line) inner.current?.goToLine(line);
          }}
          className="min-h-9 rounded-lg border border-line bg-surface-2 px-2 text-sm text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none disabled:opacity-60"
        >
          <option value="">{knots.length ? "Choose a knot…" : "No knots yet"}</option>
          {knots.map((k) => (
            <option key={`${k.name}:${k.line}`} value={k.line}>
              {`${k.name} · line ${k.line}`}
            </option>
          ))}
        </select>
        <p id={hint} className="text-xs text-muted">
          Tab indents; press Escape, then Tab, to leave the editor. Ctrl+Shift+O goes to a knot, Ctrl+F searches.
        </p>
      </div>
      <Suspense fallback={<PlainScriptEditor id={id} value={value} onChange={onChange} problems={problems} describedBy={described} handle={inner} />}>
        <InkCodeEditor id={id} labelledBy={`${id}-label`} describedBy={described} value={value} onChange={onChange} problems={problems} handle={inner} onGoToKnot={() => picker.current?.focus()} />
      </Suspense>
    </div>
  );
}

/**
 * A plain textarea with a line-number gutter, the editor while CodeMirror loads: lines do not
 * wrap, so gutter row N is always line N, and a line with a problem is marked in the gutter. Tab
 * inserts two spaces (Escape, then Tab, leaves the field, as in the code editor).
 */
function PlainScriptEditor({ id, value, onChange, problems, describedBy, handle }: ScriptEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const escaped = useRef(false);

  useImperativeHandle(handle, () => {
    const goToLine = (line: number) => {
      const el = area.current;
      if (!el) return;
      const [start, end] = lineRange(el.value, line);
      el.focus();
      el.setSelectionRange(start, end);
      // Scroll the line into view: rows are a fixed 1.5rem (24px) tall.
      el.scrollTop = Math.max(0, (line - 3) * 24);
    };
    return { goToLine, goTo: goToLine };
  });

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
