import { createAdapter } from "@socket.io/postgres-adapter";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { Server, type Socket } from "socket.io";
import type {
  AuctionTerms,
  BiddingClientEvents,
  BiddingServerEvents,
} from "../../domain/auctions/live-events";
import type { BidMessage, LiveAuction } from "../../domain/auctions/live-store";
import type { Database } from "../db/client";
import { publishedInOrder } from "./ordered-publish";

export const AUCTION_ROOM = "auction:";
export const auctionRoom = (id: number) => `${AUCTION_ROOM}${id}`;
export const userRoom = (id: number) => `user:${id}`;
/** The auctions a connection watches, from the rooms it is in. */
export const watchedAuctions = (rooms: Iterable<string>) =>
  [...rooms].flatMap((room) =>
    room.startsWith(AUCTION_ROOM) ? [Number(room.slice(AUCTION_ROOM.length))] : [],
  );

/** What one process announces to the sockets of all processes. */
export type HubEvent =
  | {
      kind: "bid";
      message: BidMessage;
      /** The bid moved the auction's end (anti-sniping): watchers also get refreshAuctions. */
      extended: boolean;
      connectionId?: string;
      /** maxPrice: the outbid person's maximum offer (proxy bid) was exceeded by this bid. */
      outbid?: { userId: number; price: number; maxPrice?: number };
      /** The reserve's or buy now's state after this bid, when it changed: watchers get auctionTerms. */
      terms?: AuctionTerms;
    }
  | {
      kind: "closed";
      states: LiveAuction[];
      /** The reserve's and buy now's state of those with either (ended below the reserve: unsold). */
      terms?: AuctionTerms[];
      winners: Array<{ userId: number; auctionId: number; price: number }>;
    }
  | {
      /** Staff changed an auction's dates (no bid yet): its watchers get refreshAuctions. */
      kind: "changed";
      auctionIds: number[];
    };

interface ServerSideEvents {
  hubEvent: (event: HubEvent) => void;
}

export interface SocketData {
  userId?: number;
  utoken?: string;
}

/** The socket.io server of both hubs (the chat hub is its namespace /chat, typed there). */
export type BiddingServer = Server<BiddingClientEvents, BiddingServerEvents, ServerSideEvents, SocketData>;
export type HubSocket = Socket<BiddingClientEvents, BiddingServerEvents, ServerSideEvents, SocketData>;

/**
 * The site's socket.io server, on the same port as the site. With PostgreSQL, events pass between
 * server processes through @socket.io/postgres-adapter (LISTEN/NOTIFY). Built before the services,
 * so that what tells watchers about bids can be handed to the bidding service when it is made.
 */
export function createSocketServer(app: FastifyInstance, database: Database): BiddingServer {
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
  const listenPool = database.listenPool;
  if (listenPool) {
    const errorHandler = (err: Error) =>
      app.log.warn({ err }, "Błąd wymiany zdarzeń socket.io przez PostgreSQL");
    // The guarded pool (db/client.ts): the adapter's LISTEN connection survives a database restart.
    io.adapter(
      publishedInOrder(
        createAdapter(listenPool as unknown as pg.Pool, { errorHandler }),
        (channel, payloads) =>
          // One statement: its notifications are sent in the array's order, in one transaction.
          listenPool
            .query("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p", [channel, payloads])
            .catch(errorHandler),
      ),
    );
  }
  // Open websockets would keep the HTTP server from closing: end them first on shutdown. Ended at the
  // transport, as if the process were gone, not with socket.io's "disconnect" (which tells a client
  // not to come back): browsers reconnect by themselves, behind a load balancer to another process,
  // and resynchronise what they watch (rolling restarts, ADR 022).
  app.addHook("preClose", (done) => {
    io.engine.close();
    done();
  });
  app.addHook("onClose", async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
  return io;
}
