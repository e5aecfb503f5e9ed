import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  type CalculatorProperties,
  calculateLeasing,
  calculateRent,
  checkLeasingInput,
  checkRentInput,
  type InstallmentResult,
} from "../../domain/calculator";
import { calculatorPropertiesSchema } from "../../domain/calculator-dto";
import { offers } from "../db/schema/index";
import { badRequest } from "../http/errors";
import { apiRoute } from "../http/route";
import type { Services } from "../service-types";
import type { ApiPlugin } from "./index";

const DEFAULT_MAX_PERIOD = 80;

const maxPeriod = z.coerce.number().int().min(1).max(240).default(DEFAULT_MAX_PERIOD);

const propertiesQuery = z.object({
  maxAvailableLeasingPeriod: maxPeriod,
  maxAvailableRentPeriod: maxPeriod,
});

const common = {
  AuctionId: z.number().int().positive().optional().describe("Oferta: cena netto i dostępność z katalogu"),
  Price: z.number().int().optional().describe("Cena netto w złotych, gdy nie podano AuctionId"),
  Period: z.number().int().describe("Okres w miesiącach, jeden z CalculatorProperties"),
  OwPercent: z.number().describe("Wpłata własna w procentach ceny netto"),
  AdditionalServices: z.array(z.string().max(50)).max(20).default([]).describe("Kody usług dodatkowych"),
  Insurance: z
    .enum(["financed", "outside"])
    .default("financed")
    .describe("financed: 1% ceny rocznie w racie; outside: opłata administracyjna 250 zł rocznie"),
  MaxAvailablePeriod: maxPeriod.describe("Najdłuższy okres dostępny dla oferty (domyślnie 80)"),
};

const exactlyOnePrice = (v: { AuctionId?: number; Price?: number }) =>
  (v.AuctionId === undefined) !== (v.Price === undefined);
const priceMessage = { message: "Podaj AuctionId albo Price (dokładnie jedno z nich)", path: ["Price"] };

const leasingBody = z
  .strictObject({ ...common, RvPercent: z.number().describe("Wartość wykupu w procentach ceny netto") })
  .refine(exactlyOnePrice, priceMessage);
const rentBody = z
  .strictObject({ ...common, Mileage: z.number().int().describe("Roczny limit kilometrów") })
  .refine(exactlyOnePrice, priceMessage);

const resultSchema = z.object({
  InstallmentPriceNetto: z.number().int(),
  TotalFeesPercent: z.number(),
  TotalPriceBrutto: z.number().int(),
  FinancingNetto: z.number().int(),
  ServicesNetto: z.number().int(),
  InsuranceNetto: z.number().int(),
  Ow: z.number().int(),
  OwPercent: z.number(),
  Rv: z.number().int(),
  RvPercent: z.number(),
  PriceNetto: z.number().int(),
  AuctionId: z.number().int().nullable(),
  IsLeasing: z.boolean(),
  IsNew: z.boolean().nullable(),
  Period: z.number().int(),
  Mileage: z.number().int().nullable(),
  AdditionalServices: z.array(z.string()),
  Insurance: z.enum(["financed", "outside"]),
});

/** What both calculations take from the request, besides the price. */
type CommonBody = Pick<
  z.output<typeof leasingBody>,
  "AuctionId" | "Period" | "OwPercent" | "AdditionalServices" | "Insurance"
>;

/** The input both calculators share, at the price worked on. */
const inputOf = (body: CommonBody, price: number) => ({
  PriceNetto: price,
  Period: body.Period,
  OwPercent: body.OwPercent,
  AdditionalServices: body.AdditionalServices,
  Insurance: body.Insurance,
});

/** An input the calculator's ranges refuse: 400 naming the field. */
function refuse(bad: { field: string; message: string } | null) {
  if (bad) throw badRequest(`Pole ${bad.field}: ${bad.message}`);
}

/** A calculation's answer: the result with the terms it was made on. */
const answerOf = (
  result: InstallmentResult,
  body: CommonBody,
  terms: { price: number; isNew: boolean | null; isLeasing: boolean; mileage: number | null },
) => ({
  ...result,
  PriceNetto: terms.price,
  AuctionId: body.AuctionId ?? null,
  IsLeasing: terms.isLeasing,
  IsNew: terms.isNew,
  Period: body.Period,
  Mileage: terms.mileage,
  AdditionalServices: body.AdditionalServices,
  Insurance: body.Insurance,
});

