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
    close: () => client.close(),
  };
}
