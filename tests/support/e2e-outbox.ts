import os from "node:os";
import path from "node:path";
import { type OutboxMail, readEmlOutbox } from "../../src/server/mail/eml-outbox";

/** The port of the journeys' production server (playwright.config.ts) and its data directory. */
export const e2ePort = (): number => Number(process.env.E2E_PORT ?? 3210);
export const e2eDataDir = (port = e2ePort()): string => path.join(os.tmpdir(), `marketplace-e2e-${port}`);

/**
 * The e-mails to one address that a production server (no /dev/outbox there) wrote into
 * DATA_DIR/outbox, newest first. The worker writes a mail just after the request that queued it
 * commits, so this waits (up to 15 s) until `until` holds (default: one mail is there); then the
 * mails are returned as they are, for the caller's assertion to report.
 */
export async function mailsTo(
  to: string,
  opts: { dataDir?: string; until?: (mails: OutboxMail[]) => boolean } = {},
): Promise<OutboxMail[]> {
  const dir = path.join(opts.dataDir ?? e2eDataDir(), "outbox");
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = await readEmlOutbox(dir, { to });
    if ((opts.until ?? ((m) => m.length > 0))(mails) || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
}
