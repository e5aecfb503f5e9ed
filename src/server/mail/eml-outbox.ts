import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";

/** One e-mail of the development outbox as read back from its .eml file. */
export interface OutboxMail {
  file: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string | null;
  /** Header names as written (e.g. "List-Unsubscribe-Post"), values decoded. */
  headers: Record<string, string>;
  date: Date | null;
}

/**
 * Reads the development outbox (DATA_DIR/outbox/*.eml, written by the mail worker without SMTP_URL),
 * newest first. This is how people (npm run outbox) and the journeys against the production build
 * read mail: the outbox has no HTTP route in production, so nobody outside the machine can read it.
 */
export async function readEmlOutbox(
  dir: string,
  opts: { to?: string; limit?: number } = {},
): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(".eml"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  // The worker names files by the outbox row id, zero padded: name order is sending order.
  names.sort().reverse();
  const wanted = opts.to?.toLowerCase();
  const out: OutboxMail[] = [];
  for (const name of names) {
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, name)));
    const toAddress = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [])
      .flatMap((a) => a.value.map((v) => v.address ?? ""))
      .join(", ");
    if (wanted && !toAddress.toLowerCase().split(", ").includes(wanted)) continue;
    const headers: Record<string, string> = {};
    for (const { line } of parsed.headerLines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon)] = line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim();
    }
    out.push({
      file: name,
      toAddress,
      subject: parsed.subject ?? "",
      text: parsed.text ?? "",
      html: typeof parsed.html === "string" ? parsed.html : null,
      headers,
      date: parsed.date ?? null,
    });
    if (opts.limit && out.length >= opts.limit) break;
  }
  return out;
}
