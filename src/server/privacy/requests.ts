import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { PRIVACY_EMAIL } from "../../domain/privacy";
import {
  type EmailDataCounts,
  type ErasureState,
  type ExportFormat,
  myDataLinkPath,
  oneMonthAfter,
  PRIVACY_LINK_DAYS,
  PRIVACY_LINKS_PER_DAY,
  PrivacyErrorCode,
} from "../../domain/privacy-rights";
import { randomToken, tokenHash } from "../accounts/secrets";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { privacyRequests } from "../db/schema/index";
import { ApiError } from "../http/errors";
import type { MailService } from "../service-types";
import { type Actor, audit } from "../staff/audit";
import { StaffError } from "../staff/staff-error";
import { THE_PERSON } from "./account-deletion";
import { dataCsv } from "./csv";
import { emailData } from "./data";
import { erasedForAudit, eraseEmailData } from "./erase";
import { erasureDoneMail, erasureQueuedMail, erasureRequestedMail, privacyLinkMail } from "./mails";

const DAY_MS = 24 * 3_600_000;
export const emailHashOf = (email: string) =>
  crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

type RequestRow = typeof privacyRequests.$inferSelect;

/** What the link's page shows. */
export interface LinkView {
  email: string;
  expired: boolean;
  state: ErasureState;
  dueAt: Date | null;
  completedAt: Date | null;
  counts: EmailDataCounts;
}

/** A request of the staff's queue. */
export interface QueuedRequest {
  id: number;
  email: string;
  erasureRequestedAt: Date;
  dueAt: Date;
  completedAt: Date | null;
  completedBy: string | null;
  erased: Record<string, number> | null;
  /** What is kept under the address now (requests still to do; zero for those done). */
  counts: EmailDataCounts;
}

const NO_DATA: EmailDataCounts = { Leads: 0, Alerts: 0, Chats: 0, ChatTickets: 0, LeaseApplications: 0 };

const linkInvalid = () =>
  new ApiError(
    400,
    PrivacyErrorCode.LinkInvalid,
    "Link jest nieprawidłowy albo wygasł. Poproś o nowy link na stronie Moje dane.",
  );

/**
 * Requests by e-mail (RODO arts. 15, 17, 20 for people without an account; ADR 052): a link mailed to
 * the address proves it; its page shows what is kept (GET changes nothing), downloads it and asks for
 * its erasure (POST); staff complete erasures from the panel's queue, within a month of the request.
 */
