import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { staffAudit } from "../db/schema/index";
import { pageOffset } from "./list-query";

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

/** The audit log, newest first: all of it, or one record's (entity and id), a page at a time. */
export async function auditLog(
  db: Db,
  filter: { entity?: string; entityId?: string; page?: number } = {},
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where: SQL[] = [];
  if (filter.entity) where.push(eq(staffAudit.entity, filter.entity));
  if (filter.entityId) where.push(eq(staffAudit.entityId, filter.entityId));
  const condition = where.length ? and(...where) : undefined;
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
