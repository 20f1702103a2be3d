/**
 * Feed pages by viewer and request, valid for one state of the posts read model (its generation and
 * checkpoint) and at most `ttlMs`. Concurrent misses of one key share one computation. The least
 * recently stored entries go first beyond `maxEntries`.
 */
export class FeedPageCache<T> {
  private readonly entries = new Map<string, { readonly value: Promise<T>; readonly until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** `state` undefined (the read model's state is unknown) or a zero TTL computes every time. */
  async get(state: string | undefined, key: string, compute: () => Promise<T>): Promise<T> {
    if (state === undefined || this.ttlMs === 0) return compute();
    const id = `${state}|${key}`;
    const now = Date.now();
    const hit = this.entries.get(id);
    if (hit && hit.until > now) return hit.value;
    const value = compute();
    this.entries.delete(id);
    this.entries.set(id, { value, until: now + this.ttlMs });
    value.catch(() => this.entries.delete(id));
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
