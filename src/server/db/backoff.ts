import { isDatabaseUnavailable } from "./errors";

/**
 * Spaces out a polling job's passes while the database is away (ADR 014): after each pass that failed
 * because the database cannot be reached, the next poll waits twice as long (1 s, 2 s, 4 s, up to
 * maxMs), so a long outage costs a few log lines instead of one per poll. Any other error, and the
 * first pass that works, go back to the job's own interval.
 */
export class OutageBackoff {
  private failures = 0;
  private until = 0;

  constructor(
    private readonly maxMs = 5_000,
    private readonly baseMs = 1_000,
    // Real elapsed time, not the clock: the pause spaces out retries against a real outage.
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether this poll should be skipped. */
  get waiting(): boolean {
    return this.now() < this.until;
  }

  /** Records a failed pass; answers whether it was the database being away. */
  failed(err: unknown): boolean {
    if (!isDatabaseUnavailable(err)) {
      this.succeeded();
      return false;
    }
    this.until = this.now() + Math.min(this.maxMs, this.baseMs * 2 ** this.failures);
    this.failures++;
    return true;
  }

  succeeded(): void {
    this.failures = 0;
    this.until = 0;
  }
}
