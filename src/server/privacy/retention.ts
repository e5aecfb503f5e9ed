import { sql } from "drizzle-orm";
import { RETENTION_PERIODS } from "../../domain/privacy";
import type { Clock } from "../clock";
import { type Db, resultRows, type Tx } from "../db/client";
import { PeriodicJob } from "../periodic-job";
import { audit } from "../staff/audit";

/** What one pass erased, by kind. */
export interface RetentionPass {
  leads: number;
  alerts: number;
  chats: number;
  chatTickets: number;
  cookieChoices: number;
  /** Leasing applications that did not become contracts, with their documents and timelines. */
  leaseApplications: number;
  /** Applications that became contracts, past the years the law keeps a contract's records. */
  leaseContracts: number;
}

/** The audit log's name for the job (a change nobody made by hand). */
const THE_JOB = { id: null, name: "system (okresy przechowywania)" } as const;

/** How often the job looks; a test that moves the clock makes it look at once. */
export const RETENTION_EVERY_MS = 6 * 3_600_000;

const deleted = async (tx: Tx, query: ReturnType<typeof sql>) =>
  resultRows<{ id: number }>(await tx.execute(query)).length;

/** An application's last step: its latest timeline entry (a decision, a document), or its submission. */
const lastStep = sql`greatest(a.created_at, coalesce((select max(e.created_at) from lease_application_events e
  where e.application_id = a.id), a.created_at))`;

/**
 * Erases what is past the retention periods of the privacy policy (RETENTION_PERIODS in
 * src/domain/privacy.ts): leads after their last contact (the lead, a note on it, a change of its
 * state), alerts never confirmed or switched off, chats after their end and the messages left outside
 * the chat's hours, recorded cookie choices, leasing applications after their last step (one that
 * became a contract after the end of the years the law keeps it, counted from the end of the year of
 * its last step, in Polish time). One transaction a pass; a pass that erased anything is in the audit
 * log with its numbers.
 */
export async function eraseExpired(db: Db, now: Date): Promise<RetentionPass> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const p = RETENTION_PERIODS;
  return db.transaction(async (tx) => {
    const erasedAlerts = resultRows<{ id: number; owner_id: number }>(
      await tx.execute(sql`delete from car_alerts where (status = 'pending'
            and created_at < ${at} - make_interval(days => ${p.unconfirmedAlertDays}))
          or (status = 'deactivated'
            and deactivated_at < ${at} - make_interval(days => ${p.deactivatedAlertDays}))
          returning id, owner_id`),
    );
    const pass: RetentionPass = {
      leads: await deleted(
        tx,
        sql`delete from leads l where greatest(l.created_at, coalesce(l.status_changed_at, l.created_at),
          coalesce((select max(n.created_at) from lead_notes n where n.lead_id = l.id), l.created_at))
          < ${at} - make_interval(months => ${p.leadMonths}) returning l.id`,
      ),
      alerts: erasedAlerts.length,
      chats: await deleted(
        tx,
        sql`delete from chats where status = 'ended'
          and ended_at < ${at} - make_interval(months => ${p.chatMonths}) returning id`,
      ),
      chatTickets: await deleted(
        tx,
        sql`delete from chat_tickets where created_at < ${at} - make_interval(months => ${p.chatMonths}) returning id`,
      ),
      cookieChoices: await deleted(
        tx,
        sql`delete from consent_records
          where decided_at < ${at} - make_interval(years => ${p.cookieChoiceYears}) returning id`,
      ),
      // The timeline and the documents go with each application (their foreign keys cascade).
      leaseApplications: await deleted(
        tx,
        sql`delete from lease_applications a where a.status <> 'contract' and ${lastStep}
          < ${at} - make_interval(months => ${p.leaseApplicationMonths}) returning a.id`,
      ),
      leaseContracts: await deleted(
        tx,
        sql`delete from lease_applications a where a.status = 'contract'
          and extract(year from ${lastStep} at time zone 'Europe/Warsaw') + ${p.leaseContractYears}
            < extract(year from ${at} at time zone 'Europe/Warsaw') returning a.id`,
      ),
    };
    // An owner whose last alerts this pass erased keeps nothing worth keeping: its address goes too.
    // Only those: an owner without alerts may be one just written for an alert being created.
    const owners = [...new Set(erasedAlerts.map((a) => a.owner_id))];
    if (owners.length) {
      const ids = sql.join(
        owners.map((id) => sql`${id}`),
        sql`, `,
      );
      await tx.execute(sql`delete from car_alert_digests d where d.owner_id in (${ids}) and not exists
        (select 1 from car_alerts a where a.owner_id = d.owner_id)`);
      await tx.execute(sql`delete from car_alert_owners o where o.id in (${ids}) and not exists
        (select 1 from car_alerts a where a.owner_id = o.id)`);
    }
    if (Object.values(pass).some((n) => n > 0))
      await audit(tx, THE_JOB, {
        action: "privacy.retention",
        entity: "retention",
        entityId: now.toISOString().slice(0, 10),
        after: pass,
      });
    return pass;
  });
}

/** The periodic job of the server (started and stopped with the app). */
export function retentionJob(db: Db, clock: Clock, log: (msg: string, err?: unknown) => void) {
  return new PeriodicJob({
    name: "usuwanie danych po okresie przechowywania",
    everyMs: RETENTION_EVERY_MS,
    run: () => eraseExpired(db, clock.now()),
    log,
    passAgainIfWoken: false,
    clock,
  });
}
