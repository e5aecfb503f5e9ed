// The first start of a fresh embedded database, in a process of its own (src/server/main.ts starts it
// and waits): migrates, loads the reference and demo data, closes the database and ends. PGlite's
// WebAssembly memory and the native memory of the photos drawn with sharp grow to a few hundred MB
// here and never shrink; they go with this process instead of staying in the server's.
import { clockOf } from "../clock";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { dataDirProblem } from "../db/data-dir-errors";
import { createLog } from "../log";
import { seedIfEmpty } from "./seed-if-empty";

const config = loadConfig();
// The server's log format: these lines are part of the server's start (src/server/log.ts).
const log = createLog(config.LOG_LEVEL);
try {
  const database = await openDatabase({ dataDir: config.dataDir, log });
  try {
    await seedIfEmpty(database, config, clockOf(config).now(), log);
  } finally {
    await database.close();
  }
} catch (err) {
  const problem = dataDirProblem(err, config.dataDir);
  if (problem) log.fatal(`Nie udało się uruchomić serwera. ${problem}`);
  else log.fatal({ err }, "Nie udało się uruchomić serwera");
  process.exit(1);
}
