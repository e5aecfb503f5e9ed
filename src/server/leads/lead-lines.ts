import type { z } from "zod";
import { formatKm, formatPercent, formatPrice } from "../../domain/format";
import type {
  CalculatorContactFormData,
  fastCallSchema,
  SendQuestion,
  sendMarketingMailSchema,
} from "../../domain/lead-forms";
import type { MailLine } from "./mails";

/**
 * What a lead says, line by line: the sales e-mail lists these, and the panel's lead page shows the
 * same lines from the stored request, so both always tell staff the same.
 */

/** The offer a question was about, as the lines name it. */
export interface LeadOffer {
  title: string;
  url: string;
  isCertified: boolean;
}

function calculatorLines(c: CalculatorContactFormData | null | undefined): MailLine[] {
  if (!c) return [];
  return [
    ["Finansowanie", c.IsLeasing ? "leasing" : "najem długoterminowy"],
    ["Okres", `${c.Period} mies.`],
    ["Wpłata własna", `${formatPrice(c.Ow)} (${formatPercent(c.OwPercent)})`],
    [
      c.IsLeasing ? "Wartość wykupu" : "Wartość końcowa",
      `${formatPrice(c.Rv)} (${formatPercent(c.RvPercent)})`,
    ],
    ["Roczny limit kilometrów", c.Mileage ? formatKm(c.Mileage) : null],
    ["Rata miesięczna", `${formatPrice(c.InstallmentPriceNetto)} netto`],
    ["Suma opłat", formatPercent(c.TotalFeesPercent, 2)],
    ["Łącznie brutto", formatPrice(c.TotalPriceBrutto)],
    ["Usługi dodatkowe", c.AdditionalServices.join(", ") || "brak"],
  ];
}

const campaignLines = (input: {
  CampaignId?: string | null;
  ClickId?: string | null;
  AdsClickId?: string | null;
}): MailLine[] => [
  ["Kampania", input.CampaignId],
  ["Click id", input.ClickId],
  ["Ads click id", input.AdsClickId],
];

export function questionLines(input: Omit<SendQuestion, "Captcha">, offer: LeadOffer | null): MailLine[] {
  const car = input.CarDetails;
  return [
    ["Imię i nazwisko", `${input.Name} ${input.Surname}`],
    ["E-mail", input.Email],
    ["Telefon", input.PhoneNumber],
    ["Wiadomość", input.MessageBody],
    ["Oferta", offer ? `${offer.title}, ${offer.url}` : null],
    ["Certyfikowana", offer?.isCertified ? "tak" : null],
    ["Wysłać certyfikat", input.SendCertificateData ? "tak" : null],
    ["Samochód spoza oferty", car ? `${car.Make} ${car.Model}` : null],
    ["Nr rejestracyjny", car?.PlateNumber],
    ["Rok produkcji", car?.ProductionYear],
    ["Przebieg", car?.CarMileage != null ? `${car.CarMileage} km` : null],
    ["Skrzynia biegów", car?.GearBoxType],
    ["Paliwo", car?.FuelType],
    ...calculatorLines(input.CalculatorContactFormData),
    ...campaignLines(input),
  ];
}

export function selfFinancingLines(
  input: Omit<z.output<typeof sendMarketingMailSchema>, "Captcha">,
): MailLine[] {
  return [
    ["Imię i nazwisko", `${input.Name} ${input.Surname}`],
    ["E-mail", input.Email],
    ["Telefon", input.PhoneNumber],
    ["Wiadomość", input.MessageBody],
    ...campaignLines(input),
  ];
}

export function callBackLines(input: z.output<typeof fastCallSchema>): MailLine[] {
  return [
    ["Telefon", input.PhoneNumber],
    ["Temat rozmowy", input.ConversationTopic],
  ];
}

/** A stored lead's lines (its `payload` is the request as validated), empty ones left out. */
export function storedLeadLines(
  kind: "question" | "selfFinancing" | "callBack",
  payload: Record<string, unknown>,
  offer: LeadOffer | null,
): [string, string][] {
  const lines =
    kind === "question"
      ? questionLines(payload as Omit<SendQuestion, "Captcha">, offer)
      : kind === "selfFinancing"
        ? selfFinancingLines(payload as Omit<z.output<typeof sendMarketingMailSchema>, "Captcha">)
        : callBackLines(payload as z.output<typeof fastCallSchema>);
  return lines.filter(([, v]) => v !== null && v !== undefined && v !== "").map(([k, v]) => [k, String(v)]);
}
