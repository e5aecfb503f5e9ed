// Staff commands (the back-office at /panel does the rest). Run them with the same environment as the server
// (DATA_DIR or DATABASE_URL):
//   npm run account:verify -- jan.nowak@firma.pl      company checked: the account becomes active (the
//                                                       panel's queue at /panel/konta-klientow does the
//                                                       same, with the VAT register's data and a refusal)
//   npm run rules:publish -- regulamin-aukcji.pdf     a new auction rules version (everyone accepts it again)
//   npm run staff:add -- jan@flotis.pl "Jan Kowalski" [admin|sales|content|consultant]
//                                                       a back-office member, admin by default (prints
//                                                       the set-password link; again for the same
//                                                       e-mail: access reset, a new link); a chat
//                                                       consultant is one with the consultant role
// With the embedded database and the server running, the command asks the server (see
// src/server/accounts/staff-control.ts); otherwise it opens the database itself.
import fs from "node:fs";
import { formatCount, NOUNS } from "../src/domain/format";
import { INVITE_HOURS, staffMemberSchema } from "../src/domain/staff/forms";
import { ROLE_NAMES, type StaffRole } from "../src/domain/staff/roles";
import { askRunningServer } from "../src/server/accounts/staff-control";
import { ConfigError, loadConfig } from "../src/server/config";
import { DataDirLockedError, lockDataDir } from "../src/server/db/lock";
import type { Services } from "../src/server/service-types";

type Command = { name: string; body: Record<string, unknown>; run: (s: Services) => Promise<unknown> };

function parse(argv: string[]): Command {
  const [name, arg] = argv;
  if (name === "verify" && arg) {
    return { name, body: { email: arg.trim() }, run: (s) => s.staff.bidders.verifyByEmail(arg) };
  }
  if (name === "publish-rules" && arg) {
    const data = fs.readFileSync(arg);
    const doc = {
      contentType: arg.toLowerCase().endsWith(".pdf") ? "application/pdf" : "application/octet-stream",
    };
    return {
      name,
      body: { ...doc, base64: data.toString("base64") },
      run: (s) => s.accounts.publishRules({ ...doc, data }),
    };
  }
  if (name === "add-staff" && arg && argv[2]) {
    const parsed = staffMemberSchema.safeParse({ Email: arg, Name: argv[2], Role: argv[3] ?? "admin" });
    if (!parsed.success) {
      console.error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
      process.exit(2);
    }
    return { name, body: parsed.data, run: (s) => s.staff.members.addFromCommandLine(parsed.data) };
  }
  console.error(
    'Użycie:\n  npm run account:verify -- adres@firma.pl\n  npm run rules:publish -- plik.pdf\n  npm run staff:add -- adres@firma.pl "Imię Nazwisko" [admin|sales|content|consultant]',
  );
  process.exit(2);
}

function summary(name: string, result: Record<string, unknown>): string {
  if (name === "verify") {
    return result.changed
      ? `Konto ${result.email} zweryfikowane i aktywne; wysłano e-mail do użytkownika.`
      : `Konto ${result.email} było już aktywne.`;
  }
  if (name === "add-staff") {
    const m = result.member as { name: string; email: string; role: StaffRole };
    return `${result.reset ? "Zresetowano dostęp" : "Dodano pracownika"}: ${m.name} (${m.email}), rola: ${ROLE_NAMES[m.role]}.\nUstaw hasło pod tym adresem (link ważny ${formatCount(INVITE_HOURS, NOUNS.hour)}, działa raz):\n${result.link}\nPrzy pierwszym logowaniu na /panel/logowanie dodasz kod z aplikacji w telefonie.`;
  }
  return `Opublikowano regulamin aukcji w wersji ${result.version}.`;
}

async function direct(command: Command) {
  // The server's modules are loaded only here: through a running server the command needs none of them.
  const [{ clockOf }, { openDatabase }, { Metrics }, { createServices }] = await Promise.all([
    import("../src/server/clock"),
    import("../src/server/db/client"),
    import("../src/server/metrics"),
    import("../src/server/services"),
  ]);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    return await command.run(
      createServices(config, database, (msg) => console.warn(msg), new Metrics(), clockOf(config)),
    );
  } finally {
    await database.close();
  }
}

async function main() {
  const command = parse(process.argv.slice(2));
  const config = loadConfig();
  let result: unknown;
  if (config.DATABASE_URL) result = await direct(command);
  else {
    let unlock: (() => void) | null = null;
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
    }
    if (unlock) {
      try {
        result = await direct(command);
      } finally {
        unlock();
      }
    } else result = await askRunningServer(config.dataDir, command.name, command.body);
  }
  console.log(summary(command.name, result as Record<string, unknown>));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Nie udało się: ${(err as Error).message}`);
  process.exit(1);
});
