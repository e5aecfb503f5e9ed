import { asc } from "drizzle-orm";
import { makePath, makeSlug } from "../domain/slug";
import { cachedValue } from "./cache";
import { onSale } from "./catalogue/on-sale";
import type { Clock } from "./clock";
import type { Db } from "./db/client";
import { offers } from "./db/schema/index";

export interface MakeLink {
  /** The make as the offers spell it, e.g. "Mercedes-Benz". */
  name: string;
  /** Its URL segment, e.g. "mercedes-benz". */
  slug: string;
  /** Its list address, e.g. "/marki/mercedes-benz". */
  path: string;
}

export interface MakesService {
  /** Every make of the offers on sale, alphabetically; cached for a short time (see ttlMs). */
  list(): Promise<MakeLink[]>;
  /** Forget the cached list (after offers were added or withdrawn). */
  invalidate(): void;
}

/**
 * The brands menu needs the list of makes on every page: it changes
 * only when the catalogue changes, so one query serves everybody for `ttlMs`, and concurrent
 * requests during a refresh share the same query.
 */
export function createMakesService(db: Db, clock: Clock, opts: { ttlMs?: number } = {}): MakesService {
  async function load(): Promise<MakeLink[]> {
    const rows = await db
      .selectDistinct({ make: offers.make })
      .from(offers)
      .where(onSale(clock.now()))
      .orderBy(asc(offers.make));
    const bySlug = new Map<string, MakeLink>();
    for (const { make } of rows) {
      const slug = makeSlug(make);
      if (slug && !bySlug.has(slug)) bySlug.set(slug, { name: make, slug, path: makePath(make) });
    }
    return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name, "pl"));
  }

  const cache = cachedValue(load, { ttlMs: opts.ttlMs ?? 60_000, clock });
  return { list: cache.get, invalidate: cache.invalidate };
}
