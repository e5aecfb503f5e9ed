import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { lockDataDir } from "./db/lock";
import { createLog } from "./log";

/** `npm run dev`: the same Fastify app with Vite in middleware mode (hot reload of the web app). */
const config = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "info", ...process.env });
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
process.on("exit", unlock);
// The production log's JSON lines, printed readably.
const log = createLog(config.LOG_LEVEL, { pretty: true });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, log });
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { app } = await buildApp({
  config,
  database,
  log,
  web: {
    mode: "development",
    getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  },
});
// Vite serves its own modules (/@vite, /src, /node_modules…) before the app sees the request.
app.addHook("onRequest", (request, reply, done) => {
  vite.middlewares(request.raw, reply.raw, () => done());
});
await app.listen({ port: config.PORT, host: config.HOST });
log.info(`Tryb deweloperski: http://localhost:${config.PORT}`);
