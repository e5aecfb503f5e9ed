import { inArray } from "drizzle-orm";
import { LITERAL_DEFAULTS } from "../../domain/literals";
import type { Db } from "../db/client";
import { literals } from "../db/schema/index";

/**
 * Literal keys the lead pages read (spec: Literals, table `literals`, kept by the content area). A
 * missing key falls back to the content area's defaults (phone: the brand's number).
 */
export const LEAD_LITERAL_KEYS = ["CallButtonPhone", "FormDisclaimer"] as const;

export interface LeadLiterals {
  callButtonPhone: string;
  formDisclaimer: string;
}

export async function loadLeadLiterals(db: Db): Promise<LeadLiterals> {
  const rows = await db
    .select()
    .from(literals)
    .where(inArray(literals.key, [...LEAD_LITERAL_KEYS]));
  const get = (k: string) => rows.find((r) => r.key === k)?.value?.trim() || null;
  return {
    callButtonPhone: get("CallButtonPhone") ?? LITERAL_DEFAULTS.CallButtonPhone,
    formDisclaimer: get("FormDisclaimer") ?? LITERAL_DEFAULTS.FormDisclaimer,
  };
}
