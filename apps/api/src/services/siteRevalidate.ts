import type { Config } from "../config";

/** Header carrying the shared secret on a revalidation call (the sites' REVALIDATE_SECRET). */
export const REVALIDATE_SECRET_HEADER = "x-revalidate-secret";

/** Changes within this window are announced to the sites once. */
const COALESCE_MS = 200;
/** One call's bound; a site that does not answer keeps its pages until their own 30 s revalidation. */
const CALL_TIMEOUT_MS = 3000;

interface Log {
  warn(msg: string): void;
}

/**
 * Tells the brand sites that the catalogue changed, so each drops the pages it rendered from it
 * (Next's full-route and data caches). Calls are coalesced, sent in the background, never retried
 * beyond one attempt: a site that missed one still refreshes its pages within their revalidation
 * window. Only the instance that made the change calls; the others learn of it by NOTIFY.
 */
export class SiteRevalidator {
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly urls: string[],
    private readonly secret: string,
    private readonly log: Log,
  ) {}

  /** Asks every site to revalidate, once for all changes within a short window. */
  ping(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.inFlight = this.callAll();
    }, COALESCE_MS);
    this.timer.unref();
  }

  /** Resolves once the calls of any ping made so far have ended (for a clean shutdown and tests). */
  async settled(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.inFlight = this.callAll();
    }
    await this.inFlight;
  }

  private async callAll(): Promise<void> {
    await Promise.all(
      this.urls.map(async (url) => {
        try {
          const res = await fetch(url, { method: "POST", headers: { [REVALIDATE_SECRET_HEADER]: this.secret }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
          if (!res.ok) this.log.warn(`[catalogue] ${url} refused the revalidation: HTTP ${res.status}`);
        } catch (err) {
          this.log.warn(`[catalogue] could not reach ${url} to revalidate: ${err instanceof Error ? err.message : String(err)}`);
        }
      }),
    );
  }
}

const revalidators = new WeakMap<object, SiteRevalidator>();

/** Attaches the sites to call after a change of one database's catalogue (none configured: nothing). */
export function configureSiteRevalidation(db: object, config: Pick<Config, "SITE_REVALIDATE_URLS" | "SITE_REVALIDATE_SECRET">, log: Log): SiteRevalidator | null {
  if (config.SITE_REVALIDATE_URLS.length === 0 || !config.SITE_REVALIDATE_SECRET) return null;
  const r = new SiteRevalidator(config.SITE_REVALIDATE_URLS, config.SITE_REVALIDATE_SECRET, log);
  revalidators.set(db, r);
  return r;
}

/** Asks the sites of this database to revalidate (see {@link SiteRevalidator.ping}). */
export function revalidateSites(db: object): void {
  revalidators.get(db)?.ping();
}
