// npm run outbox [-- address] [--all]
// Prints the newest e-mails, e.g. to find an activation or password reset link after `npm start`
// without SMTP: with the embedded database those of the development outbox (DATA_DIR/outbox/*.eml,
// written when SMTP_URL is unset); with PostgreSQL (DATABASE_URL, a cluster whose processes each have
// a DATA_DIR of their own) those of the mail queue in the database, which every process writes to.
// The outbox has no web page in production on purpose: anyone could read someone else's reset link there.
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { type Config, ConfigError, loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { outbox } from "../src/server/db/schema/index";
import { readEmlOutbox } from "../src/server/mail/eml-outbox";

interface Shown {
  where: string;
  date?: Date;
  toAddress: string;
  subject: string;
  text: string;
}

/** The mail queue of a PostgreSQL deployment, newest first (sent or still waiting). */
async function fromDatabase(config: Config, to: string | undefined, limit?: number): Promise<Shown[]> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const rows = await database.db
      .select()
      .from(outbox)
      .where(and(to ? eq(sql`lower(${outbox.toAddress})`, to.toLowerCase()) : undefined))
      .orderBy(desc(outbox.id))
      .limit(limit ?? 1_000_000);
    return rows.map((r) => ({
      where: `kolejka poczty, nr ${r.id}${r.sentAt ? "" : " (jeszcze nie wysłana)"}`,
      date: r.createdAt,
      toAddress: r.toAddress,
      subject: r.subject,
      text: r.text,
    }));
  } finally {
    await database.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const all = args.includes("--all");
  const to = args.find((a) => !a.startsWith("--"));
  const config = loadConfig();
  const limit = all ? undefined : 5;
  const dir = path.join(config.dataDir, "outbox");
  const mails: Shown[] = config.DATABASE_URL
    ? await fromDatabase(config, to, limit)
    : (await readEmlOutbox(dir, { to, limit })).map((m) => ({
        ...m,
        where: m.file,
        date: m.date ?? undefined,
      }));
  if (!mails.length) {
    console.log(
      `Brak wiadomości${to ? ` do ${to}` : ""} w ${config.DATABASE_URL ? "kolejce poczty bazy danych" : dir}.`,
    );
    // A cluster's processes each have a DATA_DIR; their mail is all in the database.
    if (!config.DATABASE_URL)
      console.log("Serwer na PostgreSQL? Ustaw DATABASE_URL: e-maile wszystkich procesów są w bazie.");
    return;
  }
  for (const mail of mails.reverse()) {
    console.log(`──── ${mail.where} · ${mail.date?.toISOString() ?? ""}`);
    console.log(`Do: ${mail.toAddress}\nTemat: ${mail.subject}\n\n${mail.text.trim()}\n`);
  }
  if (!all)
    console.log(`(najnowsze ${mails.length}; wszystkie: npm run outbox -- ${to ? `${to} ` : ""}--all)`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
