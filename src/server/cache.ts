import type { Clock } from "./clock";

/**
 * One value read from the database and kept for a while: the brands menu, the catalogue's filter
 * values, the alert wizard's choices. Concurrent readers during a load share it; a failed load is not
 * kept (the next reader tries again); `invalidate()` forgets it at once. The time to live only bounds
 * how long a change nobody reported can stay stale: caches of what the catalogue shows are
 * invalidated by the catalogue change feed (`invalidateOnCatalogueChange`).
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
  let cached: { at: number; value: Promise<T> } | undefined;
  return {
    get() {
      if (!cached || now() - cached.at >= opts.ttlMs) {
        const value = load();
        const entry = { at: now(), value };
        cached = entry;
        value.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return cached.value;
    },
    invalidate() {
      cached = undefined;
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
