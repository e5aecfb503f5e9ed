// npm run alerts:digest
// Matches the pending offer changes and builds today's alert digests once, then delivers what it
// queued. The server does the same on its own timer (ALERTS_DIGEST_INTERVAL_MINUTES); this command
// is for a cron job when the timer is off, mainly with PostgreSQL (DATABASE_URL). An embedded
// database (PGlite) belongs to one process: the command refuses it while the server runs.
import { clockOf } from "../src/server/clock";
import { ConfigError, loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { DataDirLockedError, lockDataDir } from "../src/server/db/lock";
import { Metrics } from "../src/server/metrics";
import { createServices } from "../src/server/services";

async function main() {
  const config = loadConfig();
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const services = createServices(
      config,
      database,
      (msg, err) => console.error(msg, err ?? ""),
      new Metrics(),
      clockOf(config),
    );
    const matched = await services.alerts.processJobs();
    const { digests, offers } = await services.alerts.buildDigests();
    await services.mail.worker.wake();
    console.log(
      `Alerty: nowe dopasowania ${matched}; zestawienia wysłane dziś: ${digests} (pozycji: ${offers}).`,
    );
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error("Zestawienia alertów nie powiodły się:", err);
  process.exit(1);
});
