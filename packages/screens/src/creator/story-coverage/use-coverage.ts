"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { CoverageResponse, CoverageState } from "./coverage-types";

export { knotReachOf, type Coverage, type CoverageState, type EndingCoverage, type KnotCoverage, type KnotReach } from "./coverage-types";

/** Coverage for the script as typed, and the switch that starts it. */
export interface CoverageControl {
  state: CoverageState;
  /** Starts coverage (loading its worker); from then on it follows the script's edits. */
  start(): void;
}

const DEBOUNCE_MS = 500;

const lastOf = (s: CoverageState) => (s.state === "done" ? s.coverage : s.state === "off" ? null : s.last);

/**
 * Runs coverage in a Web Worker once started, again a moment after each edit. One run at a time:
 * an edit made during a run is sent when it ends, and answers to older scripts are dropped.
 */
export function useCoverage(script: string): CoverageControl {
  const [on, setOn] = useState(false);
  const [state, setState] = useState<CoverageState>({ state: "off" });
  const worker = useRef<Worker | null>(null);
  const busy = useRef(false);
  const pending = useRef<string | null>(null);
  const latest = useRef(0);

  const send = useCallback((text: string) => {
    if (busy.current) {
      pending.current = text;
      return;
    }
    if (!worker.current) {
      // The worker (and the ink compiler inside it) loads the first time coverage is asked for.
      const w = new Worker(new URL("./coverage.worker.ts", import.meta.url), { type: "module" });
      w.onmessage = (e: MessageEvent<CoverageResponse>) => {
        busy.current = false;
        const next = pending.current;
        pending.current = null;
        if (next !== null) {
          send(next);
          return;
        }
        const r = e.data;
        if (r.id !== latest.current) return;
        setState((prev) => (r.ok ? { state: "done", coverage: r.coverage } : { state: "error", error: r.error, last: lastOf(prev) }));
      };
      w.onerror = (e) => {
        e.preventDefault();
        busy.current = false;
        pending.current = null;
        w.terminate();
        worker.current = null;
        setState((prev) => ({ state: "error", error: "The coverage worker could not run. Reload the page to try again.", last: lastOf(prev) }));
      };
      worker.current = w;
    }
    busy.current = true;
    latest.current += 1;
    worker.current.postMessage({ id: latest.current, script: text });
  }, []);

  useEffect(() => {
    if (!on) return;
    if (!script.trim()) {
      setState({ state: "error", error: "Write a script to see its coverage.", last: null });
      return;
    }
    setState((prev) => ({ state: "running", last: lastOf(prev) }));
    const timer = setTimeout(() => send(script), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [on, script, send]);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
      busy.current = false;
      pending.current = null;
    },
    [],
  );

  return { state, start: useCallback(() => setOn(true), []) };
}
