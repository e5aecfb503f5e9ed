import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { formatDateTime } from "../../domain/format";
import { offerPath } from "../../domain/slug";
import {
  LEAD_KIND_NAMES,
  LEAD_STATUS_NAMES,
  LEADS_PAGE_SIZE,
  type LeadKind,
  type LeadSort,
  type LeadStatus,
  type LeadView,
} from "../../domain/staff/lead-states";
import type { Sort } from "../../domain/staff/table";
import { carTitle } from "../../domain/vehicles";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { leadNotes, leads, offers, staffMembers } from "../db/schema/index";
import { storedLeadLines } from "../leads/lead-lines";
import { spreadsheetCsv } from "../spreadsheet-csv";
import { type Actor, audit } from "./audit";
import { type BulkOutcome, bulkEach, containsPattern, pageOffset, sortedBy } from "./list-query";
import { StaffError } from "./staff-error";

export interface LeadFilter {
  view: LeadView;
  kind?: LeadKind | null;
  /** "me": the member's own; "none": nobody's yet; else any. */
  assigned?: "me" | "none" | null;
  search?: string;
  page?: number;
  sort?: Sort<LeadSort> | null;
}

export interface LeadRow {
  id: number;
  kind: LeadKind;
  status: LeadStatus;
  name: string;
  phone: string;
  email: string | null;
  createdAt: Date;
  assignedTo: number | null;
  assignedName: string | null;
  offerTitle: string | null;
}

/** The most rows one CSV export holds (a year of leads is far fewer). */
const EXPORT_LIMIT = 20_000;

const rowColumns = {
  id: leads.id,
  kind: leads.kind,
  status: leads.status,
  name: sql<string>`trim(coalesce(${leads.name}, '') || ' ' || coalesce(${leads.surname}, ''))`,
  phone: leads.phoneNumber,
  email: leads.email,
  createdAt: leads.createdAt,
  assignedTo: leads.assignedTo,
  assignedName: staffMembers.name,
  offerTitle: sql<string | null>`case when ${offers.id} is null then null
    else ${offers.make} || ' ' || ${offers.model} end`,
  messageBody: leads.messageBody,
  campaignId: leads.campaignId,
};

/**
 * The panel's leads inbox: every contact question, self-financing request and
 * call-back with its status (new, in progress, closed), the sales person it is assigned to and staff
 * notes; the same filters give the CSV export. Every change is audited.
 */
