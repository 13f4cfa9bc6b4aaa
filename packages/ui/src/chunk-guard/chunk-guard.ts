/** A second reload within this window is skipped, so a chunk that is really gone cannot loop. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
/** sessionStorage key holding the time of the last chunk-error reload. */
export const CHUNK_RELOAD_KEY = "chunk-reload-at";

// Webpack/Next ("ChunkLoadError", "Loading chunk 12 failed", "Loading CSS chunk … failed"),
// Chromium, Safari and Firefox wordings for a dynamic import whose file is gone after a deploy.
const CHUNK_MESSAGES = [
  /Loading (CSS )?chunk [\w./-]+ failed/i,
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
];

/** Whether an error (or rejection reason, or message) is a stale-chunk load failure. */
export function isChunkLoadError(reason: unknown): boolean {
  if (reason instanceof Error) {
    if (reason.name === "ChunkLoadError") return true;
    return CHUNK_MESSAGES.some((pattern) => pattern.test(reason.message));
  }
  if (typeof reason === "string") return CHUNK_MESSAGES.some((pattern) => pattern.test(reason));
  return false;
}

/** Collaborators of the guard; tests replace them, the browser defaults are used otherwise. */
export interface ChunkGuardOptions {
  reload?: () => void;
  storage?: Pick<Storage, "getItem" | "setItem">;
  now?: () => number;
}

function sessionStore(): Pick<Storage, "getItem" | "setItem"> | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Reloads the page unless it already did so in the last 10 s; returns whether it reloaded.
 * Without storage it does nothing: an unguarded reload could loop forever.
 */
export function reloadOnceForChunkError({ reload, storage, now = Date.now }: ChunkGuardOptions = {}): boolean {
  const store = storage ?? sessionStore();
  if (!store) return false;
  const at = now();
  const last = Number(store.getItem(CHUNK_RELOAD_KEY));
  if (Number.isFinite(last) && last > 0 && at - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    store.setItem(CHUNK_RELOAD_KEY, String(at));
  } catch {
    return false;
  }
  (reload ?? (() => window.location.reload()))();
  return true;
}

/** Listens for stale-chunk errors (thrown or rejected) and reloads once; returns the uninstaller. */
export function installChunkErrorGuard(options: ChunkGuardOptions = {}): () => void {
  const onError = (event: ErrorEvent) => {
    if (isChunkLoadError(event.error ?? event.message)) reloadOnceForChunkError(options);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) reloadOnceForChunkError(options);
  };
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
