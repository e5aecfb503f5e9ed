import type { Clock } from "./clock";

/**
 * One value read from the database and kept for a while: the brands menu, the catalogue's filter
 * values, the alert wizard's choices. Concurrent readers during a load share it; past the time to
 * live readers get the last value while the next one loads; a failed load is not kept (the next
 * reader tries again); `invalidate()` forgets it at once, and readers then wait for the new value.
 * The time to live only bounds how long a change nobody reported can stay stale: caches of what the
 * catalogue shows are invalidated by the catalogue change feed (`invalidateOnCatalogueChange`).
 */
export interface CachedValue<T> {
  get(): Promise<T>;
  invalidate(): void;
}

export function cachedValue<T>(
  load: () => Promise<T>,
  opts: { ttlMs: number; clock: Clock },
): CachedValue<T> {
  const now = () => opts.clock.now().getTime();
  let entry: { at: number; value: Promise<T>; done: boolean } | undefined;
  /** The newest value loaded since the last invalidation. */
  let last: { value: T } | undefined;
  const start = () => {
    const e = { at: now(), value: load(), done: false };
    entry = e;
    e.value.then(
      (value) => {
        e.done = true;
        if (entry === e) last = { value };
      },
      () => {
        if (entry === e) entry = undefined;
      },
    );
  };
  return {
    get() {
      if (!entry || now() - entry.at >= opts.ttlMs) start();
      // Past its time to live the value is loaded again while readers keep the last one: the reload
      // of the filter values at 100 000 offers took ~0.4 s, which one request in every 30 s paid.
      // Only an invalidation (a reported change) makes readers wait for the new value.
      const current = entry as NonNullable<typeof entry>;
      return !current.done && last ? Promise.resolve(last.value) : current.value;
    },
    invalidate() {
      entry = undefined;
      last = undefined;
    },
  };
}

/** The part of the catalogue change feed (catalogue/changes.ts) a cache listens to. */
export interface ChangeFeed {
  subscribe(fn: (change: { scope: string }) => void): () => void;
}

/** Forgets the caches whenever offers, banners, literals or settings change (not on a mere bid). */
export function invalidateOnCatalogueChange(
  feed: ChangeFeed,
  ...caches: { invalidate(): void }[]
): () => void {
  return feed.subscribe((change) => {
    if (change.scope === "all") for (const cache of caches) cache.invalidate();
  });
}
