import { antiSnipingText } from "../../domain/auctions/anti-sniping-text";
import { conditionGrade, conditionGradeText } from "../../domain/auctions/condition-grade";
import { REPORT_IN_PREPARATION } from "../../domain/auctions/condition-report";
import { VAT_TREATMENT_NAMES } from "../../domain/auctions/costs";
import { buyNowOpen, reserveState, UNSOLD_TEXT } from "../../domain/auctions/reserve";
import { BRAND } from "../../domain/brand";
import {
  formatCalendarDay,
  newestFirst,
  odometerDropNote,
  odometerDrops,
  type ServiceVisit,
  visitText,
} from "../../domain/catalogue/service-history";
import { capacityText, isElectric, vocabulary } from "../../domain/catalogue/vocabulary";
import { formatDateTime, formatKm, formatNumber, formatPercent, formatPrice } from "../../domain/format";
import { carTitle, VAT_RATE } from "../../domain/vehicles";
import type { Config } from "../config";
import { type PdfBlock, renderPdf } from "../content/pdf";
import type { printableAuction } from "./queries";

type Printable = Awaited<ReturnType<typeof printableAuction>>;

/** 'Historia serwisowa' as the offer page gives it: newest first, with the notes of readings that go back. */
function serviceHistoryBlocks(visits: ServiceVisit[]): PdfBlock[] {
  if (!visits.length) return [];
  return [
    { type: "heading", text: "Historia serwisowa" },
    ...odometerDrops(visits).map((d): PdfBlock => ({ type: "paragraph", text: odometerDropNote(d) })),
    {
      type: "table",
      rows: newestFirst(visits).map((v): [string, string] => [
        `${formatCalendarDay(v.Date)}, ${formatKm(v.Mileage)}`,
        visitText(v),
      ]),
    },
  ];
}

/** "Ocena stanu: 4 z 5. " by the rule of ADR 067; nothing when no part was rated. */
function gradeText(report: NonNullable<Printable["report"]>): string {
  const grade = conditionGrade({ parts: report.sections, tyres: report.tyres, damages: report.damages });
  return grade === null ? "" : `Ocena stanu: ${conditionGradeText(grade)}. `;
}

/**
 * The auction's rows: its dates and prices, the reserve as bidders know it, buy now while offered,
 * the invoicing and pick-up place, and once ended its result.
 */
function auctionRows(o: Printable["offer"], ended: boolean, price: number): [string, string][] {
  const terms = {
    reservePrice: o.reservePrice,
    buyNowPrice: o.buyNowPrice,
    bidCount: o.bidCount,
    currentPrice: price,
  };
  const reserve = reserveState(terms);
  // Ended below the reserve and not accepted by staff afterwards (that sells the car).
  const unsold = ended && o.bidCount > 0 && reserve === "notMet" && o.status !== "sold";
  return [
    ["Numer aukcji", String(o.id)],
    ["Rozpoczęcie", o.auctionStart ? formatDateTime(o.auctionStart) : "—"],
    [ended ? "Zakończenie" : "Planowane zakończenie", o.auctionEnd ? formatDateTime(o.auctionEnd) : "—"],
    ["Cena wywoławcza", `${formatPrice(o.startingPrice ?? 0)} netto`],
    ...(o.bidCount > 0
      ? [[ended ? "Cena końcowa" : "Aktualna cena", `${formatPrice(price)} netto`] as [string, string]]
      : []),
    ["Liczba ofert", formatNumber(o.bidCount)],
    // The reserve as bidders know it: reached or not, never its amount (ADR 056).
    ...(reserve === "none"
      ? []
      : [["Cena minimalna", reserve === "met" ? "osiągnięta" : "nieosiągnięta"] as [string, string]]),
    ...(!ended && o.buyNowPrice !== null && buyNowOpen(terms)
      ? [["Kup teraz", `${formatPrice(o.buyNowPrice)} netto`] as [string, string]]
      : []),
    ["Faktura", VAT_TREATMENT_NAMES[o.vatTreatment]],
    ...(o.pickUpCity && o.pickUpVoivodeship
      ? [["Miejsce odbioru", `${o.pickUpCity} (woj. ${o.pickUpVoivodeship})`] as [string, string]]
      : []),
    // The end-of-auction job's rule: sold to the top bidder whenever there is a bid at or above
    // the reserve; below it, to be negotiated.
    ...(ended
      ? [
          [
            "Wynik aukcji",
            unsold
              ? UNSOLD_TEXT
              : o.bidCount > 0
                ? "samochód sprzedany"
                : "brak ofert, samochód nie został sprzedany",
          ] as [string, string],
        ]
      : []),
  ];
}

