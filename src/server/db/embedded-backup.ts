import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Clock } from "../clock";
import { PeriodicJob } from "../periodic-job";
import { type Database, openDatabase } from "./client";

/**
 * Backups of the embedded database taken while the server runs (ADR 048): PGlite's own dump of its
 * data directory (a gzipped tar, after a checkpoint), which its queries wait for a second or two
 * instead of the site stopping. One file per backup in BACKUP_DIR, named by the moment it was taken
 * (UTC), so that the schedule and the retention read the names, not the files' times (a copied file
 * keeps its name, not its time).
 */
const NAME = /^kopia-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.tar\.gz$/;

export interface Backup {
  file: string;
  bytes: number;
  takenAt: Date;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** kopia-YYYYMMDD-HHMMSS.tar.gz, in UTC. */
export function backupFileName(at: Date): string {
  return `kopia-${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}.tar.gz`;
}

/** The backups in `dir`, newest first (files of another name are not ours and are left alone). */
export function listBackups(dir: string): Backup[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((name) => {
      const m = NAME.exec(name);
      if (!m) return [];
      const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
      const file = path.join(dir, name);
      return [{ file, bytes: fs.statSync(file).size, takenAt: new Date(Date.UTC(y, mo - 1, d, h, mi, s)) }];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/**
 * Writes a backup of the running embedded database to `file` (default: BACKUP_DIR's name for `now`):
 * to a temporary name first, flushed to the disk, then renamed, so that a backup listed is whole.
 */
export async function takeBackup(
  database: Database,
  target: { dir: string; now: Date } | { file: string },
): Promise<Backup> {
  if (!database.dump)
    throw new Error(
      "Kopię bazy PostgreSQL (DATABASE_URL) robi pg_dump, nie ten program (docs/operations.md, „Kopie zapasowe”).",
    );
  const file =
    "file" in target ? path.resolve(target.file) : path.join(target.dir, backupFileName(target.now));
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  } catch (err) {
    throw new Error(
      `Nie mogę utworzyć katalogu ${path.dirname(file)} na kopię (${(err as NodeJS.ErrnoException).code}): wskaż inny plik albo BACKUP_DIR.`,
    );
  }
  const data = Buffer.from(await (await database.dump()).arrayBuffer());
  const part = `${file}.part`;
  const handle = await fs.promises.open(part, "w", 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(part, file);
  const takenAt = "now" in target ? target.now : new Date(fs.statSync(file).mtimeMs);
  return { file, bytes: data.length, takenAt };
}

/**
 * A backup into `file` when one is named, else into BACKUP_DIR under the name for `now`, after which
 * the newest `keep` of BACKUP_DIR are kept: what the schedule, the running server's command and the
 * stopped server's command each take.
 */
export async function backUp(
  database: Database,
  o: { file?: string; dir: string; keep: number; now: Date },
): Promise<Backup & { removed: string[] }> {
  if (o.file) return { ...(await takeBackup(database, { file: o.file })), removed: [] };
  const backup = await takeBackup(database, { dir: o.dir, now: o.now });
  return { ...backup, removed: pruneBackups(o.dir, o.keep) };
}

/** Removes all but the newest `keep` backups of `dir`; returns the files removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const b of old) fs.rmSync(b.file, { force: true });
  return old.map((b) => b.file);
}

/**
 * Restores a backup into a data directory without a database: PGlite's dump through PGlite itself
 * (then the migrations bring an older backup's schema up to date), or the stopped-server copy of earlier
 * versions (a tar of pgdata/ and outbox/) unpacked as it was made.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<void> {
  const entries = execFileSync("tar", ["-tzf", file], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    // tar's notes on the names (a leading "/") are not the operator's business.
    stdio: ["ignore", "pipe", "ignore"],
  });
  if (/^pgdata\//m.test(entries)) {
    fs.mkdirSync(dataDir, { recursive: true });
    execFileSync("tar", ["-xzf", file, "-C", dataDir]);
    return;
  }
  const database = await openDatabase({ dataDir, image: new Blob([fs.readFileSync(file)]) });
  await database.close();
}

/**
 * The running server's schedule: every few minutes it looks at the newest backup, and takes one when
 * it is older than BACKUP_INTERVAL_HOURS, then keeps the newest BACKUP_KEEP. Reading the names rather
 * than counting from the start means a restart neither skips a backup nor takes an extra one.
 */
export function scheduledBackups(opts: {
  database: Database;
  dir: string;
  intervalHours: number;
  keep: number;
  clock: Clock;
  log: { info(fields: object, msg: string): void; error(fields: object, msg: string): void };
}): PeriodicJob<Backup | null> {
  const intervalMs = opts.intervalHours * 3_600_000;
  return new PeriodicJob({
    name: "kopia zapasowa bazy",
    everyMs: Math.min(intervalMs, 10 * 60_000),
    clock: opts.clock,
    run: async () => {
      const now = opts.clock.now();
      const newest = listBackups(opts.dir)[0];
      if (newest && now.getTime() - newest.takenAt.getTime() < intervalMs) return null;
      const started = performance.now();
      const backup = await backUp(opts.database, { dir: opts.dir, keep: opts.keep, now });
      opts.log.info(
        {
          file: backup.file,
          bytes: backup.bytes,
          ms: Math.round(performance.now() - started),
          removed: backup.removed,
        },
        `Kopia zapasowa bazy: ${backup.file}`,
      );
      return backup;
    },
    log: (_msg, err) =>
      opts.log.error(
        { err },
        "Kopia zapasowa bazy nie powiodła się: następna próba przy kolejnym sprawdzeniu",
      ),
  });
}