export class LeadsInbox {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly clock: Clock,
  ) {}

  private where(filter: LeadFilter, me: Actor): SQL | undefined {
    const where: SQL[] = [];
    if (filter.view === "open") where.push(inArray(leads.status, ["new", "inProgress"]));
    else if (filter.view !== "all") where.push(eq(leads.status, filter.view));
    if (filter.kind) where.push(eq(leads.kind, filter.kind));
    if (filter.assigned === "me") where.push(eq(leads.assignedTo, me.id ?? -1));
    if (filter.assigned === "none") where.push(isNull(leads.assignedTo));
    const search = filter.search?.trim();
    if (search) {
      const like = containsPattern(search);
      const digits = search.replace(/[\s-]/g, "");
      where.push(
        or(
          sql`(coalesce(${leads.name}, '') || ' ' || coalesce(${leads.surname}, '')) ilike ${like}`,
          sql`${leads.email} ilike ${like}`,
          sql`replace(replace(${leads.phoneNumber}, ' ', ''), '-', '') ilike ${`%${digits}%`}`,
          /^\d+$/.test(search) ? eq(leads.id, Number(search)) : undefined,
        ) as SQL,
      );
    }
    return where.length ? and(...where) : undefined;
  }

  private rows(condition: SQL | undefined) {
    return this.db
      .select(rowColumns)
      .from(leads)
      .leftJoin(staffMembers, eq(staffMembers.id, leads.assignedTo))
      .leftJoin(offers, eq(offers.id, leads.auctionId))
      .where(condition);
  }

  /**
   * A page of the inbox in the order its address asks for; by default open leads oldest first (the
   * one waiting longest is called first), else newest first. `all`: every lead, for "12 z 340".
   */
  async list(
    filter: LeadFilter,
    me: Actor,
  ): Promise<{ rows: LeadRow[]; total: number; all: number; now: Date }> {
    const condition = this.where(filter, me);
    const open = filter.view === "open" || filter.view === "new" || filter.view === "inProgress";
    const order = sortedBy(
      filter.sort,
      {
        nr: leads.id,
        przyjete: leads.createdAt,
        kto: rowColumns.name,
        stan: leads.status,
        opiekun: staffMembers.name,
      },
      [open ? asc(leads.createdAt) : desc(leads.createdAt), open ? asc(leads.id) : desc(leads.id)],
      [filter.sort?.desc ? desc(leads.id) : asc(leads.id)],
    );
    const [rows, [{ total }], [{ all }]] = await Promise.all([
      this.rows(condition)
        .orderBy(...order)
        .limit(LEADS_PAGE_SIZE)
        .offset(pageOffset(filter.page, LEADS_PAGE_SIZE)),
      this.db.select({ total: count() }).from(leads).where(condition),
      this.db.select({ all: count() }).from(leads),
    ]);
    // `now` for the time each lead has waited, from the clock the tests move too.
    return {
      rows: rows.map(({ messageBody: _m, campaignId: _c, ...r }) => r),
      total,
      all,
      now: this.clock.now(),
    };
  }

  /** Assigns each of the leads to the member `assignedTo` (null: nobody), keeping their status (change). */
  assign(ids: number[], assignedTo: number | null, by: Actor): Promise<BulkOutcome> {
    return bulkEach(ids, async (id) => {
      const [lead] = await this.db.select({ status: leads.status }).from(leads).where(eq(leads.id, id));
      if (!lead) throw new StaffError(404, "Nie ma takiego zgłoszenia.");
      await this.change(id, { Status: lead.status, AssignedTo: assignedTo }, by);
    });
  }

  /**
   * The inbox as CSV for a spreadsheet (spreadsheetCsv: semicolons, a BOM, formulas escaped): the
   * filtered leads, newest first.
   */
  async csv(filter: LeadFilter, me: Actor): Promise<string> {
    const rows = await this.rows(this.where(filter, me))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(EXPORT_LIMIT);
    return spreadsheetCsv(
      [
        "Nr",
        "Rodzaj",
        "Stan",
        "Przyjęte",
        "Imię i nazwisko",
        "Telefon",
        "E-mail",
        "Oferta",
        "Wiadomość",
        "Opiekun",
        "Kampania",
      ],
      rows.map((r) => [
        r.id,
        LEAD_KIND_NAMES[r.kind],
        LEAD_STATUS_NAMES[r.status],
        formatDateTime(r.createdAt),
        r.name,
        r.phone,
        r.email ?? "",
        r.offerTitle ?? "",
        r.messageBody ?? "",
        r.assignedName ?? "",
        r.campaignId ?? "",
      ]),
    );
  }

  async get(id: number) {
    const [lead] = await this.db
      .select({
        lead: leads,
        assignedName: staffMembers.name,
        offer: {
          id: offers.id,
          saleType: offers.saleType,
          make: offers.make,
          model: offers.model,
          version: offers.version,
          isCertified: offers.isCertified,
        },
      })
      .from(leads)
      .leftJoin(staffMembers, eq(staffMembers.id, leads.assignedTo))
      .leftJoin(offers, eq(offers.id, leads.auctionId))
      .where(eq(leads.id, id));
    if (!lead) return null;
    const o = lead.offer?.id ? lead.offer : null;
    const offer = o
      ? {
          id: o.id,
          title: carTitle(o),
          path: offerPath(o),
          isCertified: o.isCertified,
        }
      : null;
    const notes = await this.db
      .select({
        id: leadNotes.id,
        staffName: leadNotes.staffName,
        text: leadNotes.text,
        at: leadNotes.createdAt,
      })
      .from(leadNotes)
      .where(eq(leadNotes.leadId, id))
      .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
    const { lead: l } = lead;
    return {
      id: l.id,
      kind: l.kind,
      status: l.status,
      createdAt: l.createdAt,
      statusChangedAt: l.statusChangedAt,
      assignedTo: l.assignedTo,
      assignedName: lead.assignedName,
      offer,
      lines: storedLeadLines(
        l.kind,
        l.payload,
        offer ? { ...offer, url: `${this.publicUrl}${offer.path}` } : null,
      ),
      notes,
      now: this.clock.now(),
    };
  }

  /** The members a lead may be assigned to: active admins and sales people. */
  async assignees() {
    return this.db
      .select({ id: staffMembers.id, name: staffMembers.name })
      .from(staffMembers)
      .where(and(eq(staffMembers.active, true), inArray(staffMembers.role, ["admin", "sales"])))
      .orderBy(asc(staffMembers.name));
  }

  /** A new status and/or assignee; the log keeps both before and after. */
  async change(id: number, patch: { Status: LeadStatus; AssignedTo: number | null }, by: Actor) {
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ status: leads.status, assignedTo: leads.assignedTo, assignedName: staffMembers.name })
        .from(leads)
        .leftJoin(staffMembers, eq(staffMembers.id, leads.assignedTo))
        .where(eq(leads.id, id))
        .for("update", { of: leads });
      if (!old) throw new StaffError(404, "Nie ma takiego zgłoszenia.");
      let assignedName: string | null = null;
      if (patch.AssignedTo !== null) {
        const [m] = await tx
          .select({ name: staffMembers.name })
          .from(staffMembers)
          .where(
            and(
              eq(staffMembers.id, patch.AssignedTo),
              eq(staffMembers.active, true),
              inArray(staffMembers.role, ["admin", "sales"]),
            ),
          );
        if (!m) throw new StaffError(400, "Wybierz osobę z listy.", "AssignedTo");
        assignedName = m.name;
      }
      if (old.status === patch.Status && old.assignedTo === patch.AssignedTo) return false;
      await tx
        .update(leads)
        .set({
          status: patch.Status,
          assignedTo: patch.AssignedTo,
          ...(old.status !== patch.Status ? { statusChangedAt: this.clock.now() } : {}),
          // The first step out of "new" is the contact the 4-hour promise is about; later ones keep it.
          ...(old.status === "new" && patch.Status !== "new"
            ? {
                contactedAt: sql`coalesce(${leads.contactedAt}, ${this.clock.now().toISOString()}::timestamptz)`,
              }
            : {}),
        })
        .where(eq(leads.id, id));
      await audit(tx, by, {
        action: "lead.change",
        entity: "lead",
        entityId: id,
        before: { status: old.status, assignee: old.assignedName },
        after: { status: patch.Status, assignee: assignedName },
      });
      return true;
    });
  }

  /** Takes a new lead: assigned to the member, in progress. */
  async take(id: number, by: Actor & { id: number }) {
    return this.change(id, { Status: "inProgress", AssignedTo: by.id }, by);
  }

  async addNote(id: number, text: string, by: Actor) {
    await this.db.transaction(async (tx) => {
      const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
      if (!lead) throw new StaffError(404, "Nie ma takiego zgłoszenia.");
      await tx.insert(leadNotes).values({ leadId: id, staffId: by.id, staffName: by.name, text });
      await audit(tx, by, { action: "lead.note", entity: "lead", entityId: id, after: { note: text } });
    });
  }
}
