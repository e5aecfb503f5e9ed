import { and, desc, eq, lte } from "drizzle-orm";
import { DOCUMENTS } from "../../domain/documents";
import { documents } from "../db/schema/index";
import { publishDocumentVersion } from "../staff/documents";
import { AccountBase, DEFAULT_RULES } from "./base";

/** The auction rules in force and their publication (staff command). */
export class AccountRules extends AccountBase {
  /**
   * The auction rules in force: of the versions in `documents` (kept by the content area), the newest
   * one already in effect, the same one /dokumenty/regulamin-aukcji.pdf serves; with none published,
   * version 1 of 7 January 2021.
   */
  async currentRules(): Promise<{ version: number; effectiveFrom: Date; name: string | null }> {
    const [row] = await this.db
      .select({ version: documents.version, effectiveFrom: documents.effectiveFrom, name: documents.name })
      .from(documents)
      .where(
        and(eq(documents.kind, DOCUMENTS.auctionRules.kind), lte(documents.effectiveFrom, this.clock.now())),
      )
      .orderBy(desc(documents.effectiveFrom), desc(documents.version))
      .limit(1);
    return row ?? { ...DEFAULT_RULES, name: null };
  }

  /**
   * Staff command (npm run rules:publish): a new auction rules version, in force from now unless
   * given a later date. Everyone who accepted an older one gets error 100 before bidding until they
   * accept it.
   */
  async publishRules(doc: { data: Buffer; contentType: string; effectiveFrom?: Date }) {
    return this.db.transaction(async (tx) => ({
      version: await publishDocumentVersion(
        tx,
        DOCUMENTS.auctionRules,
        doc,
        doc.effectiveFrom ?? this.clock.now(),
      ),
    }));
  }
}
