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

/** The clock's reading in milliseconds since the epoch, like `Date.now()`. */
export const nowMs = (clock: Clock): number => clock.now().getTime();

/**
 * The system time plus an offset in milliseconds read from `file` (a number; a missing or empty file
 * is 0). Only test harnesses set it (CLOCK_OFFSET_FILE): they write a larger number to skip time on a
 * server they started instead of waiting. The file is read again whenever it changed, on every
 * reading, so a request made after the write sees the new time; listeners hear of the jump within a
 * tenth of a second. A file and not an HTTP route: a production server exposes nothing to move it.
 */
export function offsetFileClock(file: string): Clock {
  let offset = 0;
  let seen = "";
  const listeners = new Set<() => void>();
  const refresh = (): boolean => {
    let stat: fs.BigIntStats | undefined;
    try {
      stat = fs.statSync(file, { bigint: true });
    } catch {
      stat = undefined;
    }
    const version = stat ? `${stat.mtimeNs}:${stat.size}:${stat.ino}` : "none";
    if (version === seen) return false;
    seen = version;
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8").trim();
    } catch {
      text = "";
    }
    const next = text ? Number(text) : 0;
    if (!Number.isFinite(next)) throw new Error(`CLOCK_OFFSET_FILE ${file}: "${text}" is not a number`);
    const moved = next !== offset;
    offset = next;
    return moved;
  };
  refresh();
  const tell = () => {
    for (const listener of listeners) listener();
  };
  const watch = () => {
    if (refresh()) tell();
  };
  return {
    // The only direct reading of the system time on the server besides systemClock.
    now: () => {
      if (refresh()) queueMicrotask(tell);
      return new Date(Date.now() + offset);
    },
    onMove(listener) {
      if (listeners.size === 0) fs.watchFile(file, { interval: 100, persistent: false }, watch);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) fs.unwatchFile(file, watch);
      };
    },
  };
}

/** The server's clock: the system clock, or with CLOCK_OFFSET_FILE (tests only) one they can move. */
export function clockOf(config: { CLOCK_OFFSET_FILE?: string }): Clock {
  return config.CLOCK_OFFSET_FILE ? offsetFileClock(config.CLOCK_OFFSET_FILE) : systemClock;
}
