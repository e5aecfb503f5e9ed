// npm run backup [-- plik.tar.gz]    a backup of the embedded database, the server running or stopped
// npm run backups                    the backups in BACKUP_DIR, newest first
// npm run restore -- plik.tar.gz     into a DATA_DIR without a database
//
// A running server takes the backup itself (it holds the embedded database; asked through
// DATA_DIR/staff-control.json, as the staff commands do), while it goes on serving: PGlite's own dump
// of its data directory (ADR 048). With the server stopped, this command opens the database and takes
// the same dump. Without a file name the backup goes to BACKUP_DIR (default DATA_DIR/backups), where
// the newest BACKUP_KEEP are kept. With PostgreSQL (DATABASE_URL) use pg_dump / pg_restore
// (docs/operations.md).
import fs from "node:fs";
import path from "node:path";
import { formatMegabytes } from "../src/domain/format";
import { askRunningServer } from "../src/server/accounts/staff-control";
import { type Config, ConfigError, loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { backUp, listBackups, restoreBackup } from "../src/server/db/embedded-backup";
import { DataDirLockedError, lockDataDir } from "../src/server/db/lock";

class Refused extends Error {}

/** The data directory locked for this command, or null while a server holds it. */
function lockUnlessServed(dataDir: string): (() => void) | null {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) return null;
    throw err;
  }
}

async function backup(config: Config, file: string | undefined): Promise<void> {
  const target = file ? { file: path.resolve(file) } : undefined;
  let taken: { file: string; bytes: number };
  const unlock = lockUnlessServed(config.dataDir);
  if (unlock && !fs.existsSync(path.join(config.dataDir, "pgdata", "PG_VERSION"))) {
    unlock();
    throw new Refused(`W katalogu danych ${config.dataDir} nie ma bazy (pgdata): nie ma czego kopiować.`);
  }
  if (!unlock) {
    const answer = await askRunningServer(config.dataDir, "backup", target ?? {});
    taken = { file: String(answer.File), bytes: Number(answer.Bytes) };
  } else {
    try {
      const database = await openDatabase({ dataDir: config.dataDir });
      try {
        // The clock of the command is the system's: a backup is named by when it was really taken.
        taken = await backUp(database, {
          file: target?.file,
          dir: config.backupDir,
          keep: config.BACKUP_KEEP,
          now: new Date(),
        });
      } finally {
        await database.close();
      }
    } finally {
      unlock();
    }
  }
  console.log(`Kopia zapasowa bazy: ${taken.file} (${formatMegabytes(taken.bytes)}).`);
}

function list(config: Config): void {
  const backups = listBackups(config.backupDir);
  if (!backups.length) {
    console.log(`W ${config.backupDir} nie ma kopii zapasowych.`);
    return;
  }
  console.log(`Kopie zapasowe w ${config.backupDir} (od najnowszej, czas UTC):`);
  for (const b of backups)
    console.log(
      `  ${path.basename(b.file)}  ${b.takenAt.toISOString().replace("T", " ").slice(0, 19)}  ${formatMegabytes(b.bytes)}`,
    );
}

async function restore(config: Config, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Refused(`Nie ma pliku kopii ${path.resolve(file)}.`);
  if (fs.existsSync(path.join(config.dataDir, "pgdata", "PG_VERSION")))
    throw new Refused(
      `Katalog danych ${config.dataDir} ma już bazę: kopię przywracam tylko do katalogu bez bazy (ustaw DATA_DIR na nowy katalog albo przenieś stary).`,
    );
  const unlock = lockUnlessServed(config.dataDir);
  if (!unlock) throw new Refused(`Katalog danych ${config.dataDir} jest używany przez serwer: zatrzymaj go.`);
  try {
    await restoreBackup(path.resolve(file), config.dataDir);
  } finally {
    unlock();
  }
  console.log(
    `Przywrócono ${path.resolve(file)} do ${config.dataDir}. Uruchom serwer (npm start) z tym DATA_DIR.`,
  );
}

try {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new Refused(
      "Baza jest w PostgreSQL (DATABASE_URL): kopię zrób przez pg_dump, przywróć przez pg_restore (docs/operations.md).",
    );
  }
  if (command === "backup") await backup(config, file);
  else if (command === "list") list(config);
  else if (command === "restore" && file) await restore(config, file);
  else
    throw new Refused(
      "Użycie: npm run backup [-- plik.tar.gz], npm run backups albo npm run restore -- plik.tar.gz",
    );
} catch (err) {
  console.error(
    err instanceof Refused || err instanceof ConfigError
      ? err.message
      : `Nie udało się: ${(err as Error).message}`,
  );
  process.exit(1);
}
