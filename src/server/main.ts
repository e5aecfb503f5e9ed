import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { buildApp } from "./app";
import { clockOf } from "./clock";
import { ConfigError, LOG_LEVELS, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { dataDirProblem } from "./db/data-dir-errors";
import { listBackups, scheduledBackups } from "./db/embedded-backup";
import { DataDirLockedError, lockDataDir } from "./db/lock";
import { createLog, type Logger } from "./log";
import { collectGarbageNow, collectGarbageWhenQuiet } from "./memory";
import { seedIfEmpty } from "./seed/seed-if-empty";

/** The first-start process failed and has said why on stderr already. */
class FirstStartFailedError extends Error {}

/**
 * Loads the demo data of a fresh data directory in a child process (build/server/first-start.js) that
 * ends before the server opens the database: PGlite's WebAssembly memory and the native memory of the
 * photos drawn with sharp grow to a few hundred MB and stay in a process once it has them (ADR 017).
 */
function firstStartInChildProcess(script: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: "inherit", env: process.env });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new FirstStartFailedError(`exit ${code}`)),
    );
  });
}

/**
 * Production entry: parse env, lock the data dir (embedded database), migrate, seed demo data when
 * the database is empty, serve, and shut down gracefully on SIGTERM/SIGINT.
 */
async function main(log: Logger) {
  const started = performance.now();
  const config = loadConfig();
  const clock = clockOf(config);
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  const open = (log: Logger) =>
    openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, log });
  const firstStart = path.join(import.meta.dirname, "first-start.js");
  if (
    !config.DATABASE_URL &&
    !fs.existsSync(path.join(config.dataDir, "pgdata")) &&
    fs.existsSync(firstStart)
  ) {
    await firstStartInChildProcess(firstStart);
  }
  let database = await open(log);
  // Not a fresh data directory (or no worker file: tsx): here, and a first start that stopped halfway
  // gets the demo catalogue now.
  if ((await seedIfEmpty(database, config, clock.now(), log)) && !config.DATABASE_URL) {
    // The embedded database's WebAssembly memory grows while the demo catalogue (with its photos) is
    // loaded and never shrinks: reopened, the server starts serving with a fresh, small heap.
    await database.close();
    database = await open(log);
  }

  const root = path.resolve(import.meta.dirname, "..");
  // build/server/web-server.js: the React Router server build, bundled with the server so that both
  // use the same (production) react-router (scripts/build.mjs).
  const serverBuildPath = path.join(import.meta.dirname, "web-server.js");
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const { app, services } = await buildApp({
    config,
    database,
    clock,
    log,
    web: { getBuild: async () => build, clientDir: path.join(root, "web", "client"), mode: "production" },
  });
  if (config.PASSWORD_HASH_COST < 15)
    app.log.warn(
      { PASSWORD_HASH_COST: config.PASSWORD_HASH_COST },
      "Hasła są haszowane taniej niż zaleca OWASP (PASSWORD_HASH_COST=15): tylko dla serwerów testowych",
    );

  // Backups of the embedded database on a schedule, taken while it serves (ADR 048).
  const backups =
    database.dump && config.BACKUP_INTERVAL_HOURS > 0
      ? scheduledBackups({
          database,
          dir: config.backupDir,
          intervalHours: config.BACKUP_INTERVAL_HOURS,
          keep: config.BACKUP_KEEP,
          clock,
          log,
        })
      : undefined;
  if (backups)
    services.metrics.watchBackups({
      newestAt: () => listBackups(config.backupDir)[0]?.takenAt,
      now: () => clock.now(),
      startedAt: clock.now(),
    });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "Zatrzymywanie: kończę obsługę trwających żądań");
    try {
      await backups?.stop();
      await app.close();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // What starting allocated (migrations, the reference data, a closed first database instance, the
  // server build) is garbage now: collected before the first visitor, the process idles smaller
  // (first start 312 → 300 MB RSS, restart 295 → 285 MB).
  collectGarbageNow();
  collectGarbageWhenQuiet(app);
  await app.listen({ port: config.PORT, host: config.HOST });
  backups?.start();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const startMs = Math.round(performance.now() - started);
  const listening = `http://${config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST}:${port}`;
  log.info(
    { publicUrl: config.publicUrl, listening, database: database.kind, startMs },
    `Marketplace działa: ${config.publicUrl} (baza: ${database.kind}, start w ${startMs} ms)`,
  );
  if (!config.SMTP_URL) {
    const outbox = path.join(config.dataDir, "outbox");
    log.info(
      { outbox },
      `Bez SMTP_URL e-maile trafiają do ${outbox} (pliki .eml); najnowsze pokaże: npm run outbox [-- adres]`,
    );
  }
}

/** A connection to PostgreSQL refused, not found, timed out or not authenticated. */
function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    ["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EHOSTUNREACH", "28P01", "3D000", "28000"].includes(
      e?.code ?? "",
    ) || /timeout exceeded when trying to connect/i.test(e?.message ?? "")
  );
}

/** The data directory for the start error message; none with a database server or a wrong config. */
function safeDataDir(): string | undefined {
  try {
    const config = loadConfig();
    return config.DATABASE_URL ? undefined : config.dataDir;
  } catch {
    return undefined;
  }
}

// One log for the process, from its first line (src/server/log.ts); the level is read as loadConfig
// reads it, so that a wrong setting is itself logged as JSON.
const log = createLog(
  (LOG_LEVELS as readonly string[]).includes(process.env.LOG_LEVEL ?? "")
    ? (process.env.LOG_LEVEL as string)
    : "info",
);

// A last net, not the fix (ADR 014): a promise rejected on a path nobody handles is logged instead of
// ending a server that every other request still works on. Database failures are handled where they occur.
process.on("unhandledRejection", (reason) => {
  log.error({ err: reason }, "Nieobsłużony błąd (unhandledRejection)");
});

main(log).catch((err) => {
  const dataDir = safeDataDir();
  const problem = dataDir ? dataDirProblem(err, dataDir) : undefined;
  if (err instanceof FirstStartFailedError) {
    // The first start's process has logged why.
  } else if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    log.fatal(err.message);
  } else if (problem) {
    log.fatal(`Nie udało się uruchomić serwera. ${problem}`);
  } else if (process.env.DATABASE_URL && isConnectionError(err)) {
    log.fatal(
      { err },
      `Nie udało się połączyć z bazą PostgreSQL (DATABASE_URL): ${(err as Error).message}. Sprawdź, czy serwer bazy działa i czy adres, użytkownik i hasło w DATABASE_URL są poprawne.`,
    );
  } else {
    log.fatal({ err }, "Nie udało się uruchomić serwera");
  }
  // pino writes stdout synchronously: the line is out before the process ends.
  process.exit(1);
});
