import type { CostLines } from "../../domain/auctions/costs";
import { BRAND } from "../../domain/brand";
import { formatDate, formatDateTime, formatKm, formatPrice } from "../../domain/format";
import { carTitle } from "../../domain/vehicles";
import { type PdfBlock, renderPdf } from "../content/pdf";
import type { offers, users } from "../db/schema/index";

/** Days the winner has to pay, as the auction rules and the winner's page say (AuctionWonPayment). */
const PAYMENT_DAYS = 7;

/**
 * The pro-forma invoice of a won auction (ADR 066) on the shared PDF layout: the buyer's company data
 * from their account, the car, the final price netto, the auction fee and the transport as issued,
 * and the VAT as the car is invoiced: 23 % on everything, or under the margin scheme only on the fee
 * and transport (the car's price carries no VAT to show or deduct).
 */
export function renderProFormaPdf(p: {
  offer: typeof offers.$inferSelect;
  buyer: typeof users.$inferSelect | undefined;
  number: string;
  issuedAt: Date;
  lines: CostLines;
  delivery: string;
}): Promise<Buffer> {
  const { offer: o, buyer: b, lines } = p;
  const margin = o.vatTreatment === "margin";
  const due = new Date(p.issuedAt.getTime() + PAYMENT_DAYS * 86_400_000);
  const address = b
    ? [b.street, [b.postalCode, b.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")
    : "";
  const blocks: PdfBlock[] = [
    { type: "heading", text: "Sprzedawca" },
    {
      type: "table",
      rows: [
        ["Nazwa", BRAND.legalName],
        ["Kontakt", `${BRAND.auctionEmail}, ${BRAND.auctionPhone}`],
      ],
    },
    { type: "heading", text: "Nabywca" },
    {
      type: "table",
      rows: [
        ["Firma", b?.companyName || "—"],
        ["NIP", b?.nip || "—"],
        ...(b?.regon ? [["REGON", b.regon] as [string, string]] : []),
        ["Adres", address || "—"],
      ],
    },
    { type: "heading", text: "Przedmiot sprzedaży" },
    {
      type: "table",
      rows: [
        ["Samochód", carTitle(o)],
        ["Rok produkcji", String(o.year)],
        ["Przebieg", formatKm(o.mileage)],
        ["VIN", o.vin ?? "—"],
        ["Numer rejestracyjny", o.plateNumber ?? "—"],
        ["Aukcja", `nr ${o.id}, zakończona ${o.auctionEnd ? formatDateTime(o.auctionEnd) : "—"}`],
        ["Odbiór", p.delivery],
      ],
    },
    { type: "heading", text: "Kwoty" },
    {
      type: "table",
      rows: [
        ["Cena samochodu (cena końcowa aukcji) netto", formatPrice(lines.bid)],
        ["Opłata aukcyjna netto", formatPrice(lines.fee)],
        ["Transport netto", lines.transport ? formatPrice(lines.transport) : "— (odbiór własny)"],
        ["Razem netto", formatPrice(lines.totalNetto)],
        [margin ? "VAT 23 % od opłaty i transportu" : "VAT 23 %", formatPrice(lines.vat)],
        ["Do zapłaty brutto", formatPrice(lines.totalBrutto)],
      ],
    },
    {
      type: "paragraph",
      text: margin
        ? "Samochód jest sprzedawany w procedurze VAT-marża: jego cena nie zawiera VAT do wykazania ani odliczenia. VAT 23 % doliczamy do opłaty aukcyjnej i transportu."
        : "Samochód jest sprzedawany z fakturą VAT 23 %: VAT doliczamy do ceny samochodu, opłaty aukcyjnej i transportu.",
    },
    {
      type: "paragraph",
      text: `Termin płatności: ${formatDate(due)} (${PAYMENT_DAYS} dni od wystawienia). Zapłata przelewem, w tytule numer ${p.number}. Faktura pro forma nie jest fakturą VAT: po zaksięgowaniu wpłaty wystawimy fakturę ${margin ? "VAT-marża" : "VAT"}.`,
    },
  ];
  return renderPdf({
    title: `Faktura pro forma nr ${p.number}`,
    subtitle: `Wystawiona ${formatDateTime(p.issuedAt)}`,
    blocks,
    footer: `${BRAND.legalName} — aukcje samochodów dla przedsiębiorców`,
    createdAt: p.issuedAt,
  });
}
