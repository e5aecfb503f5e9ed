import fs from "node:fs";

/**
 * The one time the server reads. The composition root (services.ts) makes one clock and hands it to
 * every service, job, hub and page loader, so that tests move time forward instead of sleeping; the
 * server runs on the system clock. Nothing else on the server calls `new Date()` or `Date.now()`
 * (tests/unit/one-clock.test.ts keeps it so).
 */
export interface Clock {
  now(): Date;
  /**
   * Calls `listener` whenever the clock jumps (a test moved it); returns the unsubscribe. Jobs that
   * wait until a moment use it to look again at once. The system clock never jumps, so it has none.
   */
  onMove?(listener: () => void): () => void;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system time plus an offset in milliseconds read from `file` (a number; a missing or empty file
 * is 0). Only test harnesses set it (CLOCK_OFFSET_FILE): they write a larger number to skip time on a
 * server they started instead of waiting (tests/support/server-clock.ts). The file is read at every
 * reading, so a request made after the write sees the new time; jobs waiting for a moment hear of the
 * jump within a tenth of a second (onMove). A file and not an HTTP route: a production server exposes
 * nothing that moves its time.
 */
export function offsetFileClock(file: string): Clock {
  const read = (): number => {
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8").trim();
    } catch {
      return 0;
    }
    const offset = text ? Number(text) : 0;
    if (!Number.isFinite(offset)) throw new Error(`CLOCK_OFFSET_FILE ${file}: "${text}" is not a number`);
    return offset;
  };
  let lastOffset = read();
  const listeners = new Set<() => void>();
  const checkMoved = () => {
    const offset = read();
    if (offset === lastOffset) return;
    lastOffset = offset;
    for (const listener of listeners) listener();
  };
  return {
    // With systemClock, the only direct readings of the system time on the server.
    now: () => new Date(Date.now() + read()),
    onMove(listener) {
      if (listeners.size === 0) fs.watchFile(file, { interval: 100, persistent: false }, checkMoved);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) fs.unwatchFile(file, checkMoved);
      };
    },
  };
}

/** The server's clock: the system clock, or with CLOCK_OFFSET_FILE (tests only) one they can move. */
export function clockOf(config: { CLOCK_OFFSET_FILE?: string }): Clock {
  return config.CLOCK_OFFSET_FILE ? offsetFileClock(config.CLOCK_OFFSET_FILE) : systemClock;
}
