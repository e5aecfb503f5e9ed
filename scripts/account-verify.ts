// Staff verification of an entrepreneur's account, until the back-office exists:
//   npm run account:verify -- jan.nowak@firma.pl
// Run it with the same environment as the server (DATA_DIR or DATABASE_URL). The person gets an
// e-mail that the account is active. See src/server/accounts/staff-control.ts for how it reaches a
// running server on the embedded database.
import fs from "node:fs";
import path from "node:path";
import { STAFF_CONTROL_FILE, type StaffControl } from "../src/server/accounts/staff-control";
import { ConfigError, loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { DataDirLockedError, lockDataDir } from "../src/server/db/lock";
import { createServices } from "../src/server/services";

async function direct(databaseUrl: string | undefined, dataDir: string, email: string) {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const services = createServices(config, database, (msg) => console.warn(msg));
    return await services.accounts.verify(email);
  } finally {
    await database.close();
  }
}

async function viaServer(dataDir: string, email: string) {
  const file = path.join(dataDir, STAFF_CONTROL_FILE);
  if (!fs.existsSync(file)) {
    throw new Error(
      `Serwer używa katalogu ${dataDir}, ale nie ma pliku ${STAFF_CONTROL_FILE}: uruchom ponownie serwer.`,
    );
  }
  const control = JSON.parse(fs.readFileSync(file, "utf8")) as StaffControl;
  const res = await fetch(`${control.url}/staff/accounts/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-staff-key": control.key },
    body: JSON.stringify({ email }),
  });
  const body = (await res.json()) as { error?: string; email: string; status: string; changed: boolean };
  if (!res.ok) throw new Error(body.error ?? `HTTP ${res.status}`);
  return body;
}

async function main() {
  const email = process.argv[2]?.trim();
  if (!email) {
    console.error("Użycie: npm run account:verify -- adres@firma.pl");
    process.exit(2);
  }
  const config = loadConfig();
  let result: { email: string; status: string; changed: boolean };
  if (config.DATABASE_URL) {
    result = await direct(config.DATABASE_URL, config.dataDir, email);
  } else {
    let unlock: (() => void) | null = null;
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
    }
    if (unlock) {
      try {
        result = await direct(undefined, config.dataDir, email);
      } finally {
        unlock();
      }
    } else {
      result = await viaServer(config.dataDir, email);
    }
  }
  console.log(
    result.changed
      ? `Konto ${result.email} zweryfikowane i aktywne; wysłano e-mail do użytkownika.`
      : `Konto ${result.email} było już aktywne.`,
  );
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Nie udało się: ${(err as Error).message}`);
  process.exit(1);
});
