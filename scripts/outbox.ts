// npm run outbox [-- address] [--all]
// Prints the newest e-mails of the development outbox (DATA_DIR/outbox/*.eml, used when SMTP_URL is
// unset), e.g. to find an activation or password reset link after `npm start`. The outbox has no web
// page in production on purpose: anyone could read someone else's reset link there.
import path from "node:path";
import { ConfigError, loadConfig } from "../src/server/config";
import { readEmlOutbox } from "../src/server/mail/eml-outbox";

async function main() {
  const args = process.argv.slice(2);
  const all = args.includes("--all");
  const to = args.find((a) => !a.startsWith("--"));
  const config = loadConfig();
  const dir = path.join(config.dataDir, "outbox");
  const mails = await readEmlOutbox(dir, { to, limit: all ? undefined : 5 });
  if (!mails.length) {
    console.log(`Brak wiadomości${to ? ` do ${to}` : ""} w ${dir}.`);
    return;
  }
  for (const mail of mails.reverse()) {
    console.log(`──── ${mail.file} · ${mail.date?.toISOString() ?? ""}`);
    console.log(`Do: ${mail.toAddress}\nTemat: ${mail.subject}\n\n${mail.text.trim()}\n`);
  }
  if (!all)
    console.log(`(najnowsze ${mails.length}; wszystkie: npm run outbox -- ${to ? `${to} ` : ""}--all)`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
