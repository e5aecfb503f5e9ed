import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { SHARED_BUFFERS_SIZE } from "../config";
import * as schema from "./schema/index";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rows of a db.execute() result, on either driver (node-postgres and PGlite both answer {rows}). */
export const resultRows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Connection health (ADR 014), for logs and a metrics helper: 'error' when the database goes away (a
 * pooled or LISTEN connection is lost, or a readiness ping fails), 'reconnect' when the first new
 * connection opens after that. Emitted once per change, not per failed query. openDatabase attaches a
 * listener that logs, so an 'error' here never goes unhandled. The embedded database emits nothing.
 */
export type DatabaseEvents = EventEmitter<{ error: [err: Error]; reconnect: [] }>;

/**
 * What LISTEN consumers (the socket.io PostgreSQL adapter) get instead of the raw pool: the connection
 * they keep checked out goes back to the pool, destroyed, when it ends (the adapter only opens a new
 * one, so each outage would leak a pool slot), and readiness can see whether it is open.
 */
export interface ListenPool {
  connect(): Promise<pg.PoolClient>;
  query: pg.Pool["query"];
  /** Whether a LISTEN connection is open now (false before the first connect and after it ends). */
  readonly connected: boolean;
  /** Called when a LISTEN connection is opened again after one ended: notifications in between are lost. */
  onReconnect(listener: () => void): void;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Connection string for LISTEN/NOTIFY consumers (socket.io adapter); only for PostgreSQL. */
  url?: string;
  pool?: pg.Pool;
  /** For LISTEN/NOTIFY consumers; only for PostgreSQL. */
  listenPool?: ListenPool;
  events: DatabaseEvents;
  /** Readiness: the database answers, and a LISTEN connection handed out is open again. */
  ping(): Promise<void>;
  /**
   * Receives the NOTIFY payloads of one channel until the returned function is called. On
   * PostgreSQL a dedicated connection LISTENs and is opened again with backoff when it breaks;
   * `onResume` is called after such a gap, because notifications sent meanwhile are lost.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onResume: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The embedded database only: its data directory as PGlite's own gzipped tar, taken while it runs
   * (queries wait the second or two it takes; ADR 048).
   */
  dump?: () => Promise<Blob>;
}

function createListenPool(pool: pg.Pool): ListenPool & { used: boolean } {
  let connected = false;
  let ended = false;
  const reconnected: Array<() => void> = [];
  return {
    used: false,
    onReconnect: (listener) => reconnected.push(listener),
    get connected() {
      return connected;
    },
    query: pool.query.bind(pool) as pg.Pool["query"],
    async connect() {
      this.used = true;
      const client = await pool.connect();
      connected = true;
      if (ended) {
        ended = false;
        for (const listener of reconnected) listener();
      }
      client.once("end", () => {
        connected = false;
        ended = true;
        client.release(new Error("LISTEN connection ended"));
      });
      return client;
    },
  };
}

/** The advisory lock key of migrations (any constant; "mkt-migr" in ASCII). */
const MIGRATION_LOCK_KEY = 0x6d6b_742d_6d69_6772n;

/**
 * Runs `fn` while this process holds a PostgreSQL advisory lock (on a connection of its own, which
 * `fn` may use), so that processes starting together do it one after another.
 */
export async function underAdvisoryLock<T>(
  pool: pg.Pool,
  key: bigint,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [key.toString()]);
    try {
      return await fn(client);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [key.toString()]);
    }
  } finally {
    client.release();
  }
}

/**
 * Runs the pending migrations while holding a PostgreSQL advisory lock on one connection: when a deploy
 * starts several processes at once, one migrates and the others wait, then find nothing left to do.
 * Without it they ran the same CREATE TABLE side by side and all but one failed to start.
 */
function migrateUnderLock(pool: pg.Pool): Promise<void> {
  return underAdvisoryLock(pool, MIGRATION_LOCK_KEY, (client) =>
    migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: migrationsFolder() }),
  );
}

/** Where the SQL migrations live: next to the sources in development, copied beside the bundle in builds. */
export function migrationsFolder(): string {
  const candidates = [path.resolve("drizzle"), path.resolve(import.meta.dirname ?? ".", "../../drizzle")];
  const found = candidates.find((p) => fs.existsSync(path.join(p, "meta", "_journal.json")));
  if (!found) throw new Error(`Nie znaleziono katalogu migracji (szukano: ${candidates.join(", ")})`);
  return found;
}

/** Where the connection's loss and return are told: the server's log, or stderr for a command. */
export interface DatabaseLog {
  warn(fields: object, message: string): void;
}

const stderrLog: DatabaseLog = { warn: (_fields, message) => console.warn(message) };

