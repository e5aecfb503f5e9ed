import type { Clock } from "./clock";
import { OutageBackoff } from "./db/backoff";

export interface PeriodicJobOptions<T> {
  /** For the log line of a failed pass (in Polish): "wysyłka poczty", "rozstrzyganie zakończonych aukcji". */
  name: string;
  everyMs: number;
  /** One pass. A thrown error is logged and the next poll retries (later while the database is away). */
  run: () => Promise<T>;
  log: (msg: string, err?: unknown) => void;
  /** Whether start() runs a pass at once (default) or only after the first interval. */
  runAtStart?: boolean;
  /**
   * Whether a wake() during a pass runs another pass right after it (default): for queues, where the
   * caller's work may have been enqueued after the pass in progress read the queue. Otherwise the
   * caller shares the pass in progress.
   */
  passAgainIfWoken?: boolean;
  /**
   * For a job that waits until a moment (an auction's end, the next day's digests): a pass runs at
   * once when the clock jumps (a test moved it), not only at the next interval.
   */
  clock?: Clock;
}

/**
 * A background loop of the server (mail delivery, alert matching, digests, closing auctions): a pass
 * every `everyMs` and whenever woken, never two at once in this process, paused with backoff while
 * the database is away (ADR 014), and stop() waits for the pass in progress.
 */
export class PeriodicJob<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T | undefined>;
  /** The pass woken callers wait for while one is in progress. */
  private next?: Promise<T | undefined>;
  /** How many times the job was stopped: a pass queued before a stop does not run. */
  private stops = 0;
  private readonly backoff = new OutageBackoff();
  private stopWatchingClock?: () => void;

  constructor(private readonly opts: PeriodicJobOptions<T>) {}

  start(): void {
    this.timer = setInterval(() => {
      if (!this.backoff.waiting) void this.wake();
    }, this.opts.everyMs);
    this.timer.unref();
    this.stopWatchingClock = this.opts.clock?.onMove?.(() => {
      if (!this.backoff.waiting) void this.wake();
    });
    if (this.opts.runAtStart ?? true) void this.wake();
  }

  /**
   * Runs a pass now; resolves with its result, or undefined when it failed. During a pass, resolves
   * with the pass right after it (one for all callers meanwhile), or the pass in progress when the
   * job shares it.
   */
  wake(): Promise<T | undefined> {
    if (!this.running) return this.runPass();
    if (!(this.opts.passAgainIfWoken ?? true)) return this.running;
    if (!this.next) {
      const stops = this.stops;
      const next = this.running.then(() => {
        if (this.next === next) this.next = undefined;
        return this.stops === stops ? this.wake() : undefined;
      });
      this.next = next;
    }
    return this.next;
  }

  private runPass(): Promise<T | undefined> {
    this.running = this.opts
      .run()
      .then((result) => {
        this.backoff.succeeded();
        return result;
      })
      .catch((err) => {
        this.backoff.failed(err);
        this.opts.log(`${this.opts.name}: błąd, ponowię próbę`, err);
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.stopWatchingClock?.();
    this.stops++;
    this.next = undefined;
    await this.running;
  }
}
