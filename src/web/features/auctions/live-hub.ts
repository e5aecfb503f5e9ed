import type { Socket, io as socketIo } from "socket.io-client";
import { bestOffset, offsetFromSample } from "../../../domain/auctions/clock";
import type { AuctionAnswer } from "../../../domain/auctions/dto";
import type {
  AuctionTerms,
  BiddingClientEvents,
  BiddingServerEvents,
  LiveAlert,
} from "../../../domain/auctions/live-events";
import {
  applyBid,
  type BidMessage,
  type LiveAuction,
  mergeSome,
  replaceAll,
} from "../../../domain/auctions/live-store";
import { PatchStore } from "../../lib/patch-store";
import { StorageKeys, session, subscribe as subscribeStorage } from "../../lib/storage";

/** A hub message on screen; `id` tells one from another (Bets: see staleAlerts). */
export interface HubAlert extends LiveAlert {
  id: number;
}

/** A connection to the bidding hub, typed by the hub's contract. */
type BiddingSocket = Socket<BiddingServerEvents, BiddingClientEvents>;

export interface LiveState {
  /** Live auction states (spec section 4), most recently bid first. */
  auctions: LiveAuction[];
  /** Server clock minus this browser's clock, in ms (0 until measured). */
  offset: number;
  connected: boolean;
  connectionId: string | null;
  alerts: HubAlert[];
  /**
   * The signed-in person's own highest accepted bid per auction, from the server: the hub's myBids
   * when watching, then every bid whose top bidder (wh) is them, from whichever device it came.
   */
  mine: Record<number, number>;
  /** Auctions whose panel on the screen shows their own messages (HubAlerts with an auction). */
  panels: number[];
  /** The reserve and buy-now terms of the watched auctions that have either (auctionTerms). */
  terms: Record<number, AuctionTerms>;
}

/**
 * Outbid messages that have gone stale: the person leads the auction again with a bid made after the
 * one that outbid them. The bid count decides, so a late message about an older bid never clears a
 * fresh one.
 */
export function staleAlerts(
  alerts: HubAlert[],
  auctions: LiveAuction[],
  myUToken: string | null,
): HubAlert[] {
  if (!myUToken) return [];
  return alerts.filter((a) => {
    if (a.Type !== "warning" || a.AuctionId === undefined || a.Bets === undefined) return false;
    const live = auctions.find((l) => l.AuctionId === a.AuctionId);
    return live !== undefined && live.UToken === myUToken && live.Bets > a.Bets;
  });
}

/** The same message of the hub (both connections of a takeover deliver it). */
export const isSameAlert = (a: LiveAlert, b: LiveAlert) =>
  a.Message === b.Message && a.Type === b.Type && a.AuctionId === b.AuctionId && a.Bets === b.Bets;

/** Adds the prices of bids the person leads with to their own highest bids. */
function withMine(
  mine: Record<number, number>,
  bids: { ai: number; cp: number; wh: string }[],
  me: string | null,
) {
  let next = mine;
  for (const b of bids) {
    if (!me || b.wh !== me || (next[b.ai] ?? 0) >= b.cp) continue;
    next = { ...next, [b.ai]: b.cp };
  }
  return next;
}

/** The state before the hub has connected (and on the server, which never connects). */
export const NOTHING_LIVE: LiveState = {
  auctions: [],
  offset: 0,
  connected: false,
  connectionId: null,
  alerts: [],
  mine: {},
  panels: [],
  terms: {},
};

/**
 * The browser's end of the bidding hub: one socket.io connection per tab, shared by every component
 * that shows live auctions. It signs in with the stored access token, measures the server clock
 * offset for countdowns, asks for the connection id (GetConnectionId), watches the auctions the screen
 * shows, and keeps the live list of spec section 4. socket.io reconnects by itself with backoff; after
 * every (re)connect the client re-sends its watch list and the hub answers with refreshAuctions, so a
 * restart of the server or a dropped network resynchronises the screen without a reload.
 */
