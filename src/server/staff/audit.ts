import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { AUDIT_ACTIONS } from "../../domain/staff/audit-labels";
import type { Db, Tx } from "../db/client";
import { staffAudit } from "../db/schema/index";
import { containsPattern, pageOffset } from "./list-query";

/** Who made a change: a signed-in member, or the command line (npm run staff:add). */
export interface Actor {
  id: number | null;
  name: string;
}
export const COMMAND_LINE: Actor = { id: null, name: "wiersz poleceń" };

export interface AuditEntry {
  id: number;
  at: Date;
  staffName: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** Records one change in the same transaction as the change itself: no change without its entry. */
export async function audit(
  tx: Db | Tx,
  by: Actor,
  change: { action: string; entity: string; entityId: string | number; before?: unknown; after?: unknown },
): Promise<void> {
  await tx.insert(staffAudit).values({
    staffId: by.id,
    staffName: by.name,
    action: change.action,
    entity: change.entity,
    entityId: String(change.entityId),
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** Which entries of the log to show: each given part narrows it. */
export interface AuditFilter {
  /** The kind of record (offer, lead…) and, with it, its number. */
  entity?: string | null;
  entityId?: string | null;
  /** The member who made the change. */
  staffId?: number | null;
  action?: string | null;
  /** From this moment, and before that one. */
  from?: Date | null;
  to?: Date | null;
  /** Words found in who, what, the record's number or the values before and after. */
  search?: string;
  page?: number;
}

/**
 * The text an entry is searched in; the same expression as the trigram index of migration 0047, so a
 * search on a large log reads the index, not every entry.
 */
const searchedText = sql`(${staffAudit.staffName} || ' ' || ${staffAudit.action} || ' ' || ${staffAudit.entityId} || ' ' || coalesce(${staffAudit.before}::text, '') || ' ' || coalesce(${staffAudit.after}::text, ''))`;

function auditWhere(filter: AuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.entity) where.push(eq(staffAudit.entity, filter.entity));
  if (filter.entityId) where.push(eq(staffAudit.entityId, filter.entityId));
  if (filter.staffId) where.push(eq(staffAudit.staffId, filter.staffId));
  if (filter.action) where.push(eq(staffAudit.action, filter.action));
  if (filter.from) where.push(gte(staffAudit.at, filter.from));
  if (filter.to) where.push(lt(staffAudit.at, filter.to));
  const search = filter.search?.trim();
  if (search) {
    // An action is found by its Polish name too ("wycofano" finds offer.withdraw).
    const named = Object.entries(AUDIT_ACTIONS)
      .filter(([, name]) => name.toLowerCase().includes(search.toLowerCase()))
      .map(([action]) => action);
    where.push(
      or(
        sql`${searchedText} ilike ${containsPattern(search)}`,
        named.length ? inArray(staffAudit.action, named) : undefined,
      ) as SQL,
    );
  }
  return where.length ? and(...where) : undefined;
}

/** The audit log, newest first, as `filter` narrows it, a page at a time. */
export async function auditLog(
  db: Db,
  filter: AuditFilter = {},
): Promise<{ entries: AuditEntry[]; total: number }> {
  const condition = auditWhere(filter);
  const [entries, [{ total }]] = await Promise.all([
    db
      .select({
        id: staffAudit.id,
        at: staffAudit.at,
        staffName: staffAudit.staffName,
        action: staffAudit.action,
        entity: staffAudit.entity,
        entityId: staffAudit.entityId,
        before: staffAudit.before,
        after: staffAudit.after,
      })
      .from(staffAudit)
      .where(condition)
      .orderBy(desc(staffAudit.at), desc(staffAudit.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset(pageOffset(filter.page, AUDIT_PAGE_SIZE)),
    db.select({ total: count() }).from(staffAudit).where(condition),
  ]);
  return { entries, total };
}
