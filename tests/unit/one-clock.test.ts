import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One clock (src/server/clock.ts): the server, its jobs and the page loaders read the time from the
 * clock the composition root hands out, so that tests move it instead of waiting. A direct reading of
 * the system time anywhere else in src fails here; move it to `services.clock` (or take `now` as a
 * parameter) rather than adding the file below.
 */
const DIRECT_READING = /new Date\(\)|Date\.now\b/;

/** The files that may read the system time, each with why. */
const ALLOWED: Record<string, string> = {
  "src/server/clock.ts": "the clock itself",
  // Browser-only code: it runs on the visitor's computer, which has no server clock to inject. Each
  // countdown ticks from the server's offset (the page's Server-Timing or the hub's ServerTime), so
  // the browser's own time only measures intervals there.
  "src/web/lib/server-clock.ts": "browser: ticks a countdown from the server's offset",
  "src/web/features/auctions/live-hub.ts": "browser: round trips of the hub's clock measurement",
  "src/web/features/chat/chat-client.ts": "browser: message ids and the typing throttle",
  "src/web/features/chat/consultant-console.tsx": "browser: the 'waiting for' minutes of the chat list",
  "src/web/features/chat/console-conversation.tsx": "browser: the consultant's typing throttle",
  "src/web/features/leads/campaign-tracking.tsx": "browser: the age of campaign values in localStorage",
  "src/web/features/catalogue/private-buyer.ts":
    "browser: the age of the private buyer's choice in localStorage",
  "src/web/features/consent/consent-store.ts": "browser: the date of the visitor's choice in localStorage",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const root = path.resolve(import.meta.dirname, "../..");

describe("one clock", () => {
  it("nothing in src reads the system time past the clock, except the files allowed and why", () => {
    const found: string[] = [];
    for (const file of sourceFiles(path.join(root, "src"))) {
      const name = path.relative(root, file).split(path.sep).join("/");
      if (name in ALLOWED) continue;
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          const code = line.trim();
          if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) return;
          if (DIRECT_READING.test(line)) found.push(`${name}:${i + 1}: ${code}`);
        });
    }
    expect(found, "read the time from services.clock (or take `now` as a parameter)").toEqual([]);
  });

  it("every allowed file still reads the system time (an entry nobody needs is removed)", () => {
    const stale = Object.keys(ALLOWED).filter(
      (name) => !DIRECT_READING.test(fs.readFileSync(path.join(root, name), "utf8")),
    );
    expect(stale).toEqual([]);
  });
});