class LiveHub extends PatchStore<LiveState> {
  private panelCounts = new Map<number, number>();
  private watched = new Map<number, number>();
  private socket: BiddingSocket | null = null;
  private connecting = false;
  /** The connection that takes over once it is up (after a refreshed token). */
  private next: BiddingSocket | null = null;
  private alertSeq = 0;
  private token: string | null = null;
  private me: string | null = null;

  constructor() {
    super(NOTHING_LIVE);
  }

  /** New auction states: the person's own bids among them are noted, stale outbid messages dropped. */
  private setAuctions(auctions: LiveAuction[]) {
    if (auctions === this.state.auctions) return;
    const me = session.isLoggedIn() ? session.utoken() : null;
    const leading = auctions.flatMap((a) =>
      a.UToken ? [{ ai: a.AuctionId, cp: a.LastPrice, wh: a.UToken }] : [],
    );
    const stale = new Set(staleAlerts(this.state.alerts, auctions, me));
    this.set({
      auctions,
      mine: withMine(this.state.mine, leading, me),
      ...(stale.size ? { alerts: this.state.alerts.filter((a) => !stale.has(a)) } : {}),
    });
  }

  /** Initial states from the page's data, shown until the hub answers (newer data is kept). */
  seed(entries: LiveAuction[]): void {
    if (entries.length) this.setAuctions(mergeSome(this.state.auctions, entries));
  }

  /** Reserve and buy-now terms: the page's, until the hub's, then each newer one from the hub. */
  applyTerms(list: AuctionTerms[], onlyUnknown = false): void {
    const terms = { ...this.state.terms };
    for (const t of list) if (!onlyUnknown || !terms[t.AuctionId]) terms[t.AuctionId] = t;
    this.set({ terms });
  }

  /** Watches auctions while the returned function is not called. */
  watch(ids: number[]): () => void {
    for (const id of ids) this.watched.set(id, (this.watched.get(id) ?? 0) + 1);
    // A page with no auction on it (a new car's, an ex-lease car's) has nothing to hear from the hub.
    if (ids.length) this.connect();
    this.sendWatchList();
    return () => {
      const gone: number[] = [];
      for (const id of ids) {
        const n = (this.watched.get(id) ?? 1) - 1;
        if (n <= 0) {
          this.watched.delete(id);
          gone.push(id);
        } else this.watched.set(id, n);
      }
      if (gone.length) this.socket?.emit("UnwatchAuctions", gone);
    };
  }

  /** An auction's panel shows that auction's messages while the returned function is not called. */
  showsAlertsOf(auctionId: number): () => void {
    const change = (by: number) => {
      const n = (this.panelCounts.get(auctionId) ?? 0) + by;
      if (n > 0) this.panelCounts.set(auctionId, n);
      else this.panelCounts.delete(auctionId);
      this.set({ panels: [...this.panelCounts.keys()] });
    };
    change(1);
    return () => change(-1);
  }

  dismissAlert(id: number): void {
    this.set({ alerts: this.state.alerts.filter((a) => a.id !== id) });
  }

  /** Reflects our own accepted bid (or maximum) at once, from the API's answer; the hub's informAboutBid follows. */
  applyOwnBid(res: AuctionAnswer): void {
    const m: BidMessage = {
      ai: res.AuctionId,
      cp: res.CurrentPrice,
      wh: res.UToken ?? "",
      bn: res.BidCount,
      ae: res.AuctionEndUtc,
      mb: res.MinimumBid,
    };
    this.setAuctions(applyBid(this.state.auctions, m));
  }

  private sendWatchList() {
    if (this.socket?.connected && this.watched.size)
      this.socket.emit("WatchAuctions", [...this.watched.keys()]);
  }

  // Browser-only: the browser's own clock times the round trips that measure the server's offset.
  private async measureClock(socket: BiddingSocket) {
    const samples: { offset: number; rtt: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = Date.now();
      const server = await new Promise<number | null>((resolve) => {
        const t = setTimeout(() => resolve(null), 3000);
        socket.emit("GetServerTime", (ms) => {
          clearTimeout(t);
          resolve(ms);
        });
      });
      if (server === null) break;
      const received = Date.now();
      samples.push({ offset: offsetFromSample(server, sent, received), rtt: received - sent });
    }
    const offset = bestOffset(samples);
    if (offset !== null) this.set({ offset });
  }

