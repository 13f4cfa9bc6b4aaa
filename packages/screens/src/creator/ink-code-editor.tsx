"use client";
// The script editor proper: CodeMirror 6 with the ink mode, the compiler's problems as
// diagnostics (underlined, in a gutter, and in a tooltip), search, undo, and the keyboard of a
// code editor. Loaded on its own (script-editor.tsx imports it lazily): no other page carries it.
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { indentUnit, syntaxHighlighting } from "@codemirror/language";
import { lintKeymap, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { highlightSelectionMatches, search, searchKeymap } from "@codemirror/search";
import { Compartment, EditorSelection, EditorState, RangeSet, StateEffect, StateField } from "@codemirror/state";
import { drawSelection, EditorView, gutter, GutterMarker, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import { STORY_LIMITS } from "@storyloom/contract/constants";
import { inkHighlight, inkLanguage } from "./ink-language";
import type { ScriptEditorHandle } from "./script-editor-handle";

/** Props of {@link InkCodeEditor}. */
export interface InkCodeEditorProps {
  id: string;
  /** id of the element that names the editor (its label) */
  labelledBy: string;
  /** ids of the elements that describe it (the problem list, the keyboard hint) */
  describedBy?: string;
  value: string;
  onChange: (value: string) => void;
  problems: Map<number, string[]>;
  handle?: Ref<ScriptEditorHandle>;
  /** Ctrl/Cmd+Shift+O: the author asks for "Go to knot". */
  onGoToKnot?: () => void;
}

const setProblems = StateEffect.define<Map<number, string[]>>();
// The problems by line, kept in the state so the gutter can draw them.
const problemField = StateField.define<Map<number, string[]>>({
  create: () => new Map(),
  update: (value, tr) => tr.effects.reduce((v, e) => (e.is(setProblems) ? e.value : v), value),
});

/** A problem mark in the gutter, tagged with its line so tests and tools can find it. */
class ProblemMarker extends GutterMarker {
  constructor(
    readonly line: number,
    readonly messages: string[],
  ) {
    super();
  }
  override eq(other: ProblemMarker) {
    return other.line === this.line && other.messages.join("\n") === this.messages.join("\n");
  }
  override toDOM() {
    const el = document.createElement("span");
    el.textContent = "●";
    el.setAttribute("aria-hidden", "true");
    // Line 0 is the gutter's width spacer, not a problem.
    if (!this.line) return el;
    el.dataset.line = String(this.line);
    el.dataset.problem = "true";
    el.title = this.messages.join("\n");
    return el;
  }
}

const problemGutter = gutter({
  class: "cm-problem-gutter",
  markers: (view) => {
    const problems = view.state.field(problemField);
    const marks = [...problems.entries()]
      .filter(([line]) => line >= 1 && line <= view.state.doc.lines)
      .sort(([a], [b]) => a - b)
      .map(([line, messages]) => new ProblemMarker(line, messages).range(view.state.doc.line(line).from));
    return RangeSet.of(marks);
  },
  initialSpacer: () => new ProblemMarker(0, []),
});

/** The diagnostics of the problems: each spans its line. */
function diagnosticsOf(state: EditorState, problems: Map<number, string[]>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [n, messages] of problems) {
    if (n < 1 || n > state.doc.lines) continue;
    const line = state.doc.line(n);
    out.push({ from: line.from, to: line.to, severity: "error", message: messages.join("\n") });
  }
  return out;
}

// Sizes and colours from the site's theme; CodeMirror's own (light) defaults would clash in dark mode.
const theme = EditorView.theme({
  "&": { height: "100%", backgroundColor: "transparent", color: "var(--color-fg)" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: "inherit", lineHeight: "1.5rem", overflow: "auto" },
  ".cm-content": { padding: "0.75rem 0", caretColor: "var(--color-fg)" },
  ".cm-gutters": { backgroundColor: "transparent", color: "var(--color-muted)", borderRight: "1px solid var(--color-line)" },
  ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "color-mix(in oklab, var(--color-fg) 6%, transparent)" },
  ".cm-problem-gutter .cm-gutterElement": { color: "#f87171", padding: "0 2px 0 6px" },
  ".cm-cursor": { borderLeftColor: "var(--color-fg)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "color-mix(in oklab, var(--color-brand) 35%, transparent) !important" },
  ".cm-tooltip": { backgroundColor: "var(--color-surface)", color: "var(--color-fg)", border: "1px solid var(--color-line)", borderRadius: "0.5rem" },
  ".cm-panels": { backgroundColor: "var(--color-surface)", color: "var(--color-fg)" },
  ".cm-diagnostic-error": { borderLeftColor: "#f87171" },
});

/** Keeps a script within its size limit, as the field's maxLength did. */
const maxLength = EditorState.transactionFilter.of((tr) => (tr.docChanged && tr.newDoc.length > STORY_LIMITS.scriptChars && tr.newDoc.length > tr.startState.doc.length ? [] : tr));

/** The CodeMirror script editor. Uncontrolled inside, kept equal to `value` from outside. */
export function InkCodeEditor({ id, labelledBy, describedBy, value, onChange, problems, handle, onGoToKnot }: InkCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const aria = useRef(new Compartment());
  // Callbacks change every render; the editor reads the latest through refs.
  const latest = useRef({ onChange, onGoToKnot });
  latest.current = { onChange, onGoToKnot };

  const ariaOf = (invalid: boolean) =>
    EditorView.contentAttributes.of({
      id,
      "aria-labelledby": labelledBy,
      ...(describedBy ? { "aria-describedby": describedBy } : {}),
      ...(invalid ? { "aria-invalid": "true" } : {}),
      // A contenteditable is focusable already; the explicit tabindex lets checkers (axe) see that
      // the scrolling area holds a keyboard stop.
      tabindex: "0",
      spellcheck: "false",
      autocorrect: "off",
      autocapitalize: "off",
    });

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          aria.current.of(ariaOf(problems.size > 0)),
          problemField,
          lineNumbers(),
          problemGutter,
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          search({ top: true }),
          highlightSelectionMatches(),
          inkLanguage,
          syntaxHighlighting(inkHighlight),
          indentUnit.of("  "),
          maxLength,
          keymap.of([
            { key: "Mod-Shift-o", preventDefault: true, run: () => (latest.current.onGoToKnot?.(), true) },
            // Escape always opens the way out: the next Tab (within two seconds) leaves the editor,
            // even when this Escape also collapses a selection (which would otherwise swallow it).
            { key: "Escape", run: (v) => (v.setTabFocusMode(2000), false) },
            ...defaultKeymap,
            ...historyKeymap,
            ...searchKeymap,
            ...lintKeymap,
            // Tab indents; Escape and then Tab leaves the editor (CodeMirror's tab focus mode).
            indentWithTab,
          ]),
          theme,
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latest.current.onChange(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is made once; value, problems and aria follow through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A change from outside (the co-writer's knot, a restored version): replace the text, keep undo.
  useEffect(() => {
    const v = view.current;
    if (!v || v.state.doc.toString() === value) return;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch(setDiagnostics(v.state, diagnosticsOf(v.state, problems)), { effects: [setProblems.of(problems), aria.current.reconfigure(ariaOf(problems.size > 0))] });
    // ariaOf reads only props listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problems, id, labelledBy, describedBy]);

  useImperativeHandle(handle, () => {
    const goToLine = (line: number) => {
      const v = view.current;
      if (!v) return;
      const n = Math.min(Math.max(1, Math.floor(line)), v.state.doc.lines);
      const l = v.state.doc.line(n);
      v.dispatch({ selection: EditorSelection.range(l.from, l.to), effects: EditorView.scrollIntoView(l.from, { y: "center" }) });
      v.focus();
    };
    return { goToLine, goTo: goToLine };
  }, []);

  return (
    <div
      ref={host}
      data-editor="codemirror"
      className="h-[26rem] overflow-hidden rounded-xl border border-line bg-surface-2 font-mono text-sm leading-6 focus-within:ring-2 focus-within:ring-brand lg:h-[32rem]"
    />
  );
}
