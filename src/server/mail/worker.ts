import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Metrics } from "../metrics";
import { PeriodicJob } from "../periodic-job";
import { claimDue, markFailed, markSent, type OutboxRow, releaseClaims } from "./outbox";

export interface MailSender {
  send(row: OutboxRow): Promise<void>;
  /** Where a person reads development mail, when there is no SMTP server. */
  devOutboxDir?: string;
}

/** An outbox row as the message nodemailer sends (or writes out). */
const messageOf = (config: Config, row: OutboxRow) => ({
  from: config.MAIL_FROM,
  to: row.toAddress,
  subject: row.subject,
  text: row.text,
  html: row.html ?? undefined,
  headers: row.headers,
});

/**
 * SMTP_URL set: real delivery over SMTP. Unset: the development outbox, each mail written as an .eml
 * file under DATA_DIR/outbox (npm run outbox; listed on /dev/outbox in development), so a person can
 * read what would be sent.
 */
export function createMailSender(config: Config): MailSender {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(row) {
        await transport.sendMail(messageOf(config, row));
      },
    };
  }
  const dir = config.DATA_DIR === ":memory:" ? undefined : path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    devOutboxDir: dir,
    async send(row) {
      if (!dir) return;
      const info = await transport.sendMail(messageOf(config, row));
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${String(row.id).padStart(6, "0")}.eml`), info.message as Buffer);
    },
  };
}

/** Delivers due outbox mail: polls every `intervalMs` and at once when woken after an enqueue. */
export class MailWorker {
  private job?: PeriodicJob<void>;
  private stopping = false;

  constructor(
    private db: Db,
    private sender: MailSender,
    private log: (msg: string, err?: unknown) => void = () => {},
    private metrics?: Pick<Metrics, "mailSent" | "mailFailed">,
  ) {}

  private periodic(everyMs = 1000): PeriodicJob<void> {
    this.job ??= new PeriodicJob({ name: "wysyłka poczty", everyMs, run: () => this.drain(), log: this.log });
    return this.job;
  }

  start(intervalMs = 1000): void {
    this.periodic(intervalMs).start();
  }

  /** Runs a delivery pass now (or right after the one in progress). */
  async wake(): Promise<void> {
    await this.periodic().wake();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const batch = await claimDue(this.db);
      if (!batch.length) return;
      for (const [i, row] of batch.entries()) {
        if (this.stopping) {
          // The rest of the batch goes back to the queue now rather than after the lease (5 minutes).
          await releaseClaims(
            this.db,
            batch.slice(i).map((r) => r.id),
          );
          return;
        }
        try {
          await this.sender.send(row);
          await markSent(this.db, row.id);
          this.metrics?.mailSent();
        } catch (err) {
          this.log(`E-mail ${row.id} do ${row.toAddress} nie został dostarczony: ponowię próbę`, err);
          this.metrics?.mailFailed();
          await markFailed(this.db, row, err instanceof Error ? err.message : String(err));
        }
      }
    }
  }

  /**
   * Stops polling; the pass in progress finishes the e-mail being sent and gives the rest of its
   * claim back. A later wake() still runs a whole pass (tools and tests deliver by hand).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    try {
      await this.job?.stop();
    } finally {
      this.stopping = false;
    }
  }
}
