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

/**
 * How long the guard waits for the server before a reload (spec section 9: build manifest fetch
 * timeout 1500 ms). What it asks for is the file that failed, not the build manifest: an App
 * Router page is not told its build id, and the file's own address answers the same question.
 */
export const BUILD_CHECK_TIMEOUT_MS = 1500;

/** Collaborators of the guard; tests replace them, the browser defaults are used otherwise. */
export interface ChunkGuardOptions {
  reload?: () => void;
  storage?: Pick<Storage, "getItem" | "setItem">;
  now?: () => number;
}

const FILE_URL = /(https?:\/\/[^\s)"']+\.(?:m?js|css))\b/i;

/** The address of the script or stylesheet a chunk error names (Next, Chromium and Firefox do; Safari does not), else null. */
export function failedChunkUrl(reason: unknown): string | null {
  const text = reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
  return FILE_URL.exec(text)?.[1] ?? null;
}

/** Whether the server gives any answer for `url` within 1500 ms: false offline or when it is too slow. */
export async function serverAnswers(url: string, timeoutMs = BUILD_CHECK_TIMEOUT_MS): Promise<boolean> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The deadline is kept here, not left to the fetch's abort handling: it must hold wherever fetch runs.
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(false);
    }, timeoutMs);
  });
  // no-cors: only whether an answer came matters, and a CDN-hosted chunk may send no CORS headers.
  const asked = fetch(url, { method: "HEAD", mode: "no-cors", cache: "no-store", signal: controller.signal }).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([asked, deadline]);
  } finally {
    clearTimeout(timer);
  }
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

/**
 * Listens for stale-chunk errors (thrown or rejected) and reloads once; returns the uninstaller.
 * When the error names its file, the server is asked for it first (1500 ms at most): any answer
 * (404 after a deploy, or the file after a glitch) means a reload will help; no answer means the
 * visitor is offline, where a reload would only swap this page for the browser's error page, so
 * the reload waits for the browser's `online` event instead.
 */
export function installChunkErrorGuard(options: ChunkGuardOptions = {}): () => void {
  let active = true;
  const reload = () => {
    if (active) reloadOnceForChunkError(options);
  };
  const onOnline = () => {
    window.removeEventListener("online", onOnline);
    reload();
  };
  const handle = (reason: unknown) => {
    if (!isChunkLoadError(reason)) return;
    const url = failedChunkUrl(reason);
    if (!url) return reload();
    void serverAnswers(url).then((answered) => {
      if (answered) reload();
      else if (active) window.addEventListener("online", onOnline);
    });
  };
  const onError = (event: ErrorEvent) => handle(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => handle(event.reason);
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    active = false;
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("online", onOnline);
  };
}
