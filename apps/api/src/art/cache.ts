/**
 * Rendered art kept in memory, bounded by bytes (not entries: a 1536-wide cover weighs a hundred
 * times an avatar). The least recently used pictures go first. Concurrent requests for a picture
 * share one render: an entry holds the render's promise, and counts its bytes once it has them.
 */
export class ArtCache {
  private readonly entries = new Map<string, { work: Promise<Buffer>; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  /** Bytes held by finished renders. */
  get bytes(): number {
    return this.total;
  }

  /** The cached (or in-progress) render of `key`, marked as just used; undefined when there is none. */
  get(key: string): Promise<Buffer> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.work;
  }

  /** Renders `key` with `render` unless cached: the shared render; a failed one is forgotten. */
  render(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.get(key);
    if (hit) return hit;
    const entry = { work: render(), bytes: 0 };
    this.entries.set(key, entry);
    entry.work.then(
      (buf) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = buf.length;
        this.total += buf.length;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.work;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) return;
      this.entries.delete(key);
      this.total -= entry.bytes;
    }
  }
}
