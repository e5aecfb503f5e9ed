import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { eventCalendar, eventPath, MAX_EVENT_LOTS, plannedClose } from "../../domain/auctions/events";
import type { AuctionTerms } from "../../domain/auctions/live-events";
import type { LiveAuction } from "../../domain/auctions/live-store";
import { offerPath } from "../../domain/catalogue/offer-url";
import { offerImageUrl } from "../../domain/images";
import { carTitle } from "../../domain/vehicles";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { auctionEvents, auctionSettlements, offerPhotos, offers } from "../db/schema/index";
import { type Actor, audit } from "../staff/audit";
import { StaffError } from "../staff/staff-error";
import type { AuctionAnnouncer } from "./announcements";
import { auctionTerms, liveAuctions } from "./live-state";

export interface EventTermsInput {
  Name: string;
  StartsAt: Date;
  FirstCloseAt: Date;
  IntervalSeconds: number;
}

/** One lot of an event as its page shows it before the hub's live states take over. */
export interface EventLot {
  lotNumber: number;
  auctionId: number;
  title: string;
  url: string;
  photoUrl: string | null;
  /** ISO instants: the planned close, and the end now (moved by the lot's own anti-sniping). */
  plannedClose: string;
  status: string;
}

export interface AuctionEventView {
  id: number;
  name: string;
  startsAt: string;
  firstCloseAt: string;
  intervalSeconds: number;
  lots: EventLot[];
  live: LiveAuction[];
  terms: AuctionTerms[];
}

/**
 * Auction events (ADR 060): staff and the fleet system create a named sale and put auctions in it as
 * its lots, in order; each lot opens at the event's start and is planned to close one interval after
 * the lot before it. A lot is an ordinary auction (its bids, anti-sniping, closing and settlement are
 * the auctions' own): an extension moves that lot's end only. Lots are added while nobody has bid in
 * them (their dates change). Every change is in the audit log.
 */
