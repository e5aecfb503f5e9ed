import { useId } from "react";
import { formatPrice } from "../../../domain/format";
import { type RepriceChange, repriceName } from "../../../domain/staff/table";
import type { RepriceLine } from "../../../server/staff/offers";
import { MarketingBulkForm, MarketingPreviewPanel, useMarketingPreview } from "./offer-marketing";
import { BulkForm, bulkButtonClass, ReasonDialog, useListAnswer } from "./panel-table";
import { cellClass, headClass } from "./ui";

const fieldClass = "rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm";

/**
 * The offer list's bulk actions on the ticked cars: publish, withdraw for a reason (asked in a
 * dialog), a price change by złoty or percent, and a label or promotion added or removed, each shown
 * old → new for every car before it is made.
 */
export function OfferBulkActions({ ids }: { ids: number[] }) {
  const none = ids.length === 0;
  const { answer } = useListAnswer();
  const preview =
    answer?.intent === "reprice-preview" ? (answer.preview as RepricePreview | undefined) : undefined;
  const marketing = useMarketingPreview();
  return (
    <>
      <BulkForm intent="bulk-publish" ids={ids} label="Opublikuj zaznaczone">
        <button type="submit" className={bulkButtonClass} disabled={none}>
          Opublikuj
        </button>
      </BulkForm>
      <ReasonDialog
        intent="bulk-withdraw"
        ids={ids}
        button="Wycofaj ze sprzedaży"
        title={`Wycofać zaznaczone oferty (${ids.length}) ze sprzedaży?`}
        reasonLabel="Powód wycofania"
        confirm="Wycofaj"
        disabled={none}
      >
        <p className="mt-2 text-sm text-slate-700">
          Strony ofert przestaną się otwierać. Powód zobaczysz na liście ofert i w dzienniku zmian.
        </p>
      </ReasonDialog>
      <RepriceForm ids={ids} />
      {preview ? <RepricePreviewPanel preview={preview} /> : null}
      <MarketingBulkForm ids={ids} />
      {marketing ? <MarketingPreviewPanel preview={marketing} /> : null}
    </>
  );
}

interface RepricePreview {
  lines: RepriceLine[];
  change: RepriceChange;
}

function RepriceForm({ ids }: { ids: number[] }) {
  const id = useId();
  return (
    <BulkForm intent="reprice-preview" ids={ids} label="Zmień ceny zaznaczonych">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-d`} className="text-sm font-medium text-slate-800">
          Zmiana ceny
        </label>
        <select id={`${id}-d`} name="Direction" className={fieldClass} defaultValue="down">
          <option value="down">obniż o</option>
          <option value="up">podnieś o</option>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-a`} className="text-sm font-medium text-slate-800">
          Wartość
        </label>
        <input
          id={`${id}-a`}
          name="Amount"
          inputMode="decimal"
          required
          className={`${fieldClass} w-24`}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-u`} className="text-sm font-medium text-slate-800">
          Jednostka
        </label>
        <select id={`${id}-u`} name="Unit" className={fieldClass} defaultValue="percent">
          <option value="percent">%</option>
          <option value="zl">zł</option>
        </select>
      </div>
      <button type="submit" className={bulkButtonClass} disabled={ids.length === 0}>
        Pokaż nowe ceny
      </button>
    </BulkForm>
  );
}

/** The cars' prices before and after the change, and the button that makes it. */
function RepricePreviewPanel({ preview }: { preview: RepricePreview }) {
  const { lines, change } = preview;
  const ready = lines.filter((l) => l.new !== null);
  return (
    <section aria-label="Nowe ceny" className="w-full rounded-md border border-amber-300 bg-amber-50 p-3">
      <h2 className="text-base font-semibold text-brand-900">
        {`Nowe ceny: ${repriceName(change)} (${ready.length} z ${lines.length})`}
      </h2>
      <table className="mt-2 w-full text-left text-sm" aria-label="Ceny przed zmianą i po niej">
        <thead>
          <tr>
            <th scope="col" className={headClass}>
              Oferta
            </th>
            <th scope="col" className={headClass}>
              Cena netto teraz
            </th>
            <th scope="col" className={headClass}>
              Po zmianie
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <td className={cellClass}>{`${l.title} (nr ${l.id})`}</td>
              <td className={`${cellClass} tabular-nums whitespace-nowrap`}>
                {l.old === null ? "–" : formatPrice(l.old)}
              </td>
              <td className={`${cellClass} tabular-nums whitespace-nowrap`}>
                {l.new === null ? "bez zmiany (cena nie byłaby poprawna)" : `→ ${formatPrice(l.new)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <BulkForm
        intent="bulk-reprice"
        ids={ready.map((l) => l.id)}
        label="Zatwierdź nowe ceny"
        className="mt-3"
      >
        <input type="hidden" name="Direction" value={change.Direction} />
        <input type="hidden" name="Unit" value={change.Unit} />
        <input type="hidden" name="Amount" value={String(change.Amount)} />
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white"
          disabled={!ready.length}
        >
          {`Zmień ceny (${ready.length})`}
        </button>
      </BulkForm>
    </section>
  );
}
