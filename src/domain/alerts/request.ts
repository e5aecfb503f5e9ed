import { z } from "zod";
import { ALERT_MESSAGES, type AlertCriteria, activeBounds, BuyerType, Financing } from "./wizard";

/**
 * The alert request of POST /api/CarAlert (spec section 3), shared by the wizard and the server.
 * Bounds are whole złoty, 0 when unused. As everywhere in the catalogue (spec section 9), a company
 * (IsCompany true) states netto cash prices and a private person brutto; instalments are for
 * companies only and netto. The contract's names (InstallmentBrutto*, TotalPriceBrutto*) say brutto
 * even where a company sends netto; clients written against it keep working. New clients send what
 * the amount is: InstallmentNetto* and, for a company, TotalPriceNetto*; a private person's cash
 * bounds stay TotalPriceBrutto* (they are brutto). The server folds the netto names into the
 * contract's before anything else reads the request (ADR 030).
 * RulesAccepted, MarketingAccepted and Captcha are ours: page 5 asks for them and the server records
 * the consents and checks the robot test.
 */

/** A usual e-mail address: local part, @, domain labels and a top-level domain of 2+ letters. */
export const ALERT_EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

export const isAlertEmail = (email: string): boolean =>
  email.length <= EMAIL_MAX_LENGTH && ALERT_EMAIL_PATTERN.test(email);

/** Largest bound: nine digits, as the wizard's inputs allow. */
export const MAX_BOUND = 999_999_999;

const bound = z.number().int().min(0).max(MAX_BOUND).default(0);
const nettoBound = z.number().int().min(0).max(MAX_BOUND).optional();

/** Each amount named for what it holds, and the contract's name it stands for. */
const NETTO_NAMES = {
  InstallmentNettoFrom: "InstallmentBruttoFrom",
  InstallmentNettoTo: "InstallmentBruttoTo",
  TotalPriceNettoFrom: "TotalPriceBruttoFrom",
  TotalPriceNettoTo: "TotalPriceBruttoTo",
} as const;
type NettoName = keyof typeof NETTO_NAMES;
const optionList = (max: number) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(40)
        .regex(/^[\p{L}\p{N}][\p{L}\p{N} .+-]*$/u, "Nieprawidłowa wartość"),
    )
    .max(max)
    .default([]);

export const CarAlertRequestSchema = z
  .object({
    InstallmentBruttoFrom: bound.describe(
      "Rata miesięczna od (zł netto, tylko firma); 0 gdy bez ograniczenia.",
    ),
    InstallmentBruttoTo: bound.describe("Rata miesięczna do; 0 gdy bez ograniczenia."),
    TotalPriceBruttoFrom: bound.describe(
      "Cena zakupu od (zł; netto dla firmy, brutto dla osoby prywatnej); 0 gdy bez ograniczenia.",
    ),
    TotalPriceBruttoTo: bound.describe("Cena zakupu do; 0 gdy bez ograniczenia."),
    InstallmentNettoFrom: nettoBound.describe(
      "Rata miesięczna od, zł netto (tylko firma); zamiast InstallmentBruttoFrom.",
    ),
    InstallmentNettoTo: nettoBound.describe("Rata miesięczna do, zł netto; zamiast InstallmentBruttoTo."),
    TotalPriceNettoFrom: nettoBound.describe(
      "Cena zakupu od, zł netto (tylko firma); zamiast TotalPriceBruttoFrom.",
    ),
    TotalPriceNettoTo: nettoBound.describe(
      "Cena zakupu do, zł netto (tylko firma); zamiast TotalPriceBruttoTo.",
    ),
    BodyTypes: optionList(20).describe("Typy nadwozia (Value z GET /api/CarAlert)."),
    FuelTypes: optionList(20).describe("Rodzaje paliwa (Value), np. 'EL'."),
    GearboxTypes: optionList(10).describe("Skrzynie biegów (Value)."),
    Makes: optionList(100).describe("Marki, np. ['Audi', 'Toyota']."),
    Email: z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, ALERT_MESSAGES.badEmail)
      .regex(ALERT_EMAIL_PATTERN, ALERT_MESSAGES.badEmail),
    IsCompany: z.boolean().describe("Kupujący: firma (true) lub osoba prywatna (false)."),
    RulesAccepted: z.literal(true, ALERT_MESSAGES.consentRequired).describe("Zgoda na regulamin."),
    MarketingAccepted: z
      .literal(true, ALERT_MESSAGES.consentRequired)
      .describe("Zgoda na otrzymywanie ofert e-mailem."),
    Captcha: z.string().min(1, ALERT_MESSAGES.captcha).max(20_000).describe("Rozwiązanie ALTCHA (base64)."),
  })
  .strict()
  .superRefine((r, ctx) => {
    for (const [netto, contract] of Object.entries(NETTO_NAMES) as [NettoName, string][]) {
      if (r[netto] === undefined) continue;
      if (netto.startsWith("TotalPrice") && !r.IsCompany) {
        ctx.addIssue({
          code: "custom",
          path: [netto],
          message: `cenę netto podaje tylko firma; osoba prywatna podaje cenę brutto w polu ${contract}`,
        });
      } else if ((r as Record<string, unknown>)[contract]) {
        ctx.addIssue({
          code: "custom",
          path: [netto],
          message: `podaj tę kwotę raz: w tym polu albo w ${contract}`,
        });
      }
    }
  })
  .transform(
    ({ InstallmentNettoFrom, InstallmentNettoTo, TotalPriceNettoFrom, TotalPriceNettoTo, ...r }) => ({
      ...r,
      InstallmentBruttoFrom: InstallmentNettoFrom ?? r.InstallmentBruttoFrom,
      InstallmentBruttoTo: InstallmentNettoTo ?? r.InstallmentBruttoTo,
      TotalPriceBruttoFrom: TotalPriceNettoFrom ?? r.TotalPriceBruttoFrom,
      TotalPriceBruttoTo: TotalPriceNettoTo ?? r.TotalPriceBruttoTo,
    }),
  )
  .superRefine((r, ctx) => {
    const inst = r.InstallmentBruttoFrom > 0 || r.InstallmentBruttoTo > 0;
    const cash = r.TotalPriceBruttoFrom > 0 || r.TotalPriceBruttoTo > 0;
    if (inst && !r.IsCompany) {
      ctx.addIssue({
        code: "custom",
        path: ["InstallmentBruttoFrom"],
        message: "Rata miesięczna jest dostępna tylko przy zakupie na firmę",
      });
    }
    if (inst && cash) {
      ctx.addIssue({
        code: "custom",
        path: ["TotalPriceBruttoFrom"],
        message: "Podaj przedział ceny albo raty miesięcznej, nie oba naraz",
      });
    }
    const reversed = (from: number, to: number) => from > 0 && to > 0 && from > to;
    if (reversed(r.InstallmentBruttoFrom, r.InstallmentBruttoTo)) {
      ctx.addIssue({
        code: "custom",
        path: ["InstallmentBruttoFrom"],
        message: ALERT_MESSAGES.rangeReversed,
      });
    }
    if (reversed(r.TotalPriceBruttoFrom, r.TotalPriceBruttoTo)) {
      ctx.addIssue({ code: "custom", path: ["TotalPriceBruttoFrom"], message: ALERT_MESSAGES.rangeReversed });
    }
    if (
      !inst &&
      !cash &&
      !r.BodyTypes.length &&
      !r.FuelTypes.length &&
      !r.GearboxTypes.length &&
      !r.Makes.length
    ) {
      ctx.addIssue({ code: "custom", path: [], message: ALERT_MESSAGES.noCriteria });
    }
  });

