import type { BidMessage } from "../../domain/auctions/live-store";
import { formatPrice } from "../../domain/format";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import type { Metrics } from "../metrics";
import type { AuctionAnnouncer, BidExtras, ClosedAuction } from "./announcements";
import { AuctionFanout, FANOUT_CHUNK } from "./fanout";
import { frameWriter } from "./frame-writer";
import { KnownBids } from "./known-bids";
import { auctionTerms, liveAuctions } from "./live-state";
import {
  auctionRoom,
  type BiddingServer,
  type HubEvent,
  type HubSocket,
  userRoom,
  watchedAuctions,
} from "./socket-server";

/** After the PostgreSQL adapter gets a new LISTEN connection: time for its LISTEN statements to run. */
const LISTEN_SETTLE_MS = 500;

type Log = (msg: string, err?: unknown) => void;

/**
 * The watchers of auctions on the bidding hub, as the bidding service and the closer tell them about
 * bids and closed auctions: informAboutBid to an auction's watchers, refreshAuctions after an
 * extension, showAlert to the outbid person and to winners, auctionEnded to the watchers of an ended
 * auction. Every announcement is delivered to this process's sockets at once and, with PostgreSQL,
 * sent to the other processes as one server-side event (see announce).
 */
export class AuctionWatchers implements AuctionAnnouncer {
  /**
   * One fan-out per auction with bids: it never sends an older bid after a newer one (bids committed in
   * quick succession are published by different requests) and lets the newest bid overtake (fanout.ts).
   */
  private readonly fanouts = new Map<number, AuctionFanout>();
  /** Every bid heard, for refusing a bid below the known minimum without a database call. */
  readonly known = new KnownBids();
  private readonly writeFrames: ReturnType<typeof frameWriter>;
  private readonly clustered: boolean;
  private resync: NodeJS.Timeout | undefined;