/**
 * The printable auction offer (POST /api/OfferDetails/Auctions/PrintOffer): vehicle data, the auction
 * terms and state at the moment of printing, the technical-condition report and the service history, in Polish, on the
 * shared PDF layout (DejaVu Sans for Polish letters). Vehicle codes are printed with the names the
 * offer page shows (the shared vocabulary), the anti-sniping rule with the configured values.
 */
export function renderAuctionOfferPdf(
  { offer: o, report, serviceHistory }: Printable,
  rule: Pick<Config, "ANTI_SNIPING_WINDOW_SECONDS" | "ANTI_SNIPING_EXTENSION_SECONDS">,
  now: Date,
): Promise<Buffer> {
  const title = carTitle(o);
  const ended = o.status !== "active" || (o.auctionEnd?.getTime() ?? 0) <= now.getTime();
  const price = o.bidCount > 0 && o.currentPrice !== null ? o.currentPrice : (o.startingPrice ?? 0);
  const blocks: PdfBlock[] = [
    { type: "heading", text: "Dane pojazdu" },
    {
      type: "table",
      rows: [
        ["Marka i model", `${o.make} ${o.model}`],
        ["Wersja", o.version || "—"],
        ["Rok produkcji", String(o.year)],
        ["Przebieg", formatKm(o.mileage)],
        ["Rodzaj paliwa", vocabulary.fuelTypeName(o.fuelType)],
        ["Skrzynia biegów", vocabulary.gearBoxName(o.gearBoxType)],
        ["Nadwozie", vocabulary.bodyTypeName(o.bodyType)],
        [
          isElectric(o.fuelType) ? "Pojemność baterii" : "Pojemność silnika",
          capacityText(o.fuelType, o.engineCapacity) ?? "—",
        ],
        ["Moc", `${formatNumber(o.powerHp)} KM`],
        ["Kolor", o.color],
        ["Numer rejestracyjny", o.plateNumber ?? "—"],
        ["VIN", o.vin ?? "—"],
      ],
    },
    { type: "heading", text: "Aukcja" },
    { type: "table", rows: auctionRows(o, ended, price) },
    {
      type: "paragraph",
      text: `Aukcje są przeznaczone wyłącznie dla przedsiębiorców. Zakup za gotówkę, ceny netto (${
        o.vatTreatment === "margin"
          ? "faktura VAT-marża: do ceny samochodu nie doliczamy VAT"
          : `do ceny doliczamy ${formatPercent(VAT_RATE * 100)} VAT`
      }). ${antiSnipingText(rule.ANTI_SNIPING_WINDOW_SECONDS, rule.ANTI_SNIPING_EXTENSION_SECONDS)}`,
    },
  ];
  if (o.equipment.length)
    blocks.push({ type: "heading", text: "Wyposażenie" }, { type: "list", items: o.equipment });
  if (report) {
    blocks.push(
      { type: "heading", text: "Opis stanu technicznego" },
      {
        type: "paragraph",
        text: `${gradeText(report)}Oględziny ${formatDateTime(report.inspectedAt)}, ${report.inspector}, przebieg ${formatKm(report.mileage)}. ${report.summary}`,
      },
      {
        type: "table",
        rows: report.sections.map((s) => [s.Name, `${s.Rating}${s.Notes ? ` — ${s.Notes}` : ""}`]),
      },
      {
        type: "table",
        rows: report.tyres.map((t) => [
          `Opona: ${t.Position}`,
          `${t.Season}, bieżnik ${String(t.TreadDepthMm).replace(".", ",")} mm${t.Notes ? `, ${t.Notes}` : ""}`,
        ]),
      },
    );
    if (report.damages.length) {
      blocks.push({ type: "list", items: report.damages.map((d) => `${d.Place}: ${d.Description}`) });
    }
  } else {
    blocks.push({ type: "paragraph", text: `${REPORT_IN_PREPARATION}.` });
  }
  blocks.push(...serviceHistoryBlocks(serviceHistory));
  if (o.description)
    blocks.push({ type: "heading", text: "Opis" }, { type: "paragraph", text: o.description });
  return renderPdf({
    title,
    subtitle: `Oferta aukcyjna nr ${o.id} — stan na ${formatDateTime(now)}`,
    blocks,
    footer: `${BRAND.name} — aukcje samochodów dla przedsiębiorców`,
    createdAt: now,
  });
}