export type CarAlertRequest = z.output<typeof CarAlertRequestSchema>;
export type CarAlertRequestInput = z.input<typeof CarAlertRequestSchema>;

export type AlertContact = {
  email: string;
  rulesAccepted: boolean;
  marketingAccepted: boolean;
  /** The solved robot check, or "" while unsolved. */
  captcha: string;
};

/** Page 5's messages by the field they belong to. */
export type ContactErrors = Partial<Record<keyof AlertContact, string>>;

/** Page 5 inline errors (spec section 5), each under its own field. */
export function contactErrors(c: AlertContact): ContactErrors {
  const errors: ContactErrors = {};
  if (!isAlertEmail(c.email.trim())) errors.email = ALERT_MESSAGES.badEmail;
  if (!c.rulesAccepted) errors.rulesAccepted = ALERT_MESSAGES.consentRequired;
  if (!c.marketingAccepted) errors.marketingAccepted = ALERT_MESSAGES.consentRequired;
  if (!c.captcha) errors.captcha = ALERT_MESSAGES.captcha;
  return errors;
}

/** The request the wizard sends: only the bounds of the chosen financing, the rest 0. */
export type AlertRequestDraft = Omit<CarAlertRequestInput, "RulesAccepted" | "MarketingAccepted"> & {
  RulesAccepted: boolean;
  MarketingAccepted: boolean;
};

export function toAlertRequest(c: AlertCriteria, contact: AlertContact): AlertRequestDraft {
  const { from, to, kind } = activeBounds(c);
  return {
    InstallmentBruttoFrom: kind === "installment" ? from : 0,
    InstallmentBruttoTo: kind === "installment" ? to : 0,
    TotalPriceBruttoFrom: kind === "cash" ? from : 0,
    TotalPriceBruttoTo: kind === "cash" ? to : 0,
    BodyTypes: c.bodyTypes,
    FuelTypes: c.fuelTypes,
    GearboxTypes: c.gearboxTypes,
    Makes: c.makes,
    Email: contact.email.trim(),
    IsCompany: c.buyerType !== BuyerType.private,
    RulesAccepted: contact.rulesAccepted,
    MarketingAccepted: contact.marketingAccepted,
    Captcha: contact.captcha,
  };
}

/** How an alert pays, read back from a request: 1 instalment, 2 cash, 0 any (no bounds given). */
export function financingOf(
  r: Pick<
    CarAlertRequest,
    "InstallmentBruttoFrom" | "InstallmentBruttoTo" | "TotalPriceBruttoFrom" | "TotalPriceBruttoTo"
  >,
): Financing {
  if (r.InstallmentBruttoFrom > 0 || r.InstallmentBruttoTo > 0) return Financing.installment;
  if (r.TotalPriceBruttoFrom > 0 || r.TotalPriceBruttoTo > 0) return Financing.cash;
  return Financing.unset;
}
