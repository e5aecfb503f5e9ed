import { BRAND } from "../../domain/brand";
import { formatDateTime, formatKm, formatPercent, formatPrice, parseApiDateTime } from "../../domain/format";
import { PRODUCTS, STATEMENT_TEXTS } from "../../domain/lease-application/application";
import {
  LEGAL_FORM_NAMES,
  type LegalForm,
  VAT_STATUS_NAMES,
  type VatStatus,
} from "../../domain/lease-application/rules";
import { renderPdf } from "../content/pdf";
import type { ApplicationView } from "./view";

const when = (apiTime: string) => formatDateTime(parseApiDateTime(apiTime));

/** The application's summary as a PDF: what was applied for, by whom, the decision and its timeline. */
export function applicationSummaryPdf(v: ApplicationView): Promise<Buffer> {
  const t = v.Terms;
  const statements = Object.entries(STATEMENT_TEXTS)
    .filter(([k]) => k !== "MarketingConsent")
    .map(([, text]) => text);
  return renderPdf({
    title: `Wniosek leasingowy nr ${v.ApplicationId}`,
    subtitle: `Złożony ${when(v.CreatedAt)} · ${v.StatusName}`,
    createdAt: parseApiDateTime(v.CreatedAt),
    footer: `${BRAND.name} · wniosek nr ${v.ApplicationId}`,
    blocks: [
      { type: "heading", text: v.Decision.Title },
      ...(v.Decision.Reasons.length
        ? [
            {
              type: "list" as const,
              items: v.Decision.Reasons.map((r) =>
                r.Change ? `${r.Reason}. Co to zmieni: ${r.Change}.` : `${r.Reason}.`,
              ),
            },
          ]
        : []),
      ...(v.FinalDecision
        ? [{ type: "paragraph" as const, text: `Decyzja analityka: ${v.FinalDecision.Reason}` }]
        : []),
      { type: "heading", text: "Samochód i warunki" },
      {
        type: "table",
        rows: [
          ["Samochód", `${v.Car.MakeModel} (${v.Car.Year})`],
          ["Cena", `${formatPrice(v.Car.PriceNetto)} netto`],
          ["Forma finansowania", PRODUCTS[t.Product]],
          ["Okres umowy", `${t.Period} mies.`],
          ["Wpłata własna", formatPercent(t.OwPercent)],
          ...(t.RvPercent !== null
            ? [["Wartość wykupu", formatPercent(t.RvPercent)] as [string, string]]
            : []),
          ...(t.Mileage !== null
            ? [["Roczny limit kilometrów", formatKm(t.Mileage)] as [string, string]]
            : []),
          ["Rata miesięczna", `${formatPrice(t.InstallmentPriceNetto)} netto/mies.`],
        ],
      },
      { type: "heading", text: "Firma" },
      {
        type: "table",
        rows: [
          ["Nazwa", v.Company.CompanyName],
          ["NIP", v.Company.Nip],
          ["Adres", `${v.Company.Street}, ${v.Company.PostalCode} ${v.Company.City}`],
          ["Status VAT", VAT_STATUS_NAMES[v.Company.VatStatus as VatStatus]],
          ["Forma prawna", LEGAL_FORM_NAMES[v.Company.LegalForm as LegalForm]],
        ],
      },
      { type: "heading", text: "Osoby" },
      {
        type: "table",
        rows: [
          [
            "Wnioskodawca",
            `${v.Applicant.Name} ${v.Applicant.Surname}, ${v.Applicant.Email}, ${v.Applicant.PhoneNumber}`,
          ],
          ["Podpisze umowę", `${v.Signatory.Name} ${v.Signatory.Surname} (${v.Signatory.Position})`],
        ],
      },
      { type: "heading", text: "Przebieg" },
      {
        type: "list",
        items: v.Timeline.map((e) => `${when(e.At)} ${e.Title}${e.Note ? `: ${e.Note}` : ""}`),
      },
      { type: "heading", text: "Oświadczenia" },
      { type: "list", items: statements },
    ],
  });
}
