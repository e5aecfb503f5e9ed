import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../support/api-server";

// The PostgreSQL pool's idle connections are ended by the server (as on a restart or failover): the
// pool reports each on its 'error' event, which the metrics count.
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server?.close());

const databaseErrors = async () => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("flotis_database_errors_total "));
  return Number(line?.split(" ")[1]);
};

describe("database error metric on PostgreSQL", () => {
  it("counts the pool's connections that PostgreSQL ended", async () => {
    expect(server.services.database.kind).toBe("postgres");
    expect(await databaseErrors()).toBe(0);
    // Leave idle connections in the pool.
    await Promise.all(
      Array.from({ length: 3 }, () => server.services.db.execute(sql`select pg_sleep(0.05)`)),
    );
    const url = server.services.database.url ?? "";
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Only the pool's idle connections: the socket.io adapter's LISTEN connection is checked out of
      // the pool and has no error listener of its own (ending it stops the process; see the report).
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'
          and query not ilike 'listen%'`);
    } finally {
      await admin.end();
    }
    await expect.poll(databaseErrors, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    // The pool opens new connections: the site keeps answering.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});
