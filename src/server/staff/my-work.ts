import { type SQL, sql } from "drizzle-orm";
import type { LeadKind, LeadStatus } from "../../domain/staff/lead-states";
import { mayUse, type StaffRole } from "../../domain/staff/roles";
import { type Db, resultRows } from "../db/client";
import { users } from "../db/schema/index";
import { AWAITING_VERIFICATION } from "./bidders";

/**
 * What waits for a member, by role: the panel menu's counts, read on every navigation. Null where the
 * member's role does not work that queue (the menu shows no count there).
 */
export interface WorkCounts {
  /** New leads nobody has taken yet, and new ones assigned to the member: not yet contacted. */
  leads: number | null;
  /** Companies waiting for verification. */
  verification: number | null;
  /** Ended auctions whose sale staff have neither confirmed nor released (a winner, or a bid below the reserve). */
  decisions: number | null;
  /** Chats waiting in the queue for a consultant. */
  chats: number | null;
}

export interface WorkMember {
  id: number;
  role: StaffRole;
}

/** A lead on the start page: what it is, whose it is, and its times against the 4-hour promise. */
export interface WorkLead {
  id: number;
  kind: LeadKind;
  status: LeadStatus;
  name: string;
  phone: string;
  offerTitle: string | null;
  createdAt: Date;
  contactedAt: Date | null;
}

export interface WorkAccount {
  id: number;
  email: string;
  companyName: string | null;
  nip: string | null;
  /** Since when it waits: the registration, or the change of company data that asked for a new check. */
  since: Date;
  reverification: boolean;
}

export interface WorkAuction {
  id: number;
  title: string;
  finalPrice: number | null;
  bidCount: number;
  endedAt: Date;
  /** The highest bid stayed below the reserve: staff accept it or release the car. */
  belowReserve: boolean;
}

/** The start page's lists, each with its whole count; null where the member's role does not work it. */
export interface MyWork {
  counts: WorkCounts;
  /** The member's open leads (new and in progress), oldest first. */
  myLeads: WorkLead[] | null;
  myLeadsTotal: number;
  /** New leads nobody has taken, oldest first. */
  unassigned: WorkLead[] | null;
  unassignedTotal: number;
  accounts: WorkAccount[] | null;
  auctions: WorkAuction[] | null;
  /** When the longest-waiting chat of the queue came. */
  oldestChat: Date | null;
}

/** How many of each list the start page shows; the rest is behind the list's own link. */
export const MY_WORK_ROWS = 10;

const count = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The menu's counts for `member`, in one round trip; the queues outside the role are not counted. */
export async function workCounts(db: Db, member: WorkMember): Promise<WorkCounts> {
  const may = (area: Parameters<typeof mayUse>[1], query: SQL) =>
    mayUse(member.role, area) ? query : sql`null`;
  const [row] = resultRows<Record<keyof WorkCounts, string | number | null>>(
    await db.execute(sql`
      select
        ${may(
          "leads",
          sql`(select count(*) from leads where status = 'new'
                and (assigned_to is null or assigned_to = ${member.id}))`,
        )} as leads,
        ${may("bidders", sql`(select count(*) from ${users} where ${AWAITING_VERIFICATION})`)} as verification,
        ${may("auctions", sql`(select count(*) from auction_settlements where outcome in ('pending', 'unsold'))`)} as decisions,
        ${may("chat", sql`(select count(*) from chats where status = 'queued')`)} as chats
    `),
  );
  return {
    leads: count(row.leads),
    verification: count(row.verification),
    decisions: count(row.decisions),
    chats: count(row.chats),
  };
}

const leadColumns = sql`l.id, l.kind, l.status, l.phone_number as phone, l.created_at, l.contacted_at,
  trim(coalesce(l.name, '') || ' ' || coalesce(l.surname, '')) as name,
  case when o.id is null then null else o.make || ' ' || o.model end as offer_title`;

type LeadRow = {
  id: number | string;
  kind: LeadKind;
  status: LeadStatus;
  phone: string;
  name: string;
  offer_title: string | null;
  created_at: string | Date;
  contacted_at: string | Date | null;
};

