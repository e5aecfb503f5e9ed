// A real API server in its own process (pages only with WEB_BUILD=1): used by tests that need several processes on
// one PostgreSQL (live fan-out) or a process to kill (fault runs). Prints "LISTENING <port>" when ready.
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { lockDataDir } from "../../src/server/db/lock";
import { productionWeb } from "./api-server";

const config = loadConfig({ LOG_LEVEL: "warn", ...process.env });
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
// WEB_BUILD=1: pages too, from the production build (tests of what processes render).
const web = process.env.WEB_BUILD === "1" ? productionWeb() : undefined;
const { app } = await buildApp({ config, database, logger: false, web });
await app.listen({ port: config.PORT, host: "127.0.0.1" });
const address = app.server.address();
console.log(`LISTENING ${typeof address === "object" && address ? address.port : config.PORT}`);
const stop = async () => {
  await app.close();
  await database.close();
  unlock();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