export class PrivacyRequests {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly publicUrl: string,
    private readonly clock: Clock,
  ) {}

  /**
   * POST /api/Privacy/Request: mails a link to the address, whatever it holds (the answer never tells
   * whether we keep anything under it); past PRIVACY_LINKS_PER_DAY links in a day, nothing more is sent.
   */
  async requestLink(email: string): Promise<void> {
    const now = this.clock.now();
    const hash = emailHashOf(email);
    const [{ sent }] = await this.db
      .select({ sent: count() })
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.emailHash, hash),
          gt(privacyRequests.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if (sent >= PRIVACY_LINKS_PER_DAY) return;
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await tx.insert(privacyRequests).values({
        email: email.trim(),
        emailHash: hash,
        tokenHash: tokenHash(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + PRIVACY_LINK_DAYS * DAY_MS),
      });
      await this.mail.enqueue(tx, privacyLinkMail(email.trim(), `${this.publicUrl}${myDataLinkPath(token)}`));
    });
    this.mail.wake();
  }

  private async byToken(token: string): Promise<RequestRow | null> {
    const [row] = await this.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.tokenHash, tokenHash(token)));
    return row ?? null;
  }

  /** The link's page: null for an unknown link. */
  async view(token: string): Promise<LinkView | null> {
    const row = await this.byToken(token);
    if (!row) return null;
    const expired = row.expiresAt.getTime() < this.clock.now().getTime();
    const state: ErasureState = row.completedAt ? "completed" : row.erasureRequestedAt ? "waiting" : "none";
    const counts = !expired && state !== "completed" ? await this.counts(row.email) : NO_DATA;
    return { email: row.email, expired, state, dueAt: row.dueAt, completedAt: row.completedAt, counts };
  }

  /** A link that still works, or the refusal (400, ErrorCode 72). */
  private async usable(token: string): Promise<RequestRow> {
    const row = await this.byToken(token);
    if (!row || row.completedAt || row.expiresAt.getTime() < this.clock.now().getTime()) throw linkInvalid();
    return row;
  }

  /** The download button: the data as a file, and the access recorded in the audit log. */
  async download(token: string, format: ExportFormat): Promise<{ name: string; type: string; body: string }> {
    const row = await this.usable(token);
    const data = await emailData(this.db, row.email, this.clock.now());
    await this.db.transaction(async (tx) => {
      if (!row.downloadedAt)
        await tx
          .update(privacyRequests)
          .set({ downloadedAt: this.clock.now() })
          .where(eq(privacyRequests.id, row.id));
      await audit(tx, THE_PERSON, {
        action: "privacy.access",
        entity: "privacy-request",
        entityId: row.id,
        after: { format },
      });
    });
    return format === "json"
      ? {
          name: "moje-dane.json",
          type: "application/json; charset=utf-8",
          body: JSON.stringify(data, null, 2),
        }
      : { name: "moje-dane.csv", type: "text/csv; charset=utf-8", body: dataCsv(data) };
  }

  /** The erasure button: the request joins the staff's queue, due one month later; a second click changes nothing. */
  async requestErasure(token: string): Promise<void> {
    const row = await this.usable(token);
    if (row.erasureRequestedAt) return;
    const now = this.clock.now();
    const dueAt = oneMonthAfter(now);
    await this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(privacyRequests)
        .set({ erasureRequestedAt: now, dueAt })
        .where(and(eq(privacyRequests.id, row.id), isNull(privacyRequests.erasureRequestedAt)))
        .returning({ id: privacyRequests.id });
      if (!changed) return;
      await audit(tx, THE_PERSON, {
        action: "privacy.erasure-request",
        entity: "privacy-request",
        entityId: row.id,
      });
      await this.mail.enqueue(tx, erasureRequestedMail(row.email, dueAt));
      await this.mail.enqueue(
        tx,
        erasureQueuedMail(PRIVACY_EMAIL, row.id, dueAt, `${this.publicUrl}/panel/wnioski-rodo`),
      );
    });
    this.mail.wake();
  }

  /** How many leads, alerts, chats and tickets are kept under an address. */
  private async counts(email: string): Promise<EmailDataCounts> {
    const data = await emailData(this.db, email, this.clock.now());
    return {
      Leads: data.Leads.length,
      Alerts: data.Alerts.length,
      Chats: data.Chats.length,
      ChatTickets: data.ChatTickets.length,
      LeaseApplications: data.LeaseApplications.length,
    };
  }

  /**
   * The panel's queue: erasures to do, with what each would erase now (the confirmation names it),
   * the nearest deadline first, then the latest done.
   */
  async queue(): Promise<{ open: QueuedRequest[]; done: QueuedRequest[] }> {
    const { open, done } = await this.queueRows();
    const counted = await Promise.all(open.map(async (r) => ({ ...r, counts: await this.counts(r.email) })));
    return { open: counted, done: done.map((r) => ({ ...r, counts: NO_DATA })) };
  }

  /** The panel's queue: erasures to do, the nearest deadline first, then the latest done. */
  private async queueRows() {
    const columns = {
      id: privacyRequests.id,
      email: privacyRequests.email,
      erasureRequestedAt: privacyRequests.erasureRequestedAt,
      dueAt: privacyRequests.dueAt,
      completedAt: privacyRequests.completedAt,
      completedBy: privacyRequests.completedBy,
      erased: privacyRequests.erased,
    };
    const asked = isNotNull(privacyRequests.erasureRequestedAt);
    const [open, done] = await Promise.all([
      this.db
        .select(columns)
        .from(privacyRequests)
        .where(and(asked, isNull(privacyRequests.completedAt)))
        .orderBy(asc(privacyRequests.dueAt), asc(privacyRequests.id)),
      this.db
        .select(columns)
        .from(privacyRequests)
        .where(and(asked, isNotNull(privacyRequests.completedAt)))
        .orderBy(desc(privacyRequests.completedAt))
        .limit(20),
    ]);
    type Row = Omit<QueuedRequest, "counts">;
    return { open: open as Row[], done: done as Row[] };
  }

  /**
   * Staff complete an erasure: the system erases what is kept under the address, tells the person,
   * and keeps of the request only the address's hash, the dates and the numbers erased.
   */
  async complete(id: number, by: Actor, reason: string): Promise<Record<string, number>> {
    const erased = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id)).for("update");
      if (!row?.erasureRequestedAt) throw new StaffError(404, "Nie ma takiego żądania usunięcia danych.");
      if (row.completedAt) throw new StaffError(409, "To żądanie zostało już zrealizowane.");
      const numbers = erasedForAudit(await eraseEmailData(tx, row.email));
      const now = this.clock.now();
      await tx
        .update(privacyRequests)
        .set({ completedAt: now, completedBy: by.name, erased: numbers, email: "" })
        .where(eq(privacyRequests.id, id));
      // The address's other links and requests keep it no longer; a second request waiting for the
      // same erasure is done by this one.
      await tx
        .update(privacyRequests)
        .set({ email: "" })
        .where(and(eq(privacyRequests.emailHash, row.emailHash), isNull(privacyRequests.completedAt)));
      await tx
        .update(privacyRequests)
        .set({ completedAt: now, completedBy: by.name, erased: {} })
        .where(
          and(
            eq(privacyRequests.emailHash, row.emailHash),
            isNull(privacyRequests.completedAt),
            isNotNull(privacyRequests.erasureRequestedAt),
          ),
        );
      await audit(tx, by, {
        action: "privacy.erase",
        entity: "privacy-request",
        entityId: id,
        after: { ...numbers, reason },
      });
      await this.mail.enqueue(tx, erasureDoneMail(row.email));
      return numbers;
    });
    this.mail.wake();
    return erased;
  }
}
