// The first start of a fresh embedded database, in a process of its own (src/server/main.ts starts it
// and waits): migrates, loads the reference and demo data, closes the database and ends. PGlite's
// WebAssembly memory and the native memory of the photos drawn with sharp grow to a few hundred MB
// here and never shrink; they go with this process instead of staying in the server's.
import { clockOf } from "../clock";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { dataDirProblem } from "../db/data-dir-errors";
import { seedIfEmpty } from "./seed-if-empty";

const config = loadConfig();
try {
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await seedIfEmpty(database, config, clockOf(config).now());
  } finally {
    await database.close();
  }
} catch (err) {
  const problem = dataDirProblem(err, config.dataDir);
  if (problem) console.error(`Nie udało się uruchomić serwera. ${problem}`);
  else console.error("Nie udało się uruchomić serwera:", err);
  process.exit(1);
}
