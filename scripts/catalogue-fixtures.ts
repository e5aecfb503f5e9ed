/**
 * Loads the small catalogue fixture of the tests into a data directory (or DATABASE_URL), for
 * looking at the screens before the demo-data generator is available: DATA_DIR=/tmp/x tsx scripts/catalogue-fixtures.ts
 */
import { openDatabase } from "../src/server/db/client";
import { insertCatalogue } from "../tests/support/catalogue-fixtures";

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? "./data",
});
const { ids } = await insertCatalogue(database.db);
console.log("Wstawiono oferty:", ids);
await database.close();
