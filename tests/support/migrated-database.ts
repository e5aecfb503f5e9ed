import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrationsFolder, openDatabase } from "../../src/server/db/client";

/** Changes whenever a migration is added or edited, so a stale migrated copy is never used. */
export function migrationsDigest(): string {
  const folder = migrationsFolder();
  const hash = crypto.createHash("sha256");
  for (const file of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 12);
}

/** PGlite's files are its own format: a newer PGlite gets new copies. */
export function pgliteVersion(): string {
  return JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"))
    .version;
}

/**
 * Fills `dataDir` with a migrated, empty embedded database, copied from one made once per set of
 * migrations: migrating a new PGlite database took ~7 s of CPU (initdb and every migration in
 * WebAssembly), a copy opens in ~0.6 s. The copy is made under a name of its own and renamed into
 * place, so journeys on two workers never see half of one.
 */
export async function copyMigratedDatabase(dataDir: string): Promise<void> {
  const source = path.join(os.tmpdir(), `marketplace-pglite-dir-${pgliteVersion()}-${migrationsDigest()}`);
  if (!fs.existsSync(source)) {
    const partial = `${source}.${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    await (await openDatabase({ dataDir: partial })).close();
    try {
      fs.renameSync(partial, source);
    } catch {
      // Another worker's copy got there first: it is as good as this one.
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.cpSync(source, dataDir, { recursive: true });
}
