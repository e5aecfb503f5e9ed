import { inArray } from "drizzle-orm";
import { type LiteralKey, type Literals, withLiteralDefaults } from "../../domain/literals";
import { LITERAL_KEYS, type LiteralsInput } from "../../domain/staff/literals";
import type { Db } from "../db/client";
import { literals } from "../db/schema/index";
import { type Actor, audit } from "./audit";

/**
 * The site's texts and contact data (spec: Literals). Saved together; each literal
 * that changed gets its own audit entry (its key is the record). The literals table feeds the page
 * cache's change notifications, so the next page rendered shows the new text.
 */
export class LiteralAdmin {
  constructor(private readonly db: Db) {}

  async get(): Promise<Literals> {
    return withLiteralDefaults(await this.db.select().from(literals));
  }

  /** Writes the literals that differ from those in force; answers how many changed. */
  async save(input: LiteralsInput, by: Actor): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.select().from(literals).where(inArray(literals.key, LITERAL_KEYS)).for("update");
      const current = withLiteralDefaults(rows);
      const changed = LITERAL_KEYS.filter((k: LiteralKey) => input[k] !== current[k]);
      for (const key of changed) {
        await tx
          .insert(literals)
          .values({ key, value: input[key] })
          .onConflictDoUpdate({ target: literals.key, set: { value: input[key] } });
        await audit(tx, by, {
          action: "literal.change",
          entity: "literal",
          entityId: key,
          before: { value: current[key] },
          after: { value: input[key] },
        });
      }
      return changed.length;
    });
  }
}
