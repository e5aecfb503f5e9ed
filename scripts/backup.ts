// npm run backup [-- plik.tar.gz]    a copy of the embedded database and the outbox (DATA_DIR)
// npm run restore -- plik.tar.gz     into an empty DATA_DIR
//
// The embedded database (PGlite) is consistent on disk only while no server has it open, so a backup
// of a running server is refused with the reason; the data directory stays locked during the copy so
// that no server starts meanwhile. The image cache (DATA_DIR/cache) is left out: it is rebuilt from the
// database on demand. With PostgreSQL (DATABASE_URL) use pg_dump / pg_restore (docs/operations.md).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../src/server/config";
import { DataDirLockedError, lockDataDir } from "../src/server/db/lock";

class Refused extends Error {}

/** What a copy holds, relative to DATA_DIR. */
const CONTENTS = ["pgdata", "outbox"];

function stamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

function lock(dataDir: string, what: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new Refused(
      `${err.message}\n${what} wbudowanej bazy wymaga zatrzymanego serwera (kopia działającej bazy nie byłaby spójna): zatrzymaj serwer, uruchom polecenie ponownie, potem uruchom serwer.`,
    );
  }
}

function backup(dataDir: string, file: string): void {
  if (!fs.existsSync(path.join(dataDir, "pgdata")))
    throw new Refused(`W katalogu danych ${dataDir} nie ma bazy (pgdata): nie ma czego kopiować.`);
  const unlock = lock(dataDir, "Kopia zapasowa");
  try {
    const parts = CONTENTS.filter((p) => fs.existsSync(path.join(dataDir, p)));
    execFileSync("tar", ["-czf", path.resolve(file), "-C", dataDir, ...parts]);
  } finally {
    unlock();
  }
  const mb = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `Kopia zapasowa: ${path.resolve(file)} (${mb} MB): baza danych i poczta wychodząca z ${dataDir}.`,
  );
}

function restore(dataDir: string, file: string): void {
  if (!fs.existsSync(file)) throw new Refused(`Nie ma pliku kopii ${path.resolve(file)}.`);
  if (fs.existsSync(path.join(dataDir, "pgdata")))
    throw new Refused(
      `Katalog danych ${dataDir} ma już bazę: kopię przywracam tylko do katalogu bez bazy (ustaw DATA_DIR na nowy katalog albo przenieś stary).`,
    );
  const unlock = lock(dataDir, "Przywracanie");
  try {
    execFileSync("tar", ["-xzf", path.resolve(file), "-C", dataDir]);
  } finally {
    unlock();
  }
  console.log(`Przywrócono ${path.resolve(file)} do ${dataDir}. Uruchom serwer (npm start) z tym DATA_DIR.`);
}

try {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new Refused(
      "Baza jest w PostgreSQL (DATABASE_URL): kopię zrób przez pg_dump, przywróć przez pg_restore (docs/operations.md).",
    );
  }
  if (command === "backup") backup(config.dataDir, file ?? `kopia-${stamp()}.tar.gz`);
  else if (command === "restore" && file) restore(config.dataDir, file);
  else throw new Refused("Użycie: npm run backup [-- plik.tar.gz] albo npm run restore -- plik.tar.gz");
} catch (err) {
  console.error(err instanceof Refused || err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
