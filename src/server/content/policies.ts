import { and, desc, eq, sql } from "drizzle-orm";
import {
  normalizePolicyText,
  POLICIES,
  type PolicyKind,
  type PolicyTexts,
  type PolicyVersionView,
} from "../../domain/policies";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { policyVersions } from "../db/schema/index";
import { type Actor, audit } from "../staff/audit";

/** A version as listed under the policy: its number, date and editor. */
export interface PolicyVersionEntry {
  version: number;
  createdAt: string;
  createdBy: string;
}

const view = (row: typeof policyVersions.$inferSelect): PolicyVersionView => ({
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  sections: row.sections,
});

/**
 * The privacy and cookie policies' texts as versions (ADR 055). A save that changes any section is
 * the next version, numbered under a lock per policy so two saves never share a number, with the
 * editor's name on the row and in the audit log; a save that changes nothing writes nothing. The
 * table's trigger tells the page cache, so the next page shows the new version.
 */
export class PolicyVersions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The version in force: the newest one (migration 0042 stores version 1 of each). */
  async current(kind: PolicyKind): Promise<PolicyVersionView> {
    const [row] = await this.db
      .select()
      .from(policyVersions)
      .where(eq(policyVersions.policy, kind))
      .orderBy(desc(policyVersions.version))
      .limit(1);
    if (!row) throw new Error(`No version of the ${kind} policy is stored (migration 0042).`);
    return view(row);
  }

  async version(kind: PolicyKind, version: number): Promise<PolicyVersionView | null> {
    const [row] = await this.db
      .select()
      .from(policyVersions)
      .where(and(eq(policyVersions.policy, kind), eq(policyVersions.version, version)));
    return row ? view(row) : null;
  }

  /** Every version's number and date, newest first. */
  async list(kind: PolicyKind): Promise<PolicyVersionEntry[]> {
    const rows = await this.db
      .select({
        version: policyVersions.version,
        createdAt: policyVersions.createdAt,
        createdBy: policyVersions.createdBy,
      })
      .from(policyVersions)
      .where(eq(policyVersions.policy, kind))
      .orderBy(desc(policyVersions.version));
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  }

  /** Stores the texts as the next version if any differs from the newest; answers its number, or null. */
  async save(kind: PolicyKind, input: PolicyTexts, by: Actor): Promise<number | null> {
    const keys = POLICIES[kind].sections.map((s) => s.key);
    const texts = Object.fromEntries(keys.map((k) => [k, normalizePolicyText(input[k] ?? "")]));
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`policy:${kind}`}))`);
      const [last] = await tx
        .select()
        .from(policyVersions)
        .where(eq(policyVersions.policy, kind))
        .orderBy(desc(policyVersions.version))
        .limit(1);
      const changed = keys.filter((k) => texts[k] !== normalizePolicyText(last?.sections[k] ?? ""));
      if (!changed.length) return null;
      const version = (last?.version ?? 0) + 1;
      await tx.insert(policyVersions).values({
        policy: kind,
        version,
        sections: texts,
        createdAt: this.clock.now(),
        createdBy: by.name,
      });
      const titles = new Map(POLICIES[kind].sections.map((s) => [s.key, s.title]));
      await audit(tx, by, {
        action: "policy.publish",
        entity: "policy",
        entityId: kind,
        before: { version: last?.version ?? null },
        after: { version, changed: changed.map((k) => titles.get(k)).join(", ") },
      });
      return version;
    });
  }
}
