import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rows of a db.execute() result, on either driver (node-postgres and PGlite both answer {rows}). */
export const resultRows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Connection string for LISTEN/NOTIFY consumers (socket.io adapter); only for PostgreSQL. */
  url?: string;
  pool?: pg.Pool;
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
}

/** Where the SQL migrations live: next to the sources in development, copied beside the bundle in builds. */
export function migrationsFolder(): string {
  const candidates = [path.resolve("drizzle"), path.resolve(import.meta.dirname ?? ".", "../../drizzle")];
  const found = candidates.find((p) => fs.existsSync(path.join(p, "meta", "_journal.json")));
  if (!found) throw new Error(`Nie znaleziono katalogu migracji (szukano: ${candidates.join(", ")})`);
  return found;
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite under dataDir (":memory:" keeps it in
 * memory, for tests), and brings the schema up to date with the versioned migrations.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20 });
    // An idle connection that PostgreSQL ends (restart, failover, admin shutdown) is reported here;
    // without a listener Node treats it as an unhandled error and stops the process. The pool opens
    // a new connection for the next query.
    pool.on("error", (err) => console.warn(`Połączenie z PostgreSQL zostało zerwane: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: "postgres",
      url: opts.databaseUrl,
      pool,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: (channel, onNotify, onResume) =>
        listenOnPostgres(opts.databaseUrl as string, channel, onNotify, onResume),
      close: () => pool.end(),
    };
  }
  const memory = opts.dataDir === ":memory:";
  const dir = memory ? undefined : path.join(opts.dataDir, "pgdata");
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    // One process owns an embedded database, so its notifications never have a gap to resume from.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
    close: () => client.close(),
  };
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
