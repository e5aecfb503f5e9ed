import { and, asc, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import { type Db, resultRows, type Tx } from "../db/client";
import { outbox } from "../db/schema/index";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe for alert e-mails. */
  headers?: Record<string, string>;
}

/**
 * Queues an e-mail in the same transaction as the change that causes it: if the change commits, the
 * mail will be delivered (with retries); if it rolls back, no mail is sent.
 */
export async function enqueueMail(tx: Db | Tx, mail: OutgoingMail): Promise<number> {
  const result = await tx.execute(sql`${outboxInsert(mail, sql`(select 1) as one`)} returning id`);
  // bigint: node-postgres answers it as a string, PGlite as a number.
  return Number(resultRows<{ id: string | number }>(result)[0].id);
}

/**
 * The INSERT behind enqueueMail, also usable as one part of a larger statement (a data-modifying
 * CTE): the mail is inserted once for each row `source` yields, so it is queued only if the
 * statement's change happened.
 */
export function outboxInsert(mail: OutgoingMail, source: SQL): SQL {
  return sql`insert into ${outbox} (to_address, subject, text, html, headers)
    select ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${JSON.stringify(mail.headers ?? {})}::jsonb
    from ${source}`;
}

export type OutboxRow = typeof outbox.$inferSelect;

export async function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(opts.to ? sql`lower(${outbox.toAddress}) = lower(${opts.to})` : undefined)
    .orderBy(sql`${outbox.id} desc`)
    .limit(opts.limit ?? 100);
}

/** Retry delays after failed attempts: quick at first, then up to an hour, forever. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 15_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims up to `limit` due e-mails. The claim moves next_attempt_at forward (a lease), so several
 * server processes never send the same mail at once, and a process that dies mid-send only delays it.
 */
export async function claimDue(db: Db, limit = 20, leaseMs = 5 * 60_000): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    const ids = due.map((d) => d.id);
    return tx
      .update(outbox)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
      .where(sql`${outbox.id} in ${ids}`)
      .returning();
  });
}

/** Gives claimed, unsent e-mails back at once (a stopping process): another process sends them now. */
export async function releaseClaims(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(outbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(isNull(outbox.sentAt), sql`${outbox.id} in ${ids}`));
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, lastError: null })
    .where(eq(outbox.id, id));
}

export async function markFailed(db: Db, row: OutboxRow, error: string): Promise<void> {
  const attempts = row.attempts + 1;
  await db
    .update(outbox)
    .set({
      attempts,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelayMs(attempts) / 1000})`,
    })
    .where(eq(outbox.id, row.id));
}
