import { desc, eq, sql } from "drizzle-orm";
import { BRAND } from "../../domain/brand";
import { DOCUMENTS, type DocumentKey, type SiteDocument } from "../../domain/documents";
import { isPdf } from "../../domain/staff/documents";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { documents } from "../db/schema/index";
import { type Actor, audit } from "./audit";
import { StaffError } from "./staff-error";

/**
 * Publishes a new version of a document, numbered after the last one (under a lock per kind, so two
 * publications never share a number). The auction rules start from version 1 of 2021 even when none
 * is stored (DEFAULT_RULES), so their first stored version is 2.
 */
export async function publishDocumentVersion(
  tx: Tx,
  doc: SiteDocument,
  file: { data: Buffer; contentType: string },
  effectiveFrom: Date,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${doc.kind}))`);
  const baseline = doc.kind === DOCUMENTS.auctionRules.kind ? 1 : 0;
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${documents.version}), ${baseline})::int` })
    .from(documents)
    .where(eq(documents.kind, doc.kind));
  const version = max + 1;
  await tx.insert(documents).values({
    kind: doc.kind,
    name: `${doc.title} ${BRAND.name} (wersja ${version}).pdf`,
    version,
    effectiveFrom,
    contentType: file.contentType,
    data: file.data,
  });
  return version;
}

/** The site's documents as the content team keeps them: versions and new ones. */
export class SiteDocuments {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Each document's versions, newest first (the last 10), and which one the site serves now. */
  async overview() {
    const rows = await this.db
      .select({
        kind: documents.kind,
        version: documents.version,
        effectiveFrom: documents.effectiveFrom,
        createdAt: documents.createdAt,
        bytes: sql<number>`octet_length(${documents.data})::int`,
      })
      .from(documents)
      .orderBy(desc(documents.version));
    const now = this.clock.now();
    return (Object.keys(DOCUMENTS) as DocumentKey[]).map((key) => {
      const versions = rows.filter((r) => r.kind === DOCUMENTS[key].kind);
      const inForce = versions
        .filter((v) => v.effectiveFrom <= now)
        .sort((a, b) => b.effectiveFrom.getTime() - a.effectiveFrom.getTime() || b.version - a.version)[0];
      return {
        key,
        ...DOCUMENTS[key],
        versions: versions.slice(0, 10).map((v) => ({ ...v, scheduled: v.effectiveFrom > now })),
        inForce: inForce?.version ?? null,
      };
    });
  }

  /** A new version from the panel: a real PDF, in force from `effectiveFrom` (null: now). */
  async publish(key: DocumentKey, data: Buffer, effectiveFrom: Date | null, by: Actor) {
    if (!isPdf(data))
      throw new StaffError(400, "To nie jest plik PDF. Wybierz dokument w formacie PDF.", "File");
    const doc = DOCUMENTS[key];
    const from = effectiveFrom && effectiveFrom > this.clock.now() ? effectiveFrom : this.clock.now();
    return this.db.transaction(async (tx) => {
      const version = await publishDocumentVersion(tx, doc, { data, contentType: "application/pdf" }, from);
      await audit(tx, by, {
        action: "document.publish",
        entity: "document",
        entityId: doc.kind,
        after: { document: doc.title, version, effectiveFrom: from.toISOString() },
      });
      return { version, effectiveFrom: from };
    });
  }
}