export class AuctionEventsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly announcer: Pick<AuctionAnnouncer, "auctionsChanged">,
    private readonly publicUrl: string,
    /** Public pages cached for visitors show the lots' new dates (OfferManagement.afterChange). */
    private readonly afterChange: () => void = () => {},
  ) {}

  /** A new event with its first lots (in order), all or nothing. */
  async create(
    input: EventTermsInput,
    by: Actor,
    auctionIds: number[] = [],
  ): Promise<{ id: number; lots: number }> {
    const now = this.clock.now();
    const ids = [...new Set(auctionIds)];
    const created = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(auctionEvents)
        .values({
          name: input.Name,
          startsAt: input.StartsAt,
          firstCloseAt: input.FirstCloseAt,
          intervalSeconds: input.IntervalSeconds,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: auctionEvents.id });
      await audit(tx, by, {
        action: "event.create",
        entity: "event",
        entityId: row.id,
        after: {
          name: input.Name,
          startsAt: input.StartsAt.toISOString(),
          firstCloseAt: input.FirstCloseAt.toISOString(),
          intervalSeconds: input.IntervalSeconds,
        },
      });
      const lots = await this.addLotsIn(tx, row.id, ids, by);
      return { id: row.id, lots };
    });
    this.afterLots(ids);
    return created;
  }

  private afterLots(ids: number[]) {
    if (!ids.length) return;
    this.announcer.auctionsChanged(ids);
    this.afterChange();
  }

  /**
   * Puts auctions in the event as its next lots, in the given order: each opens at the event's start
   * and is planned to close after the lot before it. Refused (nothing changes) for an auction that is
   * not one, has bids, has ended or belongs to another event.
   */
  async addLots(eventId: number, auctionIds: number[], by: Actor): Promise<number> {
    const ids = [...new Set(auctionIds)];
    const lots = await this.db.transaction((tx) => this.addLotsIn(tx, eventId, ids, by));
    this.afterLots(ids);
    return lots;
  }

  private async addLotsIn(tx: Tx, eventId: number, ids: number[], by: Actor): Promise<number> {
    {
      const [event] = await tx
        .select()
        .from(auctionEvents)
        .where(eq(auctionEvents.id, eventId))
        .for("update");
      if (!event) throw new StaffError(404, "Nie ma takiego wydarzenia aukcyjnego.");
      const rows = ids.length
        ? await tx
            .select({
              id: offers.id,
              saleType: offers.saleType,
              status: offers.status,
              bidCount: offers.bidCount,
              eventId: offers.eventId,
              settled: offers.auctionSettled,
            })
            .from(offers)
            .where(inArray(offers.id, ids))
            .for("update")
        : [];
      for (const id of ids) {
        const o = rows.find((r) => r.id === id);
        const why =
          o?.saleType !== "auction"
            ? "nie jest aukcją"
            : o.settled || (o.status !== "active" && o.status !== "draft")
              ? "jest już zakończona"
              : o.bidCount > 0
                ? "ma już oferty (jej daty nie mogą się zmienić)"
                : o.eventId !== null
                  ? "jest już w wydarzeniu"
                  : null;
        if (why) throw new StaffError(409, `Aukcja nr ${id} ${why}.`);
      }
      const [{ n }] = await tx.select({ n: count() }).from(offers).where(eq(offers.eventId, eventId));
      if (n + ids.length > MAX_EVENT_LOTS)
        throw new StaffError(409, `Wydarzenie może mieć najwyżej ${MAX_EVENT_LOTS} samochodów.`);
      const [{ last }] = await tx
        .select({ last: sql<number>`coalesce(max(${offers.lotNumber}), 0)::int` })
        .from(offers)
        .where(eq(offers.eventId, eventId));
      const now = this.clock.now();
      for (const [i, id] of ids.entries()) {
        const lotNumber = last + i + 1;
        await tx
          .update(offers)
          .set({
            eventId,
            lotNumber,
            auctionStart: event.startsAt,
            auctionEnd: plannedClose(event.firstCloseAt, event.intervalSeconds, lotNumber),
            updatedAt: now,
          })
          .where(eq(offers.id, id));
      }
      if (ids.length)
        await audit(tx, by, {
          action: "event.lots",
          entity: "event",
          entityId: eventId,
          after: { added: ids.map((id, i) => ({ auctionId: id, lotNumber: last + i + 1 })) },
        });
      return n + ids.length;
    }
  }

  /** The events, the latest start first, with their number of lots (the panel's list). */
  async list() {
    return this.db
      .select({
        id: auctionEvents.id,
        name: auctionEvents.name,
        startsAt: auctionEvents.startsAt,
        firstCloseAt: auctionEvents.firstCloseAt,
        intervalSeconds: auctionEvents.intervalSeconds,
        lots: sql<number>`(select count(*)::int from offers o where o.event_id = ${auctionEvents.id})`,
      })
      .from(auctionEvents)
      .orderBy(desc(auctionEvents.startsAt), desc(auctionEvents.id))
      .limit(100);
  }

  /**
   * An event with its lots in order. `published`: only lots on sale (the public page); staff see drafts
   * too. Null for an unknown event.
   */
  async get(id: number, opts: { published: boolean }): Promise<AuctionEventView | null> {
    const [event] = await this.db.select().from(auctionEvents).where(eq(auctionEvents.id, id));
    if (!event) return null;
    const rows = await this.db
      .select({
        id: offers.id,
        make: offers.make,
        model: offers.model,
        version: offers.version,
        lotNumber: offers.lotNumber,
        status: offers.status,
        photo: sql<string | null>`(select ${offerPhotos.imageId} from ${offerPhotos}
          where ${offerPhotos.offerId} = ${offers.id} order by ${offerPhotos.position} limit 1)`,
      })
      .from(offers)
      .leftJoin(auctionSettlements, eq(auctionSettlements.offerId, offers.id))
      .where(
        and(
          eq(offers.eventId, id),
          opts.published
            ? sql`${offers.status} <> 'draft' and (${auctionSettlements.outcome} is null or ${auctionSettlements.outcome} <> 'cancelled')`
            : undefined,
        ),
      )
      .orderBy(asc(offers.lotNumber));
    const now = this.clock.now();
    const ids = rows.map((r) => r.id);
    const [live, terms] = await Promise.all([
      liveAuctions(this.db, ids, now),
      auctionTerms(this.db, ids, now),
    ]);
    return {
      id: event.id,
      name: event.name,
      startsAt: event.startsAt.toISOString(),
      firstCloseAt: event.firstCloseAt.toISOString(),
      intervalSeconds: event.intervalSeconds,
      lots: rows.map((r) => ({
        lotNumber: r.lotNumber ?? 0,
        auctionId: r.id,
        title: carTitle(r),
        url: offerPath("auction", r.make, r.model, r.id),
        photoUrl: r.photo ? offerImageUrl(r.photo, "small") : null,
        plannedClose: plannedClose(event.firstCloseAt, event.intervalSeconds, r.lotNumber ?? 1).toISOString(),
        status: r.status,
      })),
      live,
      terms,
    };
  }

  /** The event an auction is a lot of, for its page: the event's name and address, and the lot's place. */
  async eventOf(auctionId: number) {
    const [row] = await this.db
      .select({
        id: auctionEvents.id,
        name: auctionEvents.name,
        lotNumber: offers.lotNumber,
        lots: sql<number>`(select count(*)::int from offers o where o.event_id = ${auctionEvents.id} and o.status <> 'draft')`,
      })
      .from(offers)
      .innerJoin(auctionEvents, eq(auctionEvents.id, offers.eventId))
      .where(eq(offers.id, auctionId));
    return row ? { ...row, url: eventPath(row.id) } : null;
  }

  /** The event as an iCalendar file; null for an unknown event. */
  async calendar(id: number): Promise<string | null> {
    const e = await this.get(id, { published: true });
    if (!e) return null;
    const last = e.lots.at(-1);
    return eventCalendar({
      id: e.id,
      name: e.name,
      startsAt: new Date(e.startsAt),
      firstCloseAt: new Date(e.firstCloseAt),
      lastCloseAt: last ? new Date(last.plannedClose) : new Date(e.firstCloseAt),
      lots: e.lots.length,
      intervalSeconds: e.intervalSeconds,
      url: `${this.publicUrl}${eventPath(e.id)}`,
      host: new URL(this.publicUrl).host,
      now: this.clock.now(),
    });
  }
}
