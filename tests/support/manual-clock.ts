import type { Clock } from "../../src/server/clock";

/** A clock the test moves forward: the system time plus what the test has skipped. */
export class ManualClock implements Clock {
  private skipped = 0;

  now(): Date {
    return new Date(Date.now() + this.skipped);
  }

  advance(ms: number): void {
    this.skipped += ms;
  }
}
