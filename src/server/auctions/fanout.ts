import type { BidMessage } from "../../domain/auctions/live-store";

/** Sockets a process writes to before it lets other work (bid requests, database answers) run. */
export const FANOUT_CHUNK = 100;

/**
 * Fan-out of one auction's bids to its watchers on this process, the newest bid winning.
 *
 * Writing one message to 2 000 sockets takes tens of milliseconds (a system call per socket), and a
 * busy auction can take bids faster than that. Sending every bid to every watcher in full then queues
 * passes behind each other, and the latency of each bid grows with the queue. Instead the watchers
 * are written in chunks (other work runs between them), and a bid that arrives during a pass replaces
 * the message for the watchers not yet written; those already written get the new one after them.
 * Every watcher so receives the newest price within one pass, never an older price after a newer
 * one, and may skip a bid that was overtaken before its turn (the client's store takes the newest bid
 * count, and the bidding history lists every bid).
 */
export class AuctionFanout {
  private latest: BidMessage | null = null;
  /** Watchers still to be written the latest message, in order. */
  private queue: string[] = [];
  private running = false;
  /** When the current pass began (performance.now()), for the fan-out duration metric. */
  private passStarted = 0;

  constructor(
    /** The auction's watchers on this process, now. */
    private readonly members: () => ReadonlySet<string> | undefined,
    private readonly send: (socketIds: string[], message: BidMessage) => void,
    private readonly defer: (fn: () => void) => void = setImmediate,
    private readonly chunk = FANOUT_CHUNK,
    /** Told each pass's duration in seconds: from a bid reaching an idle fan-out until its queue is empty. */
    private readonly passDone: (seconds: number) => void = () => {},
  ) {}

  /** The newest bid count this fan-out has taken (0 before any). */
  get lastBidNumber(): number {
    return this.latest?.bn ?? 0;
  }

  /** Takes a bid; an older one than already taken is ignored. The first chunk is written at once. */
  push(message: BidMessage): void {
    if (message.bn <= this.lastBidNumber) return;
    this.latest = message;
    // Those not yet written first (they have waited longest), then everyone else watching now.
    const waiting = new Set(this.queue);
    const rest = [...(this.members() ?? [])].filter((id) => !waiting.has(id));
    this.queue = [...this.queue, ...rest];
    if (!this.running) {
      this.running = true;
      this.passStarted = performance.now();
      this.flush();
    }
  }

  private readonly flush = (): void => {
    const members = this.members();
    const ids = this.queue.splice(0, this.chunk).filter((id) => members?.has(id));
    if (ids.length && this.latest) this.send(ids, this.latest);
    if (this.queue.length) this.defer(this.flush);
    else {
      this.running = false;
      this.passDone((performance.now() - this.passStarted) / 1000);
    }
  };
}
