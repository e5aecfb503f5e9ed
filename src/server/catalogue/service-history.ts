import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { ServiceVisit } from "../../domain/catalogue/service-history";
import { todayInPoland } from "../../domain/polish-time";
import type { Db, Tx } from "../db/client";
import { offerServiceVisits } from "../db/schema/index";

/**
 * The service history of an ex-lease car as the fleet system delivers it (with the offer, or later
 * in full through PUT /api/Admin/Offers/ServiceHistory): its schema, its rules of time, and its rows.
 */

export const MAX_SERVICE_VISITS = 200;

const ServiceVisitInputSchema = z.object({
  Date: z.iso.date().describe("Dzień wizyty lub odczytu licznika (RRRR-MM-DD); nie z przyszłości."),
  Mileage: z.number().int().min(0).max(2_000_000).describe("Stan licznika w km."),
  Description: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .describe("Co zrobiono, np. 'Przegląd okresowy, wymiana oleju i filtrów'."),
  Workshop: z
    .string()
    .trim()
    .max(120)
    .nullish()
    .transform((v) => v || null)
    .describe("Warsztat (opcjonalnie), np. 'ASO Volvo Auto Kraków'."),
});

export const ServiceHistorySchema = z
  .array(ServiceVisitInputSchema)
  .max(MAX_SERVICE_VISITS)
  .describe(
    `Historia serwisowa samochodu poleasingowego lub z aukcji: wizyty w serwisie i odczyty licznika, w dowolnej kolejności (strona oferty pokazuje je od najnowszej), najwyżej ${MAX_SERVICE_VISITS}. Odczyt niższy niż wcześniejszy jest przyjmowany i opisany na stronie oferty jako uwaga dla kupującego.`,
  );
export type ServiceHistoryInput = z.output<typeof ServiceHistorySchema>;

/** PUT /api/Admin/Offers/ServiceHistory: the whole history, which replaces the one stored. */
export const ServiceHistoryBodySchema = z.object({ ServiceHistory: ServiceHistorySchema });

/**
 * The history against the clock's time and the car: no visit after today (a Polish calendar day) and
 * none before the year before the car's model year (a car of 2023 may leave the factory in 2022).
 */
export function serviceHistoryIssues(
  visits: ServiceHistoryInput,
  car: { Year: number },
  now: Date,
): { path: (string | number)[]; message: string }[] {
  const today = todayInPoland(now);
  const first = `${car.Year - 1}-01-01`;
  for (const [i, v] of visits.entries()) {
    if (v.Date > today)
      return [{ path: ["ServiceHistory", i, "Date"], message: "Data wizyty nie może być z przyszłości." }];
    if (v.Date < first)
      return [
        {
          path: ["ServiceHistory", i, "Date"],
          message: `Data wizyty jest wcześniejsza niż rocznik samochodu (${car.Year}).`,
        },
      ];
  }
  return [];
}

/** Writes an offer's history in place of the one stored (inside the caller's transaction). */
export async function replaceServiceHistory(tx: Tx, offerId: number, visits: ServiceHistoryInput) {
  await tx.delete(offerServiceVisits).where(eq(offerServiceVisits.offerId, offerId));
  if (!visits.length) return;
  await tx.insert(offerServiceVisits).values(
    visits.map((v, position) => ({
      offerId,
      position,
      visitedOn: v.Date,
      mileage: v.Mileage,
      description: v.Description,
      workshop: v.Workshop,
    })),
  );
}

/** An offer's history, oldest first (visits of one day in the order given). */
export async function serviceHistoryOf(db: Db, offerId: number): Promise<ServiceVisit[]> {
  const rows = await db
    .select()
    .from(offerServiceVisits)
    .where(eq(offerServiceVisits.offerId, offerId))
    .orderBy(asc(offerServiceVisits.visitedOn), asc(offerServiceVisits.position));
  return rows.map((r) => ({
    Date: r.visitedOn,
    Mileage: r.mileage,
    Description: r.description,
    Workshop: r.workshop,
  }));
}
