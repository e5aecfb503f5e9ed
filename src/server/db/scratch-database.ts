import crypto from "node:crypto";
import pg from "pg";

/** A throw-away database on a PostgreSQL server: its URL, and drop() to remove it again. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  // A server that goes away under the query rejects it; the client's 'error' event must not end the
  // process on top of that (ADR 014).
  client.on("error", () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database named `{prefix}_{random}` on the server of `serverUrl`, for tests and benchmarks
 * that must not touch the data already there (and may run side by side): empty, or a copy of the
 * database `template` (PostgreSQL copies its files, far faster than migrating a new one).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(5).toString("hex")}`;
  await onServer(serverUrl, (c) =>
    c.query(`create database ${name}${template ? ` template ${template}` : ""}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
