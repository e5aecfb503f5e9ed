import { and, count, desc, eq, gt, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { MAIL_PAGE_SIZE, type MailState } from "../../domain/staff/outbox-states";
import type { Db } from "../db/client";
import { outbox } from "../db/schema/index";
import { enqueueMail } from "../mail/outbox";
import type { MailService } from "../service-types";
import { type Actor, audit } from "./audit";
import { containsPattern, pageOffset } from "./list-query";
import { StaffError } from "./staff-error";

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
}

/**
 * The e-mail outbox as staff see it: every queued e-mail with its delivery state
 * (sent, waiting, failing with the server's last answer), and resend. The bodies are not shown: they
 * hold people's activation and password links, which are theirs alone.
 */
export class MailOutbox {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
  ) {}

  async list(opts: { state: MailState; search?: string; page?: number }) {
    const where: SQL[] = [];
    if (opts.state === "sent") where.push(isNotNull(outbox.sentAt));
    if (opts.state === "waiting") where.push(and(isNull(outbox.sentAt), eq(outbox.attempts, 0)) as SQL);
    if (opts.state === "failing") where.push(and(isNull(outbox.sentAt), gt(outbox.attempts, 0)) as SQL);
    const search = opts.search?.trim();
    if (search) {
      const like = containsPattern(search);
      where.push(or(sql`${outbox.toAddress} ilike ${like}`, sql`${outbox.subject} ilike ${like}`) as SQL);
    }
    const condition = where.length ? and(...where) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          id: outbox.id,
          to: outbox.toAddress,
          subject: outbox.subject,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
          attempts: outbox.attempts,
          lastError: outbox.lastError,
          nextAttemptAt: outbox.nextAttemptAt,
        })
        .from(outbox)
        .where(condition)
        .orderBy(desc(outbox.id))
        .limit(MAIL_PAGE_SIZE)
        .offset(pageOffset(opts.page, MAIL_PAGE_SIZE)),
      this.db.select({ total: count() }).from(outbox).where(condition),
    ]);
    return { rows: rows as OutboxEntry[], total };
  }

  /**
   * Sends an e-mail again: one not delivered yet is tried now (not after its back-off); one delivered
   * is queued once more as a copy (the person says it never arrived).
   */
  async resend(id: number, by: Actor): Promise<{ to: string; copy: boolean }> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for("update");
      if (!row) throw new StaffError(404, "Nie ma takiej wiadomości.");
      const copy = row.sentAt !== null;
      if (copy) {
        await enqueueMail(tx, {
          to: row.toAddress,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          headers: row.headers,
        });
      } else {
        // The database's clock, as the delivery's claim compares with it.
        await tx.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id));
      }
      await audit(tx, by, {
        action: "mail.resend",
        entity: "mail",
        entityId: id,
        after: { to: row.toAddress, subject: row.subject },
      });
      return { to: row.toAddress, copy };
    });
    this.mail.wake();
    return outcome;
  }
}
