import { asc } from "drizzle-orm";
import { makePath, makeSlug } from "../domain/slug";
import { onSale } from "./catalogue/on-sale";
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
export function createMakesService(db: Db, opts: { ttlMs?: number; now?: () => number } = {}): MakesService {
  const ttlMs = opts.ttlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  let cached: { at: number; value: Promise<MakeLink[]> } | undefined;

  async function load(): Promise<MakeLink[]> {
    const rows = await db
      .selectDistinct({ make: offers.make })
      .from(offers)
      .where(onSale(new Date()))
      .orderBy(asc(offers.make));
    const bySlug = new Map<string, MakeLink>();
    for (const { make } of rows) {
      const slug = makeSlug(make);
      if (slug && !bySlug.has(slug)) bySlug.set(slug, { name: make, slug, path: makePath(make) });
    }
    return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name, "pl"));
  }

  const service: MakesService = {
    list() {
      if (!cached || now() - cached.at >= ttlMs) {
        const value = load();
        cached = { at: now(), value };
        // A failed query must not stay cached: the next request tries again.
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
    invalidate() {
      cached = undefined;
    },
  };
  return service;
}
