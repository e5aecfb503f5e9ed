import { useId, useState } from "react";
import {
  bandName,
  type FeeBand,
  fullCost,
  VAT_TREATMENT_NAMES,
  type VatTreatment,
  type Voivodeship,
} from "../../../domain/auctions/costs";
import { formatPrice } from "../../../domain/format";

/** What the cost box counts with: the fee table, transport prices, the car's invoicing and pick-up place. */
export interface CostFacts {
  bands: FeeBand[];
  transport: { voivodeship: Voivodeship; price: number }[];
  vat: VatTreatment;
  pickUp: { City: string; Voivodeship: string } | null;
}

const PICK_UP = "odbior";

/**
 * The full cost of the amount in the bid box, as the bidder types it (ADR 062): the bid, the auction
 * fee of its band, delivery (pick-up at the car's place for nothing, or transport to a voivodeship),
 * the VAT as the car is invoiced, and the total brutto.
 */
export function CostBox({ amount, facts }: { amount: number | null; facts: CostFacts }) {
  const id = useId();
  const [delivery, setDelivery] = useState<string>(PICK_UP);
  const transport = facts.transport.find((t) => t.voivodeship === delivery)?.price ?? 0;
  const cost =
    amount && amount > 0 ? fullCost(amount, { bands: facts.bands, transport, vat: facts.vat }) : null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-3 rounded-md border border-slate-200 bg-white p-3 text-sm"
      data-testid="cost-box"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Koszt całkowity
      </h3>
      <label htmlFor={`${id}-delivery`} className="mt-2 block text-slate-700">
        Odbiór samochodu
      </label>
      <select
        id={`${id}-delivery`}
        value={delivery}
        onChange={(e) => setDelivery(e.target.value)}
        className="mt-1 w-full rounded-md border border-slate-400 bg-white px-2 py-2"
      >
        <option value={PICK_UP}>
          {facts.pickUp
            ? `Odbiór własny: ${facts.pickUp.City} (woj. ${facts.pickUp.Voivodeship}), bez opłaty`
            : "Odbiór własny, bez opłaty"}
        </option>
        {facts.transport.map((t) => (
          <option key={t.voivodeship} value={t.voivodeship}>
            {`Transport do woj. ${t.voivodeship}: ${formatPrice(t.price)} netto`}
          </option>
        ))}
      </select>
      {cost ? (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 tabular-nums" aria-live="polite">
          <dt className="text-slate-700">Twoja oferta</dt>
          <dd className="text-right">{formatPrice(cost.bid)} netto</dd>
          <dt className="text-slate-700">Opłata aukcyjna</dt>
          <dd className="text-right">{formatPrice(cost.fee)} netto</dd>
          <dt className="text-slate-700">{delivery === PICK_UP ? "Odbiór własny" : "Transport"}</dt>
          <dd className="text-right">{formatPrice(cost.transport)} netto</dd>
          <dt className="text-slate-700">
            {facts.vat === "vat23" ? "VAT 23 %" : "VAT 23 % od opłaty i transportu (samochód: VAT-marża)"}
          </dt>
          <dd className="text-right">{formatPrice(cost.vat)}</dd>
          <dt className="font-semibold">Razem do zapłaty</dt>
          <dd className="text-right font-semibold" data-testid="cost-total">
            {formatPrice(cost.totalBrutto)} brutto
          </dd>
        </dl>
      ) : (
        <p className="mt-2 text-slate-700">Wpisz kwotę oferty, a policzymy koszt całkowity.</p>
      )}
      <p className="mt-2 text-xs text-slate-600">
        {`Faktura: ${VAT_TREATMENT_NAMES[facts.vat]}. Opłata aukcyjna według ceny: ${facts.bands
          .map((b, n) => `${bandName(facts.bands, n)} – ${formatPrice(b.fee)}`)
          .join(", ")} (netto).`}
      </p>
    </section>
  );
}
