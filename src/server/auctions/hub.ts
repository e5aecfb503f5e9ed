import { createAdapter } from "@socket.io/postgres-adapter";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { Server, type Socket } from "socket.io";
import type { BiddingClientEvents, BiddingServerEvents } from "../../domain/auctions/live-events";
import type { BidMessage, LiveAuction } from "../../domain/auctions/live-store";
import { formatPrice } from "../../domain/format";
import { refuseUnsafeEvents } from "../http/socket-input";
import type { Services } from "../services";
import { AuctionFanout, FANOUT_CHUNK } from "./fanout";
import { frameWriter } from "./frame-writer";
import { liveAuctions } from "./live-state";
import { myHighestBids } from "./queries";

/** Most auctions one connection may watch at once (a long /licytowanie list stays far below). */
const MAX_WATCHED = 200;

const AUCTION_ROOM = "auction:";
/** After the PostgreSQL adapter gets a new LISTEN connection: time for its LISTEN statements to run. */
const LISTEN_SETTLE_MS = 500;
export const auctionRoom = (id: number) => `${AUCTION_ROOM}${id}`;
export const userRoom = (id: number) => `user:${id}`;

/** What one process announces to the sockets of all processes. */
type HubEvent =
  | {
      kind: "bid";
      message: BidMessage;
      /** The bid moved the auction's end (anti-sniping): watchers also get refreshAuctions. */
      extended: boolean;
      connectionId?: string;
      /** maxPrice: the outbid person's maximum offer (proxy bid) was exceeded by this bid. */
      outbid?: { userId: number; price: number; maxPrice?: number };
    }
  | {
      kind: "closed";
      states: LiveAuction[];
      winners: Array<{ userId: number; auctionId: number; price: number }>;
    };

interface ServerSideEvents {
  hubEvent: (event: HubEvent) => void;
}

interface SocketData {
  userId?: number;
  utoken?: string;
}

/** The socket.io server of both hubs (the chat hub is its namespace /chat, typed there). */
export type BiddingServer = Server<BiddingClientEvents, BiddingServerEvents, ServerSideEvents, SocketData>;
type HubSocket = Socket<BiddingClientEvents, BiddingServerEvents, ServerSideEvents, SocketData>;

