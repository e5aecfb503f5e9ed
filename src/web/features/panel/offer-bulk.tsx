import { useId } from "react";
import { formatPrice } from "../../../domain/format";
import { type RepriceChange, repriceName } from "../../../domain/staff/table";
import type { RepriceLine } from "../../../server/staff/offers";
import { MarketingBulkForm, MarketingPreviewPanel, useMarketingPreview } from "./offer-marketing";
import { BulkForm, BulkPreviewPanel, bulkButtonClass, ReasonDialog, useListAnswer } from "./panel-table";

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
  return (
    <BulkPreviewPanel
      label="Nowe ceny"
      title={`Nowe ceny: ${repriceName(change)}`}
      tableLabel="Ceny przed zmianą i po niej"
      nowHeading="Cena netto teraz"
      numeric
      lines={lines.map((l) => ({
        id: l.id,
        title: l.title,
        now: l.old === null ? "–" : formatPrice(l.old),
        after: l.new === null ? null : formatPrice(l.new),
        unchanged: "bez zmiany (cena nie byłaby poprawna)",
      }))}
      intent="bulk-reprice"
      confirmLabel="Zatwierdź nowe ceny"
      fields={{ Direction: change.Direction, Unit: change.Unit, Amount: String(change.Amount) }}
      button="Zmień ceny"
    />
  );
}
