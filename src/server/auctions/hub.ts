import { createAdapter } from "@socket.io/postgres-adapter";
import type { FastifyInstance } from "fastify";
import { Server, type Socket } from "socket.io";
import { formatPrice } from "../../domain/catalogue/format";
import type { Services } from "../services";
import { liveAuctions } from "./live-state";

/** Most auctions one connection may watch at once (a long /licytowanie list stays far below). */
const MAX_WATCHED = 200;

export const auctionRoom = (id: number) => `auction:${id}`;
export const userRoom = (id: number) => `user:${id}`;

interface SocketData {
  userId?: number;
  utoken?: string;
}

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
 * showAlert {Message, Type, AuctionId} to one person. With PostgreSQL, events pass between server
 * processes through @socket.io/postgres-adapter (LISTEN/NOTIFY).
 */
export function attachBiddingHub(app: FastifyInstance, services: Services): Server {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(
    app.server,
    {
      path: "/socket.io",
      serveClient: false,
      cors: { origin: true, credentials: true },
    },
  );
  const { database, accounts, auctions } = services;
  if (database.kind === "postgres" && database.pool) {
    io.adapter(
      createAdapter(database.pool, {
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

  io.on("connection", (socket: Socket) => {
    const data = socket.data as SocketData;
    if (data.userId) void socket.join(userRoom(data.userId));
    socket.on("GetConnectionId", () => socket.emit("connectionId", socket.id));
    socket.on("GetServerTime", (ack: unknown) => {
      if (typeof ack === "function") ack(Date.now());
    });
    socket.on("WatchAuctions", async (input: unknown, ack: unknown) => {
      const ids = parseIds(input);
      if (!ids) {
        socket.emit("showAlert", { Message: "Nieprawidłowa lista aukcji do obserwowania.", Type: "error" });
        return;
      }
      try {
        for (const id of ids) void socket.join(auctionRoom(id));
        const list = await liveAuctions(database.db, ids);
        socket.emit("refreshAuctions", list);
        if (typeof ack === "function") ack({ ServerTime: Date.now() });
      } catch (err) {
        app.log.warn({ err }, "WatchAuctions failed");
      }
    });
    socket.on("UnwatchAuctions", (input: unknown) => {
      for (const id of parseIds(input) ?? []) void socket.leave(auctionRoom(id));
    });
  });

  // Bids committed in quick succession are published by different requests; one process never sends an
  // older bid after a newer one of the same auction (clients also drop late ones by bid count).
  const lastSent = new Map<number, number>();
  auctions.bidding.publisher = {
    bidAccepted(message, extras) {
      if ((lastSent.get(message.ai) ?? 0) >= message.bn) return;
      lastSent.set(message.ai, message.bn);
      if (extras.connectionId) io.in(extras.connectionId).socketsJoin(auctionRoom(message.ai));
      io.to(auctionRoom(message.ai)).emit("informAboutBid", message);
      if (extras.outbidUserId && extras.outbidPrice) {
        io.to(userRoom(extras.outbidUserId)).emit("showAlert", {
          Message: `Twoja oferta ${formatPrice(extras.outbidPrice)} została przelicytowana. Aktualna cena: ${formatPrice(message.cp)}.`,
          Type: "warning",
          AuctionId: message.ai,
        });
      }
    },
  };

  auctions.closer.onClosed = (closed) => {
    void (async () => {
      const states = await liveAuctions(
        database.db,
        closed.map((c) => c.offerId),
      );
      for (const s of states) io.to(auctionRoom(s.AuctionId)).emit("auctionEnded", s);
      for (const c of closed) {
        if (!c.winnerUserId || !c.price) continue;
        io.to(userRoom(c.winnerUserId)).emit("showAlert", {
          Message: `Gratulujemy! Wygrałeś aukcję nr ${c.offerId} za ${formatPrice(c.price)}. Znajdziesz ją w zakładce „Wygrane aukcje”.`,
          Type: "success",
          AuctionId: c.offerId,
        });
      }
    })().catch((err) => app.log.warn({ err }, "announcing closed auctions failed"));
  };

  // Open websockets would keep the HTTP server from closing: end them first on shutdown.
  app.addHook("preClose", (done) => {
    io.local.disconnectSockets(true);
    done();
  });
  app.addHook("onClose", async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
  return io;
}