function parseIds(input: unknown): number[] | null {
  if (!Array.isArray(input) || input.length > MAX_WATCHED) return null;
  const ids = input.map(Number);
  return ids.every((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31) ? [...new Set(ids)] : null;
}

/**
 * The bidding hub of spec section 7 ("Live channels") on socket.io, on the same port as the site.
 * A connection may carry the access token (handshake `auth.token`): then it also joins the person's
 * own room, for showAlert messages. Events from the client: GetConnectionId (answered by
 * connectionId), WatchAuctions [ids] (joins those auctions' rooms, answered by refreshAuctions with
 * their states; sent again after every reconnect, which resynchronises the client), UnwatchAuctions
 * [ids], GetServerTime (acknowledged with the server's clock in ms, for countdowns). From the server:
 * informAboutBid {ai, cp, wh, bn, ae, mb} to the watchers of an auction, refreshAuctions [states],
 * myBids [{AuctionId, Price}] after refreshAuctions to a signed-in connection (the person's own highest
 * bid in the watched auctions they bid in), showAlert {Message, Type, AuctionId, Bets?} to one person,
 * auctionEnded [state] to the watchers of an ended auction. With PostgreSQL, events pass between server processes through
 * @socket.io/postgres-adapter (LISTEN/NOTIFY) as server-side events.
 */
export function attachBiddingHub(app: FastifyInstance, services: Services): BiddingServer {
  const io: BiddingServer = new Server<
    BiddingClientEvents,
    BiddingServerEvents,
    ServerSideEvents,
    SocketData
  >(app.server, {
    path: "/socket.io",
    // WebSocket only: long-polling would need every request of a session on the same process
    // (sticky sessions) behind a load balancer; browsers without WebSocket are not a concern (ADR 022).
    transports: ["websocket"],
    serveClient: false,
    cors: { origin: true, credentials: true },
  });
  const { database, accounts, auctions, clock } = services;
  if (database.listenPool) {
    // The guarded pool (db/client.ts): the adapter's LISTEN connection survives a database restart.
    io.adapter(
      createAdapter(database.listenPool as unknown as pg.Pool, {
        errorHandler: (err) => app.log.warn({ err }, "socket.io postgres adapter"),
      }),
    );
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token === "string" && token) {
      try {
        const auth = await accounts.authenticate(`Bearer ${token}`);
        socket.data.userId = auth.userId;
        socket.data.utoken = auth.user.utoken;
      } catch {
        // An expired or unknown token: the connection still watches auctions, as for a visitor; the
        // client reconnects with a fresh token after it refreshes the session.
      }
    }
    next();
  });

  io.on("connection", (socket) => {
    refuseUnsafeEvents(socket);
    const data = socket.data as SocketData;
    if (data.userId) void socket.join(userRoom(data.userId));
    socket.on("GetConnectionId", () => socket.emit("connectionId", socket.id));
    socket.on("GetServerTime", (ack: unknown) => {
      if (typeof ack === "function") ack(clock.now().getTime());
    });
    socket.on("WatchAuctions", async (input: unknown, ack: unknown) => {
      const ids = parseIds(input);
      if (!ids) {
        socket.emit("showAlert", { Message: "Nieprawidłowa lista aukcji do obserwowania.", Type: "error" });
        return;
      }
      try {
        for (const id of ids) void socket.join(auctionRoom(id));
        const [list, mine] = await Promise.all([
          liveAuctions(database.db, ids, clock.now()),
          data.userId ? myHighestBids(database.db, data.userId, ids) : null,
        ]);
        socket.emit("refreshAuctions", list);
        if (mine) socket.emit("myBids", mine);
        if (typeof ack === "function") ack({ ServerTime: clock.now().getTime() });
      } catch (err) {
        app.log.warn({ err }, "WatchAuctions failed");
      }
    });
    socket.on("UnwatchAuctions", (input: unknown) => {
      for (const id of parseIds(input) ?? []) void socket.leave(auctionRoom(id));
    });
  });

  // One fan-out per auction with bids: it never sends an older bid after a newer one (bids committed in
  // quick succession are published by different requests) and lets the newest bid overtake (fanout.ts).
  const fanouts = new Map<number, AuctionFanout>();
  const writeFrames = frameWriter(io);
  const fanoutOf = (auctionId: number) => {
    let fanout = fanouts.get(auctionId);
    if (!fanout) {
      fanout = new AuctionFanout(
        () => io.of("/").adapter.rooms.get(auctionRoom(auctionId)),
        (socketIds, message) => writeFrames(socketIds, "informAboutBid", message),
        setImmediate,
        FANOUT_CHUNK,
        (seconds) => services.metrics.fanoutDone(seconds),
      );
      fanouts.set(auctionId, fanout);
    }
    return fanout;
  };
  const deliver = (event: HubEvent) => {
    if (event.kind === "bid") {
      const { message, connectionId, outbid, extended } = event;
      if (connectionId) io.local.in(connectionId).socketsJoin(auctionRoom(message.ai));
      const fanout = fanoutOf(message.ai);
      if (fanout.lastBidNumber >= message.bn) return;
      fanout.push(message);
      if (extended) void refreshWatchers(message.ai);
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
      return;
    }
    for (const s of event.states) {
      fanouts.delete(s.AuctionId);
      io.local.to(auctionRoom(s.AuctionId)).emit("auctionEnded", s);
    }
    for (const w of event.winners) {
      io.local.to(userRoom(w.userId)).emit("showAlert", {
        Message: `Gratulujemy! Wygrałeś aukcję nr ${w.auctionId} za ${formatPrice(w.price)}. Znajdziesz ją w zakładce „Wygrane aukcje”.`,
        Type: "success",
        AuctionId: w.auctionId,
      });
    }
  };

  /**
   * refreshAuctions after an extension (spec section 7): every local connection watching the auction gets
   * the states of all the auctions it watches, read in one query, so countdowns everywhere move to the
   * new end even where the bid message came late.
   */
  const refreshWatchers = async (auctionId: number) => {
    const sockets = [...(io.of("/").adapter.rooms.get(auctionRoom(auctionId)) ?? [])].flatMap((id) => {
      const socket: HubSocket | undefined = io.of("/").sockets.get(id);
      return socket ? [socket] : [];
    });
    const watched = (socket: HubSocket) =>
      [...socket.rooms].flatMap((room) =>
        room.startsWith(AUCTION_ROOM) ? [Number(room.slice(AUCTION_ROOM.length))] : [],
      );
    try {
      const states = await liveAuctions(database.db, [...new Set(sockets.flatMap(watched))], clock.now());
      const byId = new Map(states.map((s) => [s.AuctionId, s]));
      for (const socket of sockets) {
        socket.emit(
          "refreshAuctions",
          watched(socket).flatMap((id) => byId.get(id) ?? []),
        );
      }
    } catch (err) {
      app.log.warn({ err }, "refreshing watchers after an extension failed");
    }
  };

  /**
   * Every announcement is delivered to this process's sockets at once (io.local: no database round trip
   * before a watcher sees the bid) and, with PostgreSQL, sent to the other processes as ONE server-side
   * event. The adapter's own io.to().emit and socketsJoin would each publish a separate NOTIFY through
   * different pool connections, and a process could apply the bid before the room join it depends on:
   * the bidder's own connection then missed its bid. One event per announcement keeps join, bid and
   * alert in order on every process.
   */
  const clustered = database.kind === "postgres" && Boolean(database.pool);
  const announce = (event: HubEvent) => {
    deliver(event);
    if (clustered) void io.serverSideEmit("hubEvent", event);
  };
  if (clustered) io.on("hubEvent", (event: HubEvent) => deliver(event));

  auctions.bidding.publisher = {
    bidAccepted(message, extras) {
      announce({
        kind: "bid",
        message,
        extended: extras.extended,
        connectionId: extras.connectionId,
        outbid:
          extras.outbidUserId && extras.outbidPrice
            ? { userId: extras.outbidUserId, price: extras.outbidPrice, maxPrice: extras.outbidMaxPrice }
            : undefined,
      });
    },
  };

  auctions.closer.onClosed = (closed) => {
    void (async () => {
      const states = await liveAuctions(
        database.db,
        closed.map((c) => c.offerId),
        clock.now(),
      );
      const winners = closed.flatMap((c) =>
        c.winnerUserId && c.price ? [{ userId: c.winnerUserId, auctionId: c.offerId, price: c.price }] : [],
      );
      announce({ kind: "closed", states, winners });
    })().catch((err) => app.log.warn({ err }, "announcing closed auctions failed"));
  };

  // Bids announced by other processes while this one's LISTEN connection was down (database restart,
  // killed connection) never arrive: once it listens again, the watchers here get the states afresh.
  // The adapter sends its LISTEN statements right after it gets the connection; the pause lets them
  // take effect first, so that no bid falls between this read and the listening.
  let resync: NodeJS.Timeout | undefined;
  database.listenPool?.onReconnect(() => {
    clearTimeout(resync);
    resync = setTimeout(() => {
      const watched = (rooms: Iterable<string>) =>
        [...rooms].filter((r) => r.startsWith(AUCTION_ROOM)).map((r) => Number(r.slice(AUCTION_ROOM.length)));
      const ids = watched(io.of("/").adapter.rooms.keys());
      if (!ids.length) return;
      liveAuctions(database.db, ids, clock.now())
        .then((states) => {
          // refreshAuctions replaces a client's list: each connection gets all the auctions it watches.
          const byId = new Map(states.map((state) => [state.AuctionId, state]));
          for (const socket of io.of("/").sockets.values()) {
            const mine = watched(socket.rooms).flatMap((id) => byId.get(id) ?? []);
            if (mine.length) socket.emit("refreshAuctions", mine);
          }
        })
        .catch((err) => app.log.warn({ err }, "refreshing watched auctions after reconnect failed"));
    }, LISTEN_SETTLE_MS);
  });

  // Open websockets would keep the HTTP server from closing: end them first on shutdown. Ended at the
  // transport, as if the process were gone, not with socket.io's "disconnect" (which tells a client
  // not to come back): browsers reconnect by themselves, behind a load balancer to another process,
  // and resynchronise what they watch (rolling restarts, ADR 022).
  app.addHook("preClose", (done) => {
    io.engine.close();
    done();
  });
  app.addHook("onClose", async () => {
    clearTimeout(resync);
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
  return io;
}
