import { inArray } from "drizzle-orm";
import { BRAND } from "../../domain/brand";
import type { Db } from "../db/client";
import { literals } from "../db/schema/index";

/**
 * Literal keys the lead pages read (spec: Literals, table `literals`, filled by the content area).
 * A missing key falls back to the brand constants or to the text below.
 */
export const LEAD_LITERAL_KEYS = ["CallButtonPhone", "FormDisclaimer"] as const;

export const FALLBACK_DISCLAIMER =
  `Administratorem danych osobowych podanych w formularzu jest ${BRAND.legalName} ` +
  "Dane przetwarzamy, aby odpowiedzieć na zapytanie i przygotować ofertę finansowania, a po wyrażeniu zgody także w celach marketingowych. " +
  "Zgodę można wycofać w każdej chwili. Przysługuje Ci prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, " +
  "przenoszenia i sprzeciwu oraz skargi do Prezesa Urzędu Ochrony Danych Osobowych. " +
  `Kontakt w sprawie danych: ${BRAND.email}.`;

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
    callButtonPhone: get("CallButtonPhone") ?? BRAND.phone,
    formDisclaimer: get("FormDisclaimer") ?? FALLBACK_DISCLAIMER,
  };
}
