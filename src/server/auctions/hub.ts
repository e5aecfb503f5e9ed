import type { FastifyInstance } from "fastify";
import { refuseUnsafeEvents } from "../http/socket-input";
import type { Services } from "../service-types";
import { auctionTerms, liveAuctions } from "./live-state";
import { myHighestBids } from "./queries";
import { auctionRoom, type BiddingServer, type SocketData, userRoom } from "./socket-server";

/** Most auctions one connection may watch at once (a long /licytowanie list stays far below). */
const MAX_WATCHED = 200;

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
 * auctionEnded [state] to the watchers of an ended auction; beside the spec's events, auctionTerms
 * [{AuctionId, Reserve, BuyNowPrice, Unsold}] after refreshAuctions for the watched auctions with a
 * reserve or a buy-now price, and whenever a bid, buy now, the end or staff change them (ADR 056). What the server sends after a bid or a
 * closing is AuctionWatchers' (auctions/watchers.ts); here are the connections and their requests.
 */
export function attachBiddingHub(app: FastifyInstance, io: BiddingServer, services: Services): void {
  const { database, accounts, clock } = services;
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
        const [list, mine, terms] = await Promise.all([
          liveAuctions(database.db, ids, clock.now()),
          data.userId ? myHighestBids(database.db, data.userId, ids) : null,
          auctionTerms(database.db, ids, clock.now()),
        ]);
        socket.emit("refreshAuctions", list);
        if (terms.length) socket.emit("auctionTerms", terms);
        if (mine) socket.emit("myBids", mine);
        if (typeof ack === "function") ack({ ServerTime: clock.now().getTime() });
      } catch (err) {
        app.log.warn({ err }, "Nie udało się obserwować aukcji (WatchAuctions)");
      }
    });
    socket.on("UnwatchAuctions", (input: unknown) => {
      for (const id of parseIds(input) ?? []) void socket.leave(auctionRoom(id));
    });
  });
}