/** The price the calculator works on: an offer's current net price (discount first) or the given price. */
async function resolvePrice(
  services: Services,
  body: { AuctionId?: number; Price?: number },
  product: "leasing" | "rent",
): Promise<{ price: number; field: string; isNew: boolean | null }> {
  if (body.Price !== undefined) return { price: body.Price, field: "Price", isNew: null };
  const [o] = await services.db
    .select({
      saleType: offers.saleType,
      net: offers.totalPriceNetto,
      netDiscount: offers.totalPriceNettoDiscount,
      leasing: offers.isLeasingAvailable,
      rent: offers.isRentAvailable,
    })
    .from(offers)
    .where(eq(offers.id, body.AuctionId!))
    .limit(1);
  if (!o) throw badRequest("Pole AuctionId: nie ma oferty o tym numerze");
  if (product === "leasing" && !o.leasing)
    throw badRequest("Pole AuctionId: ta oferta nie jest dostępna w leasingu");
  if (product === "rent" && !o.rent) {
    throw badRequest("Pole AuctionId: ta oferta nie jest dostępna w najmie długoterminowym");
  }
  const price = o.netDiscount ?? o.net;
  if (!price) throw badRequest("Pole AuctionId: oferta nie ma ceny netto");
  return { price, field: "AuctionId", isNew: o.saleType === "new" };
}

function limitPeriods(p: CalculatorProperties, leasingMax: number, rentMax: number): CalculatorProperties {
  return {
    ...p,
    Leasing: { ...p.Leasing, Periods: p.Leasing.Periods.filter((x) => x <= leasingMax) },
    LongTimeRent: { ...p.LongTimeRent, Periods: p.LongTimeRent.Periods.filter((x) => x <= rentMax) },
  };
}

/** Spec section 7 "Calculator": properties and the two instalment calculations. */
export const calculatorApi: ApiPlugin = (api, { services, docs }) => {
  apiRoute(api, docs, {
    method: "GET",
    url: "/InstallmentCalculator/CalculatorProperties",
    summary: "Ustawienia kalkulatora: okresy, zakresy Ow i Rv, limity kilometrów, usługi, stawki",
    tags: ["Kalkulator"],
    query: propertiesQuery,
    response: calculatorPropertiesSchema,
    handler: async ({ query }) =>
      limitPeriods(
        await services.calculatorProperties(),
        query.maxAvailableLeasingPeriod,
        query.maxAvailableRentPeriod,
      ),
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/InstallmentCalculator/Leasing",
    summary: "Rata leasingu: annuitet od (cena − wpłata własna) z wartością wykupu na końcu",
    description:
      "Kwoty w pełnych złotych netto, zaokrąglane raz na końcu (połowa w górę). Wartości spoza zakresu dają 400 z nazwą pola.",
    tags: ["Kalkulator"],
    body: leasingBody,
    response: resultSchema,
    handler: async ({ body }) => {
      const props = await services.calculatorProperties();
      const { price, field, isNew } = await resolvePrice(services, body, "leasing");
      const input = { ...inputOf(body, price), RvPercent: body.RvPercent };
      refuse(checkLeasingInput(input, props, body.MaxAvailablePeriod, field));
      const result = calculateLeasing(input, props.Leasing, props.Insurance);
      return answerOf(result, body, { price, isNew, isLeasing: true, mileage: null });
    },
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/InstallmentCalculator/LongTimeRent",
    summary: "Rata najmu długoterminowego: utrata wartości, koszt finansowania, usługi i ubezpieczenie",
    description:
      "Wartość końcowa maleje z okresem i rocznym limitem kilometrów. Kwoty w pełnych złotych netto (połowa w górę).",
    tags: ["Kalkulator"],
    body: rentBody,
    response: resultSchema,
    handler: async ({ body }) => {
      const props = await services.calculatorProperties();
      const { price, field, isNew } = await resolvePrice(services, body, "rent");
      const input = { ...inputOf(body, price), Mileage: body.Mileage };
      refuse(checkRentInput(input, props, body.MaxAvailablePeriod, field));
      const result = calculateRent(input, props.LongTimeRent, props.Insurance);
      return answerOf(result, body, { price, isNew, isLeasing: false, mileage: body.Mileage });
    },
  });
};
