import crypto from "node:crypto";
import zlib from "node:zlib";
import { QueryKeys, searchQuery } from "../../domain/catalogue/filters";
import type { CatalogueChange } from "../catalogue/changes";

/**
 * The page cache for anonymous visitors (ADR 018): the server-rendered HTML of public pages,
 * stored already compressed (brotli and gzip) beside the plain bytes, bounded in bytes with the
 * least recently used page going first, keyed by the normalised URL.
 *
 * Invalidation follows the catalogue change feed, so a page is never older than the data it shows:
 * - a change of anything (`all`) empties the cache;
 * - a bid (`auction`) drops every page that can show an auction's price: all pages but the detail
 *   pages of offers that are not auctions (lists, the home carousels and the auction detail pages,
 *   whose "recommended" tiles show other auctions' prices);
 * - the clock: the cache empties itself at the next moment a page changes by time alone (an
 *   auction starting, ending or entering its last 12 hours, a banner's end date; see
 *   `validUntil`), and no page is kept longer than `maxAgeMs`, a bound for any time-dependent text
 *   nobody listed.
 * A render that started before an invalidation it is affected by is not stored (see `ticket`).
 */

export type PageTag = "lists" | "auctions";

export interface CachedPage {
  status: number;
  /** Response headers to send as they are (no content-length or content-encoding). */
  headers: [string, string][];
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  tags: readonly PageTag[];
  storedAt: number;
}

const AUCTION_DETAIL = /^\/aukcje-samochodowe\/[^/]+-id-\d+$/i;
const OFFER_DETAIL = /-id-\d+$/i;

/** Which invalidations a page at this path is affected by. */
export function tagsFor(pathname: string): PageTag[] {
  if (AUCTION_DETAIL.test(pathname)) return ["auctions"];
  if (OFFER_DETAIL.test(pathname)) return [];
  return ["lists"];
}

/**
 * The cache key: the path as requested (routes redirect other spellings) and the sorted query. The
 * search box's text is keyed as the list reads it (searchQuery: white space collapsed, cut to length,
 * the first value only, blank left out), so spellings of one search share a page.
 */
export function pageKey(url: string): string {
  const parsed = new URL(url, "http://x");
  const params = parsed.searchParams;
  if (params.has(QueryKeys.search)) {
    const search = searchQuery(params.get(QueryKeys.search));
    params.delete(QueryKeys.search);
    if (search) params.set(QueryKeys.search, search);
  }
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}

export function compressPage(html: string): Pick<CachedPage, "identity" | "br" | "gzip" | "etag"> {
  const identity = Buffer.from(html);
  return {
    identity,
    // Quality 5 compresses a 160 KB page in a few milliseconds, at most a few per cent larger than 11.
    br: zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: zlib.gzipSync(identity, { level: 6 }),
    etag: `"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 22)}"`,
  };
}

const sizeOf = (p: CachedPage) => p.identity.length + p.br.length + p.gzip.length + 512;

export interface PageCacheOptions {
  maxBytes: number;
  maxAgeMs: number;
  /** The server's clock in milliseconds (services.clock). */
  now: () => number;
}

export class PageCache {
  /** Map order is recency: a hit moves its page to the end, eviction takes from the front. */
  private pages = new Map<string, CachedPage>();
  private bytes = 0;
  /** Invalidation counter, and the counter value at which each tag (or everything) was last dropped. */
  private epoch = 0;
  private droppedAt: Record<PageTag | "all", number> = { all: 0, lists: 0, auctions: 0 };
  /** The next moment a cached page may change by time alone; unknown until a page is stored. */
  private validUntil: number | undefined;
  private readonly now: () => number;
  readonly stats = { hits: 0, misses: 0, stored: 0, evicted: 0, invalidations: 0 };

  constructor(private readonly opts: PageCacheOptions) {
    this.now = opts.now;
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  /** Whether the time boundary for stored pages must be looked up before the next store. */
  get needsValidUntil(): boolean {
    return this.validUntil === undefined;
  }

  setValidUntil(at: number): void {
    this.validUntil = at;
  }

  get(key: string): CachedPage | undefined {
    const now = this.now();
    // The clock passed a moment at which pages change by time alone: as if everything changed.
    if (this.validUntil !== undefined && now >= this.validUntil) this.invalidate({ scope: "all" });
    const page = this.pages.get(key);
    if (!page || now - page.storedAt >= this.opts.maxAgeMs) {
      if (page) this.remove(key, page);
      this.stats.misses++;
      return undefined;
    }
    this.pages.delete(key);
    this.pages.set(key, page);
    this.stats.hits++;
    return page;
  }

  /** Taken before rendering a page and given back to `set`: a render older than an invalidation of its tags is not stored. */
  ticket(): number {
    return this.epoch;
  }

  set(key: string, page: CachedPage, ticket: number): boolean {
    if (this.droppedAt.all > ticket || page.tags.some((t) => this.droppedAt[t] > ticket)) return false;
    const size = sizeOf(page);
    if (size > this.opts.maxBytes / 4) return false;
    const old = this.pages.get(key);
    if (old) this.remove(key, old);
    this.pages.set(key, page);
    this.bytes += size;
    this.stats.stored++;
    for (const [k, p] of this.pages) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.remove(k, p);
      this.stats.evicted++;
    }
    return true;
  }

  invalidate(change: CatalogueChange): void {
    this.epoch++;
    this.stats.invalidations++;
    if (change.scope === "all") {
      this.droppedAt.all = this.epoch;
      this.clear();
      return;
    }
    // A bid may extend the auction's end: the time boundary is looked up again.
    this.validUntil = undefined;
    for (const tag of ["lists", "auctions"] as const) this.droppedAt[tag] = this.epoch;
    for (const [k, p] of this.pages) if (p.tags.length) this.remove(k, p);
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
    this.validUntil = undefined;
  }

  private remove(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.bytes -= sizeOf(page);
  }
}
