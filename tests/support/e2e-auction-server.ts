import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../src/server/db/client";
import { bids, offers } from "../../src/server/db/schema/index";
import { type Bidder, createAuction, createBidder } from "./auction-fixtures";
import { copyMigratedDatabase } from "./migrated-database";
import { testPasswordHashEnv } from "./password-hash-cost";
import { moveServerClock } from "./server-clock";

/**
 * A production server (build/server/main.js) for the auction journeys, on its own port and data
 * directory, with the auctions and bidder accounts written into the embedded database before it
 * starts (the database then belongs to the server alone). The demo seeders do not run: the database
 * already holds offers.
 */
export interface AuctionScene {
  url: string;
  anna: Bidder;
  piotr: Bidder;
  /** A company account whose profile is not complete yet (no surname, no statement). */
  ewa: Bidder;
  /** Running, ends in 30 minutes; Piotr leads with 40 250 zł over Anna's 40 000 zł. */
  live: number;
  /** Ends 100 s after the scene is made: inside the anti-sniping window once bidding starts. */
  sniping: number;
  /** Ends `endsInMs` after the scene is made; Piotr leads, nobody bids on it in the journey. */
  ending: number;
  /** Starts tomorrow. */
  upcoming: number;
  /** Running, ends in 30 minutes, nobody has bid: the fleet system may cancel it (`fleetKey`). */
  unbid: number;
  /** OFFERS_API_KEY of the scene's server (DELETE /api/Admin/Offers cancels an auction without bids). */
  fleetKey: string;
  /** Moves the server's time `ms` forward (its end-of-auction job looks at once): no waiting for an end. */
  moveClock(ms: number): void;
  stop(): Promise<void>;
}

const FLEET_KEY = "klucz-floty-scena-aukcji-e2e";
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

export async function startAuctionScene(
  port: number,
  dataDir: string,
  endsInMs: number,
): Promise<AuctionScene> {
  await copyMigratedDatabase(dataDir);
  const clockFile = `${dataDir}.clock-offset`;
  fs.rmSync(clockFile, { force: true });
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const anna = await createBidder(db, { email: `anna-${port}@firma-e2e.pl` });
  const piotr = await createBidder(db, { email: `piotr-${port}@firma-e2e.pl` });
  const ewa = await createBidder(db, { email: `ewa-${port}@firma-e2e.pl`, profileComplete: false });
  const now = Date.now();
  const withBids = async (id: number, a: number, p: number) => {
    await db.insert(bids).values([
      { offerId: id, userId: anna.id, price: a, createdAt: new Date(now - 120_000) },
      { offerId: id, userId: piotr.id, price: p, createdAt: new Date(now - 60_000) },
    ]);
    const { eq } = await import("drizzle-orm");
    await db
      .update(offers)
      .set({ currentPrice: p, bidCount: 2, leaderUserId: piotr.id })
      .where(eq(offers.id, id));
  };
  const live = await createAuction(db, {
    make: "Volkswagen",
    model: "Passat",
    startingPrice: 40_000,
    end: new Date(now + 30 * 60_000),
  });
  await withBids(live, 40_000, 40_250);
  const sniping = await createAuction(db, {
    make: "Toyota",
    model: "RAV4",
    startingPrice: 80_000,
    end: new Date(now + 100_000),
  });
  await withBids(sniping, 80_000, 80_500);
  const ending = await createAuction(db, {
    make: "Kia",
    model: "Sportage",
    startingPrice: 60_000,
    end: new Date(now + endsInMs),
  });
  await withBids(ending, 60_000, 60_500);
  const upcoming = await createAuction(db, {
    make: "Škoda",
    model: "Superb",
    start: new Date(now + 86_400_000),
    end: new Date(now + 3 * 86_400_000),
  });
  const unbid = await createAuction(db, {
    make: "Ford",
    model: "Mondeo",
    startingPrice: 50_000,
    end: new Date(now + 30 * 60_000),
  });
  await database.close();

  const child: ChildProcess = spawn(process.execPath, [path.resolve("build/server/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://localhost:${port}`,
      AUCTION_CLOSE_POLL_MS: "250",
      CLOCK_OFFSET_FILE: clockFile,
      OFFERS_API_KEY: FLEET_KEY,
      ...testPasswordHashEnv,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // A server that outlives its journey would hold the port for the next run: it is stopped when its
  // start fails, and when the worker exits (a timed-out beforeAll leaves the afterAll no scene to stop).
  running.add(child);
  child.once("exit", () => running.delete(child));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGTERM");
      throw new Error("auction e2e server did not start");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    anna,
    piotr,
    ewa,
    live,
    sniping,
    ending,
    upcoming,
    unbid,
    fleetKey: FLEET_KEY,
    moveClock: (ms) => moveServerClock(clockFile, ms),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
