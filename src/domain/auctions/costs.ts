import { z } from "zod";
import { formatPrice } from "../format";

/**
 * The full cost of a bid before bidding (ADR 062): the bid netto, the auction fee of its price band,
 * the delivery (transport to the bidder's voivodeship, or pick-up at the car's location for nothing)
 * and the VAT as the car is sold: with a VAT 23 % invoice on everything, or under the margin scheme
 * (VAT-marża: the car's price carries no VAT to show or deduct; the fee and transport do).
 */

export const VOIVODESHIPS = [
  "dolnośląskie",
  "kujawsko-pomorskie",
  "lubelskie",
  "lubuskie",
  "łódzkie",
  "małopolskie",
  "mazowieckie",
  "opolskie",
  "podkarpackie",
  "podlaskie",
  "pomorskie",
  "śląskie",
  "świętokrzyskie",
  "warmińsko-mazurskie",
  "wielkopolskie",
  "zachodniopomorskie",
] as const;
export type Voivodeship = (typeof VOIVODESHIPS)[number];
export const isVoivodeship = (v: string): v is Voivodeship => (VOIVODESHIPS as readonly string[]).includes(v);

export type VatTreatment = "vat23" | "margin";
export const VAT_TREATMENT_NAMES: Record<VatTreatment, string> = {
  vat23: "faktura VAT 23 %",
  margin: "faktura VAT-marża",
};

/**
 * The car's pick-up place is a town with its voivodeship, or nothing: a town alone is never shown
 * (the cost box needs both) and a voivodeship alone says nothing. One rule for the fleet API and the
 * panel's auction form.
 */
export function pickUpIssue(p: {
  city?: string | null;
  voivodeship?: string | null;
}): { field: "PickUpCity" | "PickUpVoivodeship"; message: string } | null {
  if (p.city && !p.voivodeship)
    return { field: "PickUpVoivodeship", message: "Podaj też województwo miejsca odbioru." };
  if (p.voivodeship && !p.city) return { field: "PickUpCity", message: "Podaj też miejscowość odbioru." };
  return null;
}

/** The pick-up place in words, "Gdańsk (woj. pomorskie)"; null without one (both parts are needed). */
export const pickUpPlaceText = (o: { pickUpCity: string | null; pickUpVoivodeship: string | null }) =>
  o.pickUpCity && o.pickUpVoivodeship ? `${o.pickUpCity} (woj. ${o.pickUpVoivodeship})` : null;

/** A band of the fee table: up to `upTo` zł netto (null: above every other band) the fee is `fee`. */
export interface FeeBand {
  upTo: number | null;
  fee: number;
}

/** The fee of a bid: the first band whose limit it does not exceed (bands in rising order). */
export function auctionFee(bid: number, bands: readonly FeeBand[]): number {
  for (const b of bands) if (b.upTo === null || bid <= b.upTo) return b.fee;
  return bands.at(-1)?.fee ?? 0;
}

export interface CostLines {
  bid: number;
  fee: number;
  transport: number;
  /** Netto of what the VAT is counted on, and the VAT. */
  vat: number;
  totalNetto: number;
  totalBrutto: number;
}

const VAT = 0.23;

export function fullCost(
  bid: number,
  o: { bands: readonly FeeBand[]; transport: number; vat: VatTreatment },
): CostLines {
  return costLines(bid, { fee: auctionFee(bid, o.bands), transport: o.transport, vat: o.vat });
}

/** The same lines with the fee already known (a pro-forma keeps the fee it was issued with). */
export function costLines(bid: number, o: { fee: number; transport: number; vat: VatTreatment }): CostLines {
  const taxed = o.vat === "vat23" ? bid + o.fee + o.transport : o.fee + o.transport;
  const vat = Math.round(taxed * VAT);
  const totalNetto = bid + o.fee + o.transport;
  return { bid, fee: o.fee, transport: o.transport, vat, totalNetto, totalBrutto: totalNetto + vat };
}

/** "do 20 000 zł", "powyżej 50 000 zł": a band's words in the panel and the cost box. */
export function bandName(bands: readonly FeeBand[], i: number): string {
  const b = bands[i];
  if (b.upTo !== null) return `do ${formatPrice(b.upTo)}`;
  const below = bands[i - 1]?.upTo;
  return below ? `powyżej ${formatPrice(below)}` : "każda kwota";
}

/**
 * The fee table as staff type it: one band a line, "20000: 500" (up to 20 000 zł the fee is 500 zł),
 * the last line "*: 2500" for every higher price. Limits rise; the last band has no limit.
 */
export function parseFeeBands(text: string): { bands: FeeBand[] } | { error: string } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) return { error: "Podaj co najmniej jeden próg opłaty" };
  const bands: FeeBand[] = [];
  for (const [i, line] of lines.entries()) {
    const m = /^(\*|\d[\d\s]*)\s*:\s*(\d[\d\s]*)$/.exec(line);
    if (!m) return { error: `Wiersz ${i + 1}: zapisz go jako „20000: 500” albo „*: 2500”` };
    const upTo = m[1] === "*" ? null : Number(m[1].replace(/\s/g, ""));
    const fee = Number(m[2].replace(/\s/g, ""));
    if (fee > 1_000_000) return { error: `Wiersz ${i + 1}: opłata jest za duża` };
    if (upTo === null && i !== lines.length - 1)
      return { error: "Próg „*” (każda wyższa cena) musi być ostatni" };
    const before = bands.at(-1)?.upTo;
    if (upTo !== null && before !== undefined && before !== null && upTo <= before)
      return { error: `Wiersz ${i + 1}: progi muszą rosnąć` };
    bands.push({ upTo, fee });
  }
  if (bands.at(-1)?.upTo !== null) return { error: "Ostatni wiersz to „*: opłata” dla każdej wyższej ceny" };
  return { bands };
}

export const feeBandsText = (bands: readonly FeeBand[]) =>
  bands.map((b) => `${b.upTo === null ? "*" : b.upTo}: ${b.fee}`).join("\n");

/** The panel's form of the cost tables: the fee table as text, and a price for each voivodeship (T0…T15). */
export const costTablesFormSchema = z
  .object({
    FeeBands: z.string({ error: "Podaj tabelę opłat" }).trim().min(1, "Podaj tabelę opłat"),
    ...Object.fromEntries(
      VOIVODESHIPS.map((_, i) => [
        `T${i}`,
        z.coerce
          .number({ error: "Podaj cenę transportu" })
          .int("Podaj pełne złote")
          .min(0, "Cena nie może być ujemna")
          .max(100_000, "Cena jest za duża"),
      ]),
    ),
  })
  .superRefine((v, ctx) => {
    const parsed = parseFeeBands(String(v.FeeBands));
    if ("error" in parsed) ctx.addIssue({ code: "custom", path: ["FeeBands"], message: parsed.error });
  });

/** The tables the panel's form holds, once the schema has checked it. */
export function costTablesFromForm(v: Record<string, unknown>) {
  const parsed = parseFeeBands(String(v.FeeBands));
  return {
    bands: "bands" in parsed ? parsed.bands : [],
    transport: VOIVODESHIPS.map((voivodeship, i) => ({ voivodeship, price: Number(v[`T${i}`]) })),
  };
}
