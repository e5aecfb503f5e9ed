import { type App, buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";

export interface TestServer extends App {
  url: string;
  close(): Promise<void>;
}

/**
 * A real API server over real HTTP for integration tests: in-memory PGlite by default, or the
 * PostgreSQL of TEST_DATABASE_URL (CI sets it) so the same tests run on both databases.
 */
export async function startApiServer(env: Record<string, string> = {}): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PORT: "0",
    DATA_DIR: ":memory:",
    ...env,
  });
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
  const built = await buildApp({ config, database, logger: false });
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const address = built.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await built.app.close();
      await database.close();
    },
  };
}
