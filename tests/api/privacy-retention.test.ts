import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETENTION_PERIODS } from "../../src/domain/privacy";
import {
  carAlertOwners,
  carAlerts,
  chats,
  chatTickets,
  consentRecords,
  leadNotes,
  leads,
  leaseApplications,
  staffAudit,
} from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { insertLeaseApplication } from "../support/lease-application-fixtures";
import { ManualClock } from "../support/manual-clock";

// The retention job erases what is past the privacy policy's periods (RETENTION_PERIODS): leads after
// their last contact, unconfirmed and switched-off alerts, chats after their end, cookie choices; what
// is within its period stays. The job runs on the server's clock: moving it makes the job look again.

const clock = new ManualClock({ wakeJobs: true });
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ ALERTS_DIGEST_INTERVAL_MINUTES: "0" }, { clock });
});
afterAll(() => server.close());

const DAY = 24 * 3_600_000;
const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY);
const monthsAgo = (months: number, days = 0) => {
  const d = new Date(clock.now().getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return new Date(d.getTime() - days * DAY);
};

async function lead(createdAt: Date, message: string) {
  const [row] = await server.services.db
    .insert(leads)
    .values({
      kind: "question",
      email: "ktos@example.com",
      phoneNumber: "600700800",
      messageBody: message,
      payload: {},
      createdAt,
    })
    .returning({ id: leads.id });
  return row.id;
}

async function alert(
  status: "pending" | "active" | "deactivated",
  createdAt: Date,
  deactivatedAt: Date | null = null,
) {
  const { db } = server.services;
  const email = `alert-${status}-${Math.random()}@example.com`;
  const [owner] = await db.insert(carAlertOwners).values({ email }).returning();
  const [row] = await db
    .insert(carAlerts)
    .values({
      ownerId: owner.id,
      email,
      isCompany: false,
      financing: 2,
      matchKeys: ["x"],
      status,
      rulesAcceptedAt: createdAt,
      marketingAcceptedAt: createdAt,
      captchaId: `c-${Math.random()}`,
      createdAt,
      deactivatedAt,
    })
    .returning({ id: carAlerts.id });
  return row.id;
}

async function chat(endedAt: Date) {
  const [row] = await server.services.db
    .insert(chats)
    .values({
      tokenHash: `t-${Math.random()}`,
      customerName: "Ewa",
      topic: "Aukcje",
      status: "ended",
      createdAt: endedAt,
      endedAt,
    })
    .returning({ id: chats.id });
  return row.id;
}

async function cookieChoice(decidedAt: Date) {
  const [row] = await server.services.db
    .insert(consentRecords)
    .values({ anonymousId: `a-${Math.random()}`, analytics: true, marketing: false, version: 1, decidedAt })
    .returning({ id: consentRecords.id });
  return row.id;
}

/**
 * Leasing applications around their periods: refused or left waiting for documents, after their last
 * step; one that became a contract, until the end of the years the law keeps it after its decision's year.
 */
async function leaseApplicationsOfAllAges() {
  const p = RETENTION_PERIODS;
  const { db } = server.services;
  const application = (
    status: "refused" | "documents" | "review" | "contract",
    createdAt: Date,
    lastStepAt?: Date,
  ) =>
    insertLeaseApplication(db, {
      email: "ktos@example.com",
      status,
      createdAt,
      lastStepAt,
      document: "bilans.pdf",
    });
  return {
    oldRefusal: await application("refused", monthsAgo(p.leaseApplicationMonths, 1)),
    recentRefusal: await application("refused", monthsAgo(p.leaseApplicationMonths - 1)),
    abandoned: await application("documents", monthsAgo(p.leaseApplicationMonths, 1)),
    talkedAboutLately: await application("review", monthsAgo(p.leaseApplicationMonths + 2), monthsAgo(2)),
    contract: await application(
      "contract",
      monthsAgo(p.leaseApplicationMonths + 2),
      monthsAgo(p.leaseApplicationMonths, 1),
    ),
    // Decided more than the kept years before the current year began (its whole last year is over).
    contractPastItsYears: await application(
      "contract",
      monthsAgo((p.leaseContractYears + 2) * 12),
      monthsAgo((p.leaseContractYears + 1) * 12 + 1),
    ),
    contractInItsYears: await application(
      "contract",
      monthsAgo(p.leaseContractYears * 12),
      monthsAgo(p.leaseContractYears * 12 - 12),
    ),
  };
}

const ids = async <T extends { id: number }>(rows: Promise<T[]>) =>
  (await rows).map((r) => r.id).sort((a, b) => a - b);

describe("the retention job", () => {
  it("erases what is past the privacy policy's periods and keeps the rest, when the clock moves", async () => {
    const { db } = server.services;
    // The pass the server ran at its start is over before the data is written.
    await server.services.privacy.retention.wake();
    const p = RETENTION_PERIODS;
    await lead(monthsAgo(p.leadMonths, 1), "stare");
    const recentLead = await lead(monthsAgo(p.leadMonths - 1), "świeże");
    const oldButTalkedAbout = await lead(monthsAgo(p.leadMonths + 6), "z notatką");
    await db
      .insert(leadNotes)
      .values({ leadId: oldButTalkedAbout, staffName: "Ola", text: "Oddzwonić", createdAt: daysAgo(20) });
    await alert("pending", daysAgo(p.unconfirmedAlertDays + 1));
    const justMade = await alert("pending", daysAgo(p.unconfirmedAlertDays - 1));
    await alert("deactivated", daysAgo(400), daysAgo(p.deactivatedAlertDays + 1));
    const switchedOffLately = await alert("deactivated", daysAgo(400), daysAgo(2));
    const activeForYears = await alert("active", daysAgo(1000));
    await chat(monthsAgo(p.chatMonths, 1));
    const recentChat = await chat(monthsAgo(p.chatMonths - 1));
    const [ticket] = await db
      .insert(chatTickets)
      .values({
        name: "Ewa",
        email: "ktos@example.com",
        message: "Proszę o kontakt",
        createdAt: monthsAgo(p.chatMonths, 1),
      })
      .returning({ id: chatTickets.id });
    const oldChoice = await cookieChoice(monthsAgo(p.cookieChoiceYears * 12, 1));
    const recentChoice = await cookieChoice(monthsAgo(p.cookieChoiceYears * 12 - 1));
    const applications = await leaseApplicationsOfAllAges();

    // Moving the clock wakes the job (it also runs every few hours); an hour changes no period here.
    clock.advance(3_600_000);
    await expect
      .poll(() => ids(db.select({ id: leads.id }).from(leads)))
      .toEqual([recentLead, oldButTalkedAbout].sort((a, b) => a - b));
    expect(await ids(db.select({ id: carAlerts.id }).from(carAlerts))).toEqual(
      [justMade, switchedOffLately, activeForYears].sort((a, b) => a - b),
    );
    expect(await ids(db.select({ id: chats.id }).from(chats))).toEqual([recentChat]);
    expect(await db.select().from(chatTickets).where(eq(chatTickets.id, ticket.id))).toEqual([]);
    expect(
      await ids(
        db
          .select({ id: consentRecords.id })
          .from(consentRecords)
          .where(inArray(consentRecords.id, [oldChoice, recentChoice])),
      ),
    ).toEqual([recentChoice]);
    expect(
      await ids(
        db
          .select({ id: leaseApplications.id })
          .from(leaseApplications)
          .where(inArray(leaseApplications.id, Object.values(applications))),
      ),
    ).toEqual(
      [
        applications.recentRefusal,
        applications.talkedAboutLately,
        applications.contract,
        applications.contractInItsYears,
      ].sort((a, b) => a - b),
    );
    // The owners of the erased alerts went with them.
    expect((await db.select().from(carAlertOwners)).length).toBe(3);

    const [entry] = await db.select().from(staffAudit).where(eq(staffAudit.action, "privacy.retention"));
    expect(entry.after).toEqual({
      leads: 1,
      alerts: 2,
      chats: 1,
      chatTickets: 1,
      cookieChoices: 1,
      leaseApplications: 2,
      leaseContracts: 1,
    });
  });
});