  private connect() {
    if (this.connecting || typeof window === "undefined") return;
    this.connecting = true;
    // The socket.io client (11 KB compressed) comes once an auction is watched, after the page has
    // hydrated, rather than with the first scripts of every page that can show one. The page shows
    // its data meanwhile; the hub's answer to the watch list brings it up to date once connected.
    import("socket.io-client").then(
      ({ io }) => this.connectWith(io),
      (err: Error) => {
        this.connecting = false;
        console.warn("Połączenie z aukcjami na żywo nie powiodło się:", err.message);
      },
    );
  }

  private connectWith(io: typeof socketIo) {
    this.token = session.tokens()?.accessToken ?? null;
    this.me = session.utoken();
    this.socket = this.open(io);
    // Signing in or out changes who this connection is; a refreshed token may make a connection that
    // was refused as expired a signed-in one. Either way: connect again with the stored token.
    subscribeStorage((key) => {
      if (key !== null && key !== StorageKeys.accessToken) return;
      const token = session.tokens()?.accessToken ?? null;
      if (token === this.token) return;
      this.token = token;
      if (session.utoken() !== this.me) {
        // Another person (or nobody) now: nothing of the last one's may reach this tab, so the old
        // connection ends first; their own bids come with the next watch list.
        this.me = session.utoken();
        this.set({ mine: {}, alerts: [] });
        this.next?.close();
        this.next = null;
        this.socket?.disconnect().connect();
        return;
      }
      // The same person with a refreshed token: the old connection keeps receiving (a winner's
      // message at the end of an auction was lost in the gap of a disconnect and reconnect) until the
      // new one is up and takes over.
      this.next?.close();
      this.next = this.open(io);
    });
  }

  /** A connection with the stored token; when it connects, it takes over from the one before it. */
  private open(io: typeof socketIo): BiddingSocket {
    const socket: BiddingSocket = io({
      path: "/socket.io",
      transports: ["websocket"],
      withCredentials: true,
      auth: (cb) => cb({ token: session.tokens()?.accessToken ?? "" }),
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
    });
    const current = () => this.socket === socket;
    socket.on("connect", () => {
      if (this.next === socket) {
        const before = this.socket;
        this.socket = socket;
        this.next = null;
        before?.close();
      }
      if (!current()) return;
      this.set({ connected: true });
      socket.emit("GetConnectionId");
      this.sendWatchList();
      void this.measureClock(socket);
    });
    socket.on("disconnect", () => {
      if (current()) this.set({ connected: false, connectionId: null });
    });
    // The spec only logs a failed connection; socket.io keeps retrying with backoff.
    socket.on("connect_error", (err) =>
      console.warn("Połączenie z aukcjami na żywo nie powiodło się:", err.message),
    );
    socket.on("connectionId", (id) => {
      if (current()) this.set({ connectionId: id });
    });
    // Bids, lists and ends are states: applying one twice (both connections of a takeover) changes nothing.
    socket.on("informAboutBid", (m) => this.setAuctions(applyBid(this.state.auctions, m)));
    socket.on("refreshAuctions", (list) => this.setAuctions(replaceAll(this.state.auctions, list)));
    socket.on("auctionEnded", (a) => this.setAuctions(mergeSome(this.state.auctions, [a])));
    socket.on("auctionTerms", (list) => this.applyTerms(list));
    socket.on("myBids", (list) => {
      const mine = { ...this.state.mine };
      for (const b of list) mine[b.AuctionId] = Math.max(b.Price, mine[b.AuctionId] ?? 0);
      this.set({ mine });
    });
    socket.on("showAlert", (a) => {
      // During a takeover both connections are in the person's room: one message shows once.
      if (this.state.alerts.some((x) => isSameAlert(x, a))) return;
      this.set({ alerts: [...this.state.alerts, { ...a, id: ++this.alertSeq }].slice(-5) });
    });
    return socket;
  }
}

export const liveHub = new LiveHub();