const leadOf = (r: LeadRow): WorkLead => ({
  id: Number(r.id),
  kind: r.kind,
  status: r.status,
  name: r.name,
  phone: r.phone,
  offerTitle: r.offer_title,
  createdAt: new Date(r.created_at),
  contactedAt: r.contacted_at === null ? null : new Date(r.contacted_at),
});

async function leadsWhere(db: Db, where: SQL): Promise<{ rows: WorkLead[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db.execute(sql`select ${leadColumns} from leads l left join offers o on o.id = l.auction_id
      where ${where} order by l.created_at, l.id limit ${MY_WORK_ROWS}`),
    db
      .execute(sql`select count(*)::int as total from leads l where ${where}`)
      .then(resultRows<{ total: number }>),
  ]);
  return { rows: resultRows<LeadRow>(rows).map(leadOf), total: Number(total) };
}

async function accountsToVerify(db: Db): Promise<WorkAccount[]> {
  const rows = resultRows<{
    id: number;
    email: string;
    company_name: string | null;
    nip: string | null;
    since: string | Date;
    reverification: boolean;
  }>(
    await db.execute(sql`select id, email, company_name, nip,
        coalesce(reverification_requested_at, created_at) as since,
        reverification_requested_at is not null as reverification
      from ${users} where ${AWAITING_VERIFICATION}
      order by coalesce(reverification_requested_at, created_at), id limit ${MY_WORK_ROWS}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    companyName: r.company_name,
    nip: r.nip,
    since: new Date(r.since),
    reverification: r.reverification,
  }));
}

async function auctionsToDecide(db: Db): Promise<WorkAuction[]> {
  const rows = resultRows<{
    id: number;
    make: string;
    model: string;
    version: string;
    final_price: number | null;
    bid_count: number;
    ended_at: string | Date;
    below_reserve: boolean;
  }>(
    await db.execute(sql`select o.id, o.make, o.model, o.version, s.final_price, s.bid_count, s.ended_at,
        s.outcome = 'unsold' as below_reserve
      from auction_settlements s join offers o on o.id = s.offer_id
      where s.outcome in ('pending', 'unsold') order by s.ended_at, o.id limit ${MY_WORK_ROWS}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: [r.make, r.model, r.version].filter(Boolean).join(" "),
    finalPrice: r.final_price === null ? null : Number(r.final_price),
    bidCount: Number(r.bid_count),
    endedAt: new Date(r.ended_at),
    belowReserve: r.below_reserve,
  }));
}

async function oldestQueuedChat(db: Db): Promise<Date | null> {
  const [row] = resultRows<{ at: string | Date | null }>(
    await db.execute(sql`select min(created_at) as at from chats where status = 'queued'`),
  );
  return row.at === null ? null : new Date(row.at);
}

/** The start page of `member`: each queue their role works, oldest first, with its count. */
export async function myWork(db: Db, member: WorkMember): Promise<MyWork> {
  const leads = mayUse(member.role, "leads");
  const none = Promise.resolve(null);
  const [counts, mine, unassigned, accounts, auctions, oldestChat] = await Promise.all([
    workCounts(db, member),
    leads ? leadsWhere(db, sql`l.status in ('new', 'inProgress') and l.assigned_to = ${member.id}`) : none,
    leads ? leadsWhere(db, sql`l.status = 'new' and l.assigned_to is null`) : none,
    mayUse(member.role, "bidders") ? accountsToVerify(db) : none,
    mayUse(member.role, "auctions") ? auctionsToDecide(db) : none,
    mayUse(member.role, "chat") ? oldestQueuedChat(db) : none,
  ]);
  return {
    counts,
    myLeads: mine?.rows ?? null,
    myLeadsTotal: mine?.total ?? 0,
    unassigned: unassigned?.rows ?? null,
    unassignedTotal: unassigned?.total ?? 0,
    accounts,
    auctions,
    oldestChat,
  };
}