  constructor(
    private readonly io: BiddingServer,
    private readonly database: Database,
    private readonly metrics: Pick<Metrics, "fanoutDone">,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {
    this.writeFrames = frameWriter(io);
    this.clustered = database.kind === "postgres" && Boolean(database.pool);
    if (this.clustered) io.on("hubEvent", (event: HubEvent) => this.deliver(event));
    database.listenPool?.onReconnect(() => this.resyncSoon());
  }

  bidAccepted(message: BidMessage, extras: BidExtras): void {
    this.announce({
      kind: "bid",
      message,
      extended: extras.extended,
      connectionId: extras.connectionId,
      terms: extras.terms,
      outbid:
        extras.outbidUserId && extras.outbidPrice
          ? { userId: extras.outbidUserId, price: extras.outbidPrice, maxPrice: extras.outbidMaxPrice }
          : undefined,
    });
  }

  auctionsClosed(closed: ClosedAuction[]): void {
    void (async () => {
      const ids = closed.map((c) => c.offerId);
      const [states, terms] = await Promise.all([
        liveAuctions(this.database.db, ids, this.clock.now()),
        auctionTerms(this.database.db, ids, this.clock.now()),
      ]);
      const winners = closed.flatMap((c) =>
        c.winnerUserId && c.price ? [{ userId: c.winnerUserId, auctionId: c.offerId, price: c.price }] : [],
      );
      this.announce({ kind: "closed", states, winners, terms });
    })().catch((err) => this.log("announcing closed auctions failed", err));
  }

  auctionsChanged(auctionIds: number[]): void {
    this.announce({ kind: "changed", auctionIds });
  }

  /** Ends the pending resynchronisation (on shutdown). */
  stop(): void {
    clearTimeout(this.resync);
  }

  /**
   * Every announcement is delivered to this process's sockets at once (io.local: no database round trip
   * before a watcher sees the bid) and, with PostgreSQL, sent to the other processes as ONE server-side
   * event. The adapter's own io.to().emit and socketsJoin would each publish a separate NOTIFY through
   * different pool connections, and a process could apply the bid before the room join it depends on:
   * the bidder's own connection then missed its bid. One event per announcement keeps join, bid and
   * alert in order on every process.
   */
  private announce(event: HubEvent) {
    this.deliver(event);
    if (this.clustered) void this.io.serverSideEmit("hubEvent", event);
  }

  private deliver(event: HubEvent) {
    if (event.kind === "bid") this.deliverBid(event);
    else if (event.kind === "closed") this.deliverClosed(event);
    else for (const id of event.auctionIds) void this.refreshWatchers(id);
  }

  private deliverBid({ message, connectionId, outbid, extended, terms }: Extract<HubEvent, { kind: "bid" }>) {
    const { io } = this;
    if (connectionId) io.local.in(connectionId).socketsJoin(auctionRoom(message.ai));
    this.known.heard(message);
    const fanout = this.fanoutOf(message.ai);
    if (fanout.lastBidNumber >= message.bn) return;
    fanout.push(message);
    if (terms) io.local.to(auctionRoom(message.ai)).emit("auctionTerms", [terms]);
    if (extended) void this.refreshWatchers(message.ai);
    if (outbid) {
      io.local.to(userRoom(outbid.userId)).emit("showAlert", {
        Message: outbid.maxPrice
          ? `Twoja maksymalna oferta ${formatPrice(outbid.maxPrice)} została przebita. Aktualna cena: ${formatPrice(message.cp)}.`
          : `Twoja oferta ${formatPrice(outbid.price)} została przelicytowana. Aktualna cena: ${formatPrice(message.cp)}.`,
        Type: "warning",
        AuctionId: message.ai,
        // The bid count of the outbidding bid: the browser drops this message once the person leads
        // again with a later bid.
        Bets: message.bn,
      });
    }
  }

  private deliverClosed(event: Extract<HubEvent, { kind: "closed" }>) {
    for (const s of event.states) {
      this.fanouts.delete(s.AuctionId);
      this.known.forget(s.AuctionId);
      this.io.local.to(auctionRoom(s.AuctionId)).emit("auctionEnded", s);
    }
    for (const t of event.terms ?? []) this.io.local.to(auctionRoom(t.AuctionId)).emit("auctionTerms", [t]);
    for (const w of event.winners) {
      this.io.local.to(userRoom(w.userId)).emit("showAlert", {
        Message: `Gratulujemy! Twoja oferta ${formatPrice(w.price)} wygrała aukcję nr ${w.auctionId}. Znajdziesz ją w zakładce „Wygrane aukcje”.`,
        Type: "success",
        AuctionId: w.auctionId,
      });
    }
  }

  private fanoutOf(auctionId: number) {
    let fanout = this.fanouts.get(auctionId);
    if (!fanout) {
      fanout = new AuctionFanout(
        () => this.io.of("/").adapter.rooms.get(auctionRoom(auctionId)),
        (socketIds, message) => this.writeFrames(socketIds, "informAboutBid", message),
        setImmediate,
        FANOUT_CHUNK,
        (seconds) => this.metrics.fanoutDone(seconds),
      );
      this.fanouts.set(auctionId, fanout);
    }
    return fanout;
  }

  /**
   * refreshAuctions after an extension (spec section 7) or staff's change of the dates: every local connection watching the auction gets
   * the states of all the auctions it watches, read in one query, so countdowns everywhere move to the
   * new end even where the bid message came late.
   */
  private async refreshWatchers(auctionId: number) {
    const sockets = [...(this.io.of("/").adapter.rooms.get(auctionRoom(auctionId)) ?? [])].flatMap((id) => {
      const socket: HubSocket | undefined = this.io.of("/").sockets.get(id);
      return socket ? [socket] : [];
    });
    const watched = (socket: HubSocket) => watchedAuctions(socket.rooms);
    try {
      const ids = [...new Set(sockets.flatMap(watched))];
      const [states, terms] = await Promise.all([
        liveAuctions(this.database.db, ids, this.clock.now()),
        auctionTerms(this.database.db, ids, this.clock.now()),
      ]);
      const byId = new Map(states.map((s) => [s.AuctionId, s]));
      const termsById = new Map(terms.map((t) => [t.AuctionId, t]));
      for (const socket of sockets) {
        socket.emit(
          "refreshAuctions",
          watched(socket).flatMap((id) => byId.get(id) ?? []),
        );
        const mine = watched(socket).flatMap((id) => termsById.get(id) ?? []);
        if (mine.length) socket.emit("auctionTerms", mine);
      }
    } catch (err) {
      this.log("refreshing the watchers of an auction failed", err);
    }
  }

  /**
   * Bids announced by other processes while this one's LISTEN connection was down (database restart,
   * killed connection) never arrive: once it listens again, the watchers here get the states afresh.
   * The adapter sends its LISTEN statements right after it gets the connection; the pause lets them
   * take effect first, so that no bid falls between this read and the listening.
   */
  private resyncSoon() {
    clearTimeout(this.resync);
    this.resync = setTimeout(() => {
      const ids = watchedAuctions(this.io.of("/").adapter.rooms.keys());
      if (!ids.length) return;
      liveAuctions(this.database.db, ids, this.clock.now())
        .then((states) => {
          // refreshAuctions replaces a client's list: each connection gets all the auctions it watches.
          const byId = new Map(states.map((state) => [state.AuctionId, state]));
          for (const socket of this.io.of("/").sockets.values()) {
            const mine = watchedAuctions(socket.rooms).flatMap((id) => byId.get(id) ?? []);
            if (mine.length) socket.emit("refreshAuctions", mine);
          }
        })
        .catch((err) => this.log("refreshing watched auctions after reconnect failed", err));
    }, LISTEN_SETTLE_MS);
  }
}
