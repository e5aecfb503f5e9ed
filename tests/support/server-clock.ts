import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The time of a production server started for tests (build/server/main.js) is moved through the file
 * named by its CLOCK_OFFSET_FILE (src/server/clock.ts): milliseconds added to the system time. A test
 * skips a token's lifetime or an auction's end with `moveServerClock` instead of waiting for it.
 */
export const serverClockFile = (name: string) => path.join(os.tmpdir(), `marketplace-clock-${name}`);

/**
 * Moves the server's clock `ms` forward. The new offset is written to a fresh file renamed over the old
 * one, so the server never reads half a number; the server's next reading of the time has it.
 */
export function moveServerClock(file: string, ms: number): void {
  // Journeys on two workers may move one server at once: one at a time, or a move could be lost.
  const lock = `${file}.lock`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  try {
    writeOffset(file, ms);
  } finally {
    fs.rmdirSync(lock);
  }
}

function writeOffset(file: string, ms: number): void {
  let offset = 0;
  try {
    offset = Number(fs.readFileSync(file, "utf8").trim()) || 0;
  } catch {
    // no offset yet
  }
  const next = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(next, String(offset + ms));
  fs.renameSync(next, file);
}
