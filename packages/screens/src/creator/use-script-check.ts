"use client";
import { useEffect, useState } from "react";
import type { checkScript, ScriptIssue, WalkReport } from "@storyloom/story-script";
import { InkRunaway, installInkGuard, withInkDeadline } from "@storyloom/story-script/guard";

/** What the editor knows about the script as typed. */
export type ScriptCheck =
  | { state: "loading" }
  | { state: "empty" }
  /** lastJson: the last version that compiled, which the preview keeps playing meanwhile */
  | { state: "errors"; errors: ScriptIssue[]; lastJson: string | null }
  /** problems: what the walk found (dead ends, runtime errors, no ending), at their knots' lines */
  | { state: "ok"; json: string; report: WalkReport; problems: ScriptIssue[] };

// The browser walk stays small so typing never stutters; the server walks again, deeper, on publish.
const WALK = { maxTurns: 30, maxStates: 2000, plays: 30 };
const DEBOUNCE_MS = 350;

type ScriptModule = { checkScript: typeof checkScript };
let loading: Promise<ScriptModule> | null = null;
// The ink compiler is large: it loads with the editor page only, the first time a script is checked.
const loadCompiler = () =>
  (loading ??= Promise.all([import("@storyloom/story-script"), import("inkjs/full")]).then(([m, ink]) => {
    installInkGuard(ink.Story);
    return m;
  }));
/** Longest the walk may take after an edit, so typing never freezes the page. */
const WALK_MS = 1_500;

/** The compiled story the preview can play: the current one, or the last that compiled. */
export function lastJsonOf(check: ScriptCheck): string | null {
  return check.state === "ok" ? check.json : check.state === "errors" ? check.lastJson : null;
}

/** Compiles and walks the script a moment after the author stops typing. */
export function useScriptCheck(script: string): ScriptCheck {
  const [check, setCheck] = useState<ScriptCheck>({ state: "loading" });
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        if (!script.trim()) {
          setCheck({ state: "empty" });
          return;
        }
        void loadCompiler().then(
          (m) => {
            if (!live) return;
            let review: ReturnType<typeof checkScript>;
            try {
              review = withInkDeadline(WALK_MS, () => m.checkScript(script, WALK));
            } catch (e) {
              if (!(e instanceof InkRunaway)) throw e;
              setCheck((prev) => ({ state: "errors", errors: [{ line: 0, message: e.message }], lastJson: lastJsonOf(prev) }));
              return;
            }
            if (!review.json || !review.report) {
              const errors = review.problems;
              setCheck((prev) => ({ state: "errors", errors, lastJson: lastJsonOf(prev) }));
              return;
            }
            setCheck({ state: "ok", json: review.json, report: review.report, problems: review.problems });
          },
          () => {
            // A failed chunk load (offline): the first check tries again on the next edit.
            loading = null;
            if (live) setCheck((prev) => ({ state: "errors", errors: [{ line: 0, message: "The ink compiler could not be loaded. Check your connection." }], lastJson: lastJsonOf(prev) }));
          },
        );
      },
      loading ? DEBOUNCE_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [script]);
  return check;
}
