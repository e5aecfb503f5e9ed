import { io, type Socket } from "socket.io-client";
import { bestOffset, offsetFromSample } from "../../../domain/auctions/clock";
import {
  applyBid,
  type BidMessage,
  type LiveAuction,
  mergeSome,
  replaceAll,
} from "../../../domain/auctions/live-store";
import { StorageKeys, session, subscribe as subscribeStorage } from "../../lib/storage";

export interface HubAlert {
  id: number;
  Message: string;
  Type: "success" | "warning" | "error" | "info";
  AuctionId?: number;
}

export interface LiveState {
  /** Live auction states (spec section 4), most recently bid first. */
  auctions: LiveAuction[];
  /** Server clock minus this browser's clock, in ms (0 until measured). */
  offset: number;
  connected: boolean;
  connectionId: string | null;
  alerts: HubAlert[];
}

/**
 * The browser's end of the bidding hub: one socket.io connection per tab, shared by every component
 * that shows live auctions. It signs in with the stored access token, measures the server clock
 * offset for countdowns, asks for the connection id (GetConnectionId), watches the auctions the screen
 * shows, and keeps the live list of spec section 4. socket.io reconnects by itself with backoff; after
 * every (re)connect the client re-sends its watch list and the hub answers with refreshAuctions, so a
 * restart of the server or a dropped network resynchronises the screen without a reload.
 */
class LiveHub {
  private state: LiveState = { auctions: [], offset: 0, connected: false, connectionId: null, alerts: [] };
  private listeners = new Set<() => void>();
  private watched = new Map<number, number>();
  private socket: Socket | null = null;
  private alertSeq = 0;
  private token: string | null = null;

  getState = (): LiveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<LiveState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Initial states from the page's data, shown until the hub answers (newer data is kept). */
  seed(entries: LiveAuction[]): void {
    if (entries.length) this.set({ auctions: mergeSome(this.state.auctions, entries) });
  }

  /** Watches auctions while the returned function is not called. */
  watch(ids: number[]): () => void {
    for (const id of ids) this.watched.set(id, (this.watched.get(id) ?? 0) + 1);
    this.connect();
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

  dismissAlert(id: number): void {
    this.set({ alerts: this.state.alerts.filter((a) => a.id !== id) });
  }

  /** Reflects our own accepted bid at once (the hub's informAboutBid follows). */
  applyOwnBid(m: BidMessage): void {
    this.set({ auctions: applyBid(this.state.auctions, m) });
  }

  private sendWatchList() {
    if (this.socket?.connected && this.watched.size)
      this.socket.emit("WatchAuctions", [...this.watched.keys()]);
  }

  private async measureClock(socket: Socket) {
    const samples: { offset: number; rtt: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = Date.now();
      const server = await new Promise<number | null>((resolve) => {
        const t = setTimeout(() => resolve(null), 3000);
        socket.emit("GetServerTime", (ms: number) => {
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
    if (this.socket || typeof window === "undefined") return;
    this.token = session.tokens()?.accessToken ?? null;
    const socket = io({
      path: "/socket.io",
      transports: ["websocket", "polling"],
      withCredentials: true,
      auth: (cb) => cb({ token: session.tokens()?.accessToken ?? "" }),
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
    });
    this.socket = socket;
    socket.on("connect", () => {
      this.set({ connected: true });
      socket.emit("GetConnectionId");
      this.sendWatchList();
      void this.measureClock(socket);
    });
    socket.on("disconnect", () => this.set({ connected: false, connectionId: null }));
    // The spec only logs a failed connection; socket.io keeps retrying with backoff.
    socket.on("connect_error", (err) =>
      console.warn("Połączenie z aukcjami na żywo nie powiodło się:", err.message),
    );
    socket.on("connectionId", (id: string) => this.set({ connectionId: id }));
    socket.on("informAboutBid", (m: BidMessage) => this.set({ auctions: applyBid(this.state.auctions, m) }));
    socket.on("refreshAuctions", (list: LiveAuction[]) =>
      this.set({ auctions: replaceAll(this.state.auctions, list) }),
    );
    socket.on("auctionEnded", (a: LiveAuction) =>
      this.set({ auctions: mergeSome(this.state.auctions, [a]) }),
    );
    socket.on("showAlert", (a: Omit<HubAlert, "id">) =>
      this.set({ alerts: [...this.state.alerts, { ...a, id: ++this.alertSeq }].slice(-5) }),
    );
    // Signing in or out changes who this connection is: reconnect with the new token.
    subscribeStorage((key) => {
      if (key !== null && key !== StorageKeys.accessToken) return;
      const token = session.tokens()?.accessToken ?? null;
      if (token === this.token) return;
      this.token = token;
      socket.disconnect().connect();
    });
  }
}

export const liveHub = new LiveHub();
