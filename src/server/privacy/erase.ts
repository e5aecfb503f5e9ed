import { and, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import {
  accountSignInFailures,
  carAlertDigests,
  carAlertOwners,
  carAlerts,
  chats,
  chatTickets,
  leads,
  outbox,
} from "../db/schema/index";
import { eraseLeaseApplications } from "./lease-applications";

/** How many records of each kind an erasure removed (what the audit log and the queue keep). */
export interface Erased {
  Leads: number;
  Alerts: number;
  Chats: number;
  ChatTickets: number;
  Mails: number;
  LeaseApplications: number;
  /** Applications that became contracts: kept for the law, without the people (lease-applications.ts). */
  LeaseApplicationsAnonymised: number;
}

/** The numbers as the audit log keeps and names them (FIELD_NAMES of audit-labels.ts). */
export const erasedForAudit = (e: Erased) => ({
  leadsErased: e.Leads,
  alertsErased: e.Alerts,
  chatsErased: e.Chats + e.ChatTickets,
  mailsErased: e.Mails,
  leaseApplicationsErased: e.LeaseApplications,
  leaseApplicationsAnonymised: e.LeaseApplicationsAnonymised,
});

const sameEmail = (column: Parameters<typeof sql>[1], email: string) =>
  sql`lower(${column}) = lower(${email})`;

/**
 * Erases what is kept under an e-mail address: lead forms (with staff's notes), alerts (with their
 * matches and daily digests), chats (with their messages and files), messages left outside the chat's
 * hours, leasing applications (with their documents; one that became a contract only anonymised,
 * eraseLeaseApplications), the mail sent to the address and failed sign-ins with it; with `userId`
 * also the applications sent from that account. Call-back requests carry only a phone number and
 * stay. In the caller's transaction.
 */
export async function eraseEmailData(tx: Tx, email: string, userId?: number): Promise<Erased> {
  const owners = await tx
    .select({ id: carAlertOwners.id })
    .from(carAlertOwners)
    .where(sameEmail(carAlertOwners.email, email));
  const ownerIds = owners.map((o) => o.id);
  const alerts = await tx
    .delete(carAlerts)
    .where(
      ownerIds.length
        ? sql`${sameEmail(carAlerts.email, email)} or ${inArray(carAlerts.ownerId, ownerIds)}`
        : sameEmail(carAlerts.email, email),
    )
    .returning({ id: carAlerts.id });
  if (ownerIds.length) {
    await tx.delete(carAlertDigests).where(inArray(carAlertDigests.ownerId, ownerIds));
    await tx.delete(carAlertOwners).where(inArray(carAlertOwners.id, ownerIds));
  }
  const leadRows = await tx.delete(leads).where(sameEmail(leads.email, email)).returning({ id: leads.id });
  const chatRows = await tx
    .delete(chats)
    .where(sameEmail(chats.customerEmail, email))
    .returning({ id: chats.id });
  const tickets = await tx
    .delete(chatTickets)
    .where(sameEmail(chatTickets.email, email))
    .returning({ id: chatTickets.id });
  // A digest of another address may name a mail only in theory (digests go to their owner); kept safe.
  const digestMails = tx
    .select({ id: carAlertDigests.outboxId })
    .from(carAlertDigests)
    .where(isNotNull(carAlertDigests.outboxId));
  const mails = await tx
    .delete(outbox)
    .where(and(sameEmail(outbox.toAddress, email), notInArray(outbox.id, digestMails)))
    .returning({ id: outbox.id });
  await tx.delete(accountSignInFailures).where(sameEmail(accountSignInFailures.email, email));
  const applications = await eraseLeaseApplications(tx, { email, userId });
  return {
    Leads: leadRows.length,
    Alerts: alerts.length,
    Chats: chatRows.length,
    ChatTickets: tickets.length,
    Mails: mails.length,
    LeaseApplications: applications.erased,
    LeaseApplicationsAnonymised: applications.anonymised,
  };
}
