// Vitest global setup: a migrated database that every test server starts from, made once per run.
// Migrating a new database for each of the suite's test servers cost most of its time: 4–8 s each on
// PGlite (its initdb and 27 migrations in WebAssembly), 0.5 s on PostgreSQL. A test server now starts
// from a copy: PostgreSQL copies a template database (~0.1 s), PGlite loads a dumped data directory
// (~2 s). openDatabase still runs the migrations on the copy, which finds none pending.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";
import { migrationsDigest, pgliteVersion } from "./migrated-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template database on TEST_DATABASE_URL's server (PostgreSQL tests). */
    postgresTemplate: string | undefined;
    /** A file holding a migrated PGlite data directory (PGlite tests). */
    pgliteImage: string | undefined;
  }
}

/** Creates `name` as a migrated database unless it is there already; one creator at a time. */
async function ensurePostgresTemplate(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    // Two runs against one server (a developer's TEST_DATABASE_URL) must not build it side by side.
    await client.query("select pg_advisory_lock(hashtext($1))", [name]);
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return;
    await client.query(`create database ${name}_new`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}_new`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: ":memory:" });
    await database.close();
    // Renamed only once migrated: a failed run leaves no half-made template behind its name.
    await client.query(`alter database ${name}_new rename to ${name}`);
  } finally {
    await client.end();
  }
}

async function ensurePgliteImage(file: string): Promise<void> {
  if (fs.existsSync(file)) return;
  const database = await openDatabase({ dataDir: ":memory:" });
  const client = (database.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
  const image = await client.dumpDataDir("none");
  await database.close();
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
  fs.renameSync(partial, file);
}

export default async function setup(project: TestProject): Promise<void> {
  const digest = migrationsDigest();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env?.TEST_ON_POSTGRES === "1" && serverUrl) {
    const name = `marketplace_template_${digest}`;
    await ensurePostgresTemplate(serverUrl, name);
    project.provide("postgresTemplate", name);
    project.provide("pgliteImage", undefined);
  } else {
    const file = path.join(os.tmpdir(), `marketplace-pglite-${pgliteVersion()}-${digest}.tar`);
    await ensurePgliteImage(file);
    project.provide("pgliteImage", file);
    project.provide("postgresTemplate", undefined);
  }
}
