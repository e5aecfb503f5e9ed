import type { Clock } from "../../src/server/clock";

/** A clock the test moves forward: the system time plus what the test has skipped. */
export class ManualClock implements Clock {
  private skipped = 0;
  private readonly listeners = new Set<() => void>();

  /**
   * `wakeJobs`: each advance tells the jobs that wait for a moment to look again at once, as a server
   * whose clock a journey moved does (offsetFileClock). Off by default, so that a test moving the
   * clock decides itself when a job runs.
   */
  constructor(private readonly opts: { wakeJobs?: boolean } = {}) {}

  now(): Date {
    return new Date(Date.now() + this.skipped);
  }

  advance(ms: number): void {
    this.skipped += ms;
    if (this.opts.wakeJobs) for (const listener of this.listeners) listener();
  }

  onMove(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
