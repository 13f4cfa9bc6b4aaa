"use client";
import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from "react";

// Parts of the chat page that only show once the player's thread is read (the choices and the
// composer, the memory and branch buttons, the side panel's body) come from one module loaded
// after the first load: the same idea as LazyRichText. Its code is fetched as the chat's own code
// runs, in parallel with the thread's reads, so it is normally in place before any part shows; a
// part drawn earlier shows its loading state, and a failed load says so and offers a retry.

type Status<M> = { state: "idle" | "loading" | "failed" } | { state: "ready"; module: M };

/** What the server and hydration see: nothing loaded yet (the parts render their loading state). */
const IDLE = { state: "idle" } as const;

/** A module loaded on demand, shared by the parts it renders. */
export interface LazyModule<M> {
  /** Starts loading (once; a failed load may be started again). */
  preload: () => void;
  /** Where the load is. */
  state: () => Status<unknown>["state"];
  /**
   * A component rendering `pick(module)` once loaded: `Loading` until then (on the server and
   * through hydration too), `Failed` (given a retry) if the load fails.
   */
  part: <P extends object>(pick: (m: M) => ComponentType<P>, Loading: ComponentType<P> | null, Failed?: ComponentType<P & { retry: () => void }>) => ComponentType<P>;
}

/** A module loaded after the first load (see the note above); `load` is its dynamic import. */
export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let status: Status<M> = IDLE;
  const listeners = new Set<() => void>();
  const set = (next: Status<M>) => {
    status = next;
    for (const listener of listeners) listener();
  };
  const preload = () => {
    if (status.state === "loading" || status.state === "ready") return;
    set({ state: "loading" });
    load().then(
      (module) => set({ state: "ready", module }),
      () => set({ state: "failed" }),
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const read = () => status;
  const serverRead = () => IDLE as Status<M>;

  function part<P extends object>(pick: (m: M) => ComponentType<P>, Loading: ComponentType<P> | null, Failed?: ComponentType<P & { retry: () => void }>): ComponentType<P> {
    function LazyPart(props: P): ReactNode {
      const now = useSyncExternalStore(subscribe, read, serverRead);
      // Normally already loading (started with the chat's code); a part that shows first starts it.
      useEffect(preload, []);
      if (now.state === "ready") {
        const Part = pick(now.module);
        return <Part {...props} />;
      }
      if (now.state === "failed") return Failed ? <Failed {...props} retry={preload} /> : null;
      return Loading ? <Loading {...props} /> : null;
    }
    return LazyPart;
  }
  return { preload, state: () => status.state, part };
}