function loggedEvents(log: DatabaseLog): DatabaseEvents {
  const events: DatabaseEvents = new EventEmitter();
  events.on("error", (err) =>
    log.warn({ err: { message: err.message } }, `Połączenie z PostgreSQL zostało zerwane: ${err.message}`),
  );
  events.on("reconnect", () => log.warn({}, "Połączenie z PostgreSQL przywrócone."));
  return events;
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite under dataDir (":memory:" keeps it in
 * memory, for tests), and brings the schema up to date with the versioned migrations. `image`: a
 * PGlite data directory dumped before (`dumpDataDir`) to start a new database from: in memory, so
 * that tests skip PGlite's initdb and the migrations already in it (seconds per test server), or in a
 * data directory without a database yet (a backup restored).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  image?: Blob;
  log?: DatabaseLog;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // A connect that hangs (server out of reach) fails after 10 s instead of holding a request forever;
    // keep-alive notices a dead peer on an idle connection.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 20,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      // Each process's connections named in pg_stat_activity (the port tells the processes apart).
      application_name: `marketplace${process.env.PORT ? `:${process.env.PORT}` : ""}`,
    });
    const events = loggedEvents(opts.log ?? stderrLog);
    let down = false;
    const lost = (err: Error) => {
      if (down) return;
      down = true;
      events.emit("error", err);
    };
    // A connection that PostgreSQL ends (restart, failover, pg_terminate_backend) emits 'error' on its
    // client; without a listener Node stops the process. The pool listens only while a connection is
    // idle, so every connection gets one of ours for the time it is checked out too (a Drizzle
    // transaction, the adapter's LISTEN). The pool drops a broken connection and opens a new one for the
    // next query.
    pool.on("error", lost);
    pool.on("connect", (client) => {
      client.on("error", lost);
      if (!down) return;
      down = false;
      events.emit("reconnect");
    });
    const listenPool = createListenPool(pool);
    let ended: Promise<void> | undefined;
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migrateUnderLock(pool);
    return {
      db,
      kind: "postgres",
      url: opts.databaseUrl,
      pool,
      listenPool,
      events,
      ping: async () => {
        try {
          await pool.query("select 1");
        } catch (err) {
          lost(err as Error);
          throw err;
        }
        if (listenPool.used && !listenPool.connected) throw new Error("LISTEN connection is not open yet");
      },
      listen: (channel, onNotify, onResume) =>
        listenOnPostgres(opts.databaseUrl as string, channel, onNotify, onResume),
      // Closing twice (a shutdown racing a failure path) waits for the same end instead of throwing.
      close: () => (ended ??= pool.end()),
    };
  }
  const memory = opts.dataDir === ":memory:";
  const dir = memory ? undefined : path.join(opts.dataDir, "pgdata");
  if (dir && opts.image && fs.existsSync(path.join(dir, "PG_VERSION")))
    throw new Error(`${dir} ma już bazę danych: kopię wczytuję tylko do katalogu bez bazy.`);
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    loadDataDir: opts.image,
    // Scripts open the database without the server's configuration: a wrong size is refused here too
    // rather than passed to PostgreSQL's command line as it is.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers()}`],
    // The catalogue search (migration 0014_offer_search) uses them, as on PostgreSQL.
    extensions: { unaccent, pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: "pglite",
    events: loggedEvents(opts.log ?? stderrLog),
    ping: async () => {
      await client.query("select 1");
    },
    // One process owns an embedded database, so its notifications never have a gap to resume from.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
    close: () => client.close(),
    dump: async () => {
      // Written out first, so that the copy needs no recovery from the write-ahead log when restored.
      await client.query("checkpoint");
      return client.dumpDataDir("gzip");
    },
  };
}

/**
 * The embedded database's buffer cache. PostgreSQL's default (128 MB) lives in PGlite's WebAssembly
 * memory, which never shrinks: serving the stored photos once filled it and the process idled at
 * ~390 MB after a restart. 32 MB holds the catalogue's working set (the photos are cached resized
 * on disk, and the operating system caches the database files below it); measured 365 → 249 MB RSS
 * after reading every offer and every image. A catalogue far bigger than the demo's may
 * want more (PGLITE_SHARED_BUFFERS, e.g. 128MB: see README).
 */
const PGLITE_SHARED_BUFFERS = process.env.PGLITE_SHARED_BUFFERS ?? "32MB";

function sharedBuffers(): string {
  if (!SHARED_BUFFERS_SIZE.test(PGLITE_SHARED_BUFFERS))
    throw new Error(`PGLITE_SHARED_BUFFERS: „${PGLITE_SHARED_BUFFERS}” to nie rozmiar (np. 32MB lub 128MB)`);
  return PGLITE_SHARED_BUFFERS;
}

const LISTEN_BACKOFF_MS = { first: 250, max: 10_000 };

/** LISTEN on a connection of its own, opened again with exponential backoff whenever it breaks. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onResume: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_BACKOFF_MS.first;

  const connect = async (resumed: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => {
      if (n.channel === channel) onNotify(n.payload ?? "");
    });
    // A broken connection reports here (and then 'end'); without a listener Node stops the process.
    c.on("error", () => {});
    c.on("end", () => {
      if (client === c) {
        client = undefined;
        schedule();
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end();
      return;
    }
    client = c;
    delay = LISTEN_BACKOFF_MS.first;
    if (resumed) onResume();
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect(true).catch(() => {
        delay = Math.min(delay * 2, LISTEN_BACKOFF_MS.max);
        schedule();
      });
    }, delay);
    retry.unref();
  };

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}
