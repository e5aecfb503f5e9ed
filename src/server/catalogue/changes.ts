import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";

/** The channel that migration 0011's triggers notify on (ADR 018). */
export const CATALOGUE_CHANNEL = "catalogue_changes";

/**
 * What changed in what public pages show: `all` (an offer, banner, literal, document, condition
 * report or calculator setting), or only the live state of one auction (a bid: price, bid count,
 * leader, end).
 */
export type CatalogueChange = { scope: "all" } | { scope: "auction"; auctionId: number };

export function parseCatalogueChange(payload: string): CatalogueChange {
  const auction = /^auction:(\d+)$/.exec(payload);
  return auction ? { scope: "auction", auctionId: Number(auction[1]) } : { scope: "all" };
}

/**
 * The catalogue change feed of this process: every change committed by any process (or staff
 * command) on the same database reaches each subscriber once, after its commit. Caches that hold
 * what public pages show subscribe here instead of guessing with a time to live.
 */
export class CatalogueChanges {
  private subscribers = new Set<(change: CatalogueChange) => void>();
  private unlisten?: () => Promise<void>;
  /** Markers sent by caughtUp(), by payload. */
  private markers = new Map<string, () => void>();

  subscribe(fn: (change: CatalogueChange) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  emit(change: CatalogueChange): void {
    for (const fn of this.subscribers) fn(change);
  }

  /** Starts listening; after a gap in the database connection everything counts as changed. */
  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen(
      CATALOGUE_CHANNEL,
      (payload) => {
        const marker = this.markers.get(payload);
        if (marker) marker();
        else this.emit(parseCatalogueChange(payload));
      },
      () => this.emit({ scope: "all" }),
    );
  }

  /**
   * Resolves once this process has received every change committed before the call: notifications
   * arrive in commit order, so it sends a marker of its own and waits for it. (PostgreSQL delivers
   * them on another connection, a moment after the commit; tests use this instead of sleeping.)
   */
  async caughtUp(db: Db): Promise<void> {
    const marker = `caught-up:${crypto.randomUUID()}`;
    const seen = new Promise<void>((resolve) => this.markers.set(marker, resolve));
    await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${marker})`);
    await seen;
    this.markers.delete(marker);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
  }
}
