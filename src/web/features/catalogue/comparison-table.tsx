import { type UIEvent, useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  type ComparisonRow,
  comparisonAddress,
  DIFFERENCES_PARAM,
  type EquipmentRow,
} from "../../../domain/catalogue/comparison";
import { QueryKeys } from "../../../domain/catalogue/filters";
import type { HeadlineTerms } from "../../../domain/headline-price";
import type { ComparedColumn, ComparisonModel } from "./comparison-model";
import { readCompared, writeCompared } from "./comparison-store";
import { OfferPhoto } from "./offer-photo";

/**
 * The comparison table: a column per car, a row per fact. On a phone the cars' columns scroll
 * sideways and snap one by one while the row labels stay put on the left; on a wide screen all
 * columns fit. Rows where the cars differ are marked, and identical ones can be hidden.
 */

// The label column stays in place (sticky) and the snap stops start right after it.
const LABEL =
  "sticky left-0 z-10 w-32 min-w-32 max-w-32 px-2 py-2 text-left align-top hyphens-auto [overflow-wrap:anywhere] sm:w-48 sm:min-w-48 sm:max-w-48 sm:px-3";
const ROW_LABEL = `${LABEL} text-sm font-medium text-slate-700`;
("sticky left-0 z-10 w-28 min-w-28 bg-white px-2 py-2 text-left align-top text-sm font-medium text-slate-700 sm:w-48 sm:min-w-48 sm:px-3");
const CELL = "min-w-[14.5rem] snap-start px-3 py-2 align-top text-sm sm:min-w-0";
const DIFFERS = "bg-amber-50";
/** The sticky label hides what scrolls under it, so it always has a background of its own. */
const labelBackground = (differs: boolean) => (differs ? DIFFERS : "bg-white");

function DiffMark({ differs }: { differs: boolean }) {
  return differs ? (
    <span className="mt-0.5 block text-xs font-semibold text-amber-900">różni się</span>
  ) : null;
}

function GroupHeading({ title, span }: { title: string; span: number }) {
  return (
    <tr>
      <th
        scope="rowgroup"
        className={`${LABEL} border-b-2 border-slate-300 bg-white pt-6 text-sm font-bold sm:text-base text-slate-900`}
      >
        {title}
      </th>
      <td colSpan={span} className="border-b-2 border-slate-300 pt-6" />
    </tr>
  );
}

/** A cell without a value: why, when there is a reason ("nie dotyczy aukcji"), else a dash read as "brak". */
function Missing({ reason }: { reason: string | null }) {
  if (reason) return <span className="font-normal text-slate-600">{reason}</span>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">brak</span>
    </>
  );
}

function ValueRows({ rows }: { rows: ComparisonRow[] }) {
  return rows.map((r) => (
    <tr key={r.label} data-differs={r.differs} className="border-b border-slate-200">
      <th scope="row" className={`${ROW_LABEL} ${labelBackground(r.differs)}`}>
        {r.label}
        <DiffMark differs={r.differs} />
      </th>
      {r.values.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the offers, in a fixed order
        <td key={i} className={`${CELL} ${r.differs ? DIFFERS : ""} font-semibold text-slate-900`}>
          {v ?? <Missing reason={r.missing?.[i] ?? null} />}
        </td>
      ))}
    </tr>
  ));
}

function EquipmentRows({ rows }: { rows: EquipmentRow[] }) {
  return rows.map((r) => (
    <tr key={r.item} data-differs={r.differs} className="border-b border-slate-200">
      <th scope="row" className={`${ROW_LABEL} ${labelBackground(r.differs)}`}>
        {r.item}
        <DiffMark differs={r.differs} />
      </th>
      {r.has.map((has, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the offers, in a fixed order
        <td key={i} className={`${CELL} ${r.differs ? DIFFERS : ""}`}>
          {has ? (
            <span className="font-semibold text-emerald-800">
              <span aria-hidden="true">✓ </span>jest
            </span>
          ) : (
            <span className="text-slate-600">
              <span aria-hidden="true">✗ </span>brak
            </span>
          )}
        </td>
      ))}
    </tr>
  ));
}

function ColumnHead({
  column,
  others,
  privateBuyer,
}: {
  column: ComparedColumn;
  others: number[];
  privateBuyer: boolean;
}) {
  return (
    <th scope="col" className={`${CELL} text-left font-normal`}>
      <OfferPhoto
        url={column.photoUrl}
        alt={column.name}
        sizes="(min-width: 1024px) 320px, 240px"
        className="rounded-lg"
      />
      <p className="mt-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{column.kind}</p>
      <Link
        to={privateBuyer ? `${column.url}?${QueryKeys.isCompany}=false` : column.url}
        className="mt-1 block text-base font-bold text-slate-900 underline hover:text-brand-700"
      >
        {column.name}
      </Link>
      <Link
        to={comparisonAddress(others, { privateBuyer })}
        onClick={() => writeCompared(readCompared().filter((id) => id !== column.id))}
        aria-label={`Usuń z porównania: ${column.name}`}
        className="mt-2 inline-flex min-h-10 items-center text-sm font-semibold text-slate-700 underline hover:text-red-700"
      >
        Usuń z porównania
      </Link>
    </th>
  );
}

export function ComparisonTable({
  model,
  terms,
  privateBuyer,
}: {
  model: ComparisonModel;
  terms: HeadlineTerms;
  privateBuyer: boolean;
}) {
  const [params, setParams] = useSearchParams();
  // The address keeps the choice for a reload or a shared link; the box follows the click at once
  // (the address changes only when the router's navigation ends, which a busy phone makes visible).
  const inAddress = params.get(DIFFERENCES_PARAM) === "1";
  const [onlyDifferences, setShown] = useState(inAddress);
  useEffect(() => setShown(inAddress), [inAddress]);
  const setOnlyDifferences = (only: boolean) => {
    setShown(only);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (only) next.set(DIFFERENCES_PARAM, "1");
        else next.delete(DIFFERENCES_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const toggleId = useId();
  const ids = model.columns.map((c) => c.id);
  const span = model.columns.length;
  const inView = useColumnInView(span);
  const facts = onlyDifferences ? model.facts.filter((r) => r.differs) : model.facts;
  const equipment = onlyDifferences ? model.equipment.filter((r) => r.differs) : model.equipment;
  return (
    <>
      <p className="mt-4 flex items-center gap-2">
        <input
          id={toggleId}
          type="checkbox"
          checked={onlyDifferences}
          onChange={(e) => setOnlyDifferences(e.target.checked)}
          className="h-5 w-5 accent-brand-600"
        />
        <label htmlFor={toggleId} className="font-semibold">
          Pokaż tylko różnice
        </label>
      </p>
      <PricesFor privateBuyer={privateBuyer} ids={ids} terms={terms} />
      <SwipeHint shown={inView.shown} count={span} />
      {/* Keyboard users scroll the columns too: the region takes focus. */}
      <section
        onScroll={inView.onScroll}
        aria-label="Tabela porównania"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        data-testid="comparison-scroller"
        // Positioned, so the cells' visually hidden texts (absolute) are clipped with the columns
        // rather than widening the page (on a phone the whole page then zoomed out).
        className="relative mt-4 snap-x snap-mandatory scroll-pl-32 overflow-x-auto rounded-lg border border-slate-200 sm:scroll-pl-48"
      >
        <table className="w-full border-collapse">
          <caption className="sr-only">Porównanie wybranych samochodów</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <td className={`${LABEL} bg-white`} />
              {model.columns.map((c) => (
                <ColumnHead
                  key={c.id}
                  column={c}
                  others={ids.filter((id) => id !== c.id)}
                  privateBuyer={privateBuyer}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            <GroupHeading title="Cena i finansowanie" span={span} />
            <ValueRows rows={model.prices} />
            <GroupHeading title="Dane pojazdu" span={span} />
            <ValueRows rows={facts} />
            {model.equipment.length > 0 && <GroupHeading title="Wyposażenie" span={span} />}
            <EquipmentRows rows={equipment} />
          </tbody>
        </table>
      </section>
      {onlyDifferences && facts.length + equipment.length === 0 && (
        <p className="mt-3 text-slate-700">Te samochody nie różnią się danymi ani wyposażeniem.</p>
      )}
      {!privateBuyer && <FinancingTerms terms={terms} />}
    </>
  );
}

/**
 * Which car's column is at the start of the phone's sideways-scrolling table (1-based): a column
 * each snap, the last once the table is scrolled to its end.
 */
function useColumnInView(count: number) {
  const [shown, setShown] = useState(1);
  const onScroll = (e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    const label = el.querySelector("thead td")?.getBoundingClientRect().width ?? 0;
    const column = (el.scrollWidth - label) / count;
    const atEnd = el.scrollLeft >= el.scrollWidth - el.clientWidth - 2;
    setShown(atEnd ? count : Math.min(count, Math.round(el.scrollLeft / column) + 1));
  };
  return { shown, onScroll };
}

/**
 * On a phone the table shows one car's column at a time: a line above it says which of how many and
 * that the rest are a swipe away (read out as it changes). A wide screen shows every column.
 */
function SwipeHint({ shown, count }: { shown: number; count: number }) {
  if (count < 2) return null;
  return (
    <p
      className="mt-4 flex items-center gap-2 text-sm text-slate-700 sm:hidden"
      data-testid="comparison-hint"
    >
      <span
        aria-live="polite"
        className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 font-semibold whitespace-nowrap text-brand-900"
      >
        Samochód {shown} z {count}
      </span>
      <span>
        {shown < count ? "Przesuń tabelę w bok, aby zobaczyć kolejne" : "Przesuń tabelę w bok, aby wrócić"}
        <span aria-hidden="true"> {shown < count ? "→" : "←"}</span>
      </span>
    </p>
  );
}

/**
 * What the prices above the table are: a private buyer's brutto cash prices (with the way to the
 * companies' view), or the instalments at one set of terms for every car, stated where they are read.
 */
function PricesFor({
  privateBuyer,
  ids,
  terms,
}: {
  privateBuyer: boolean;
  ids: number[];
  terms: HeadlineTerms;
}) {
  return (
    <p className="mt-3 max-w-3xl text-sm text-slate-700">
      {privateBuyer ? (
        <>
          Ceny brutto dla osoby prywatnej: osoba prywatna kupuje za gotówkę, a leasing, najem i aukcje są dla
          firm.{" "}
          <Link to={comparisonAddress(ids)} className="font-semibold text-brand-700 underline">
            Pokaż ceny dla firm
          </Link>
        </>
      ) : (
        <>
          Raty każdego samochodu liczymy przy tych samych warunkach – leasing: {terms.leasing}; najem:{" "}
          {terms.rent}. Najniższe raty „od” z listy ofert mają inne warunki; policzysz je w kalkulatorze na
          stronie oferty.
        </>
      )}
    </p>
  );
}

function FinancingTerms({ terms }: { terms: HeadlineTerms }) {
  return (
    <section aria-labelledby="warunki" className="mt-6 max-w-3xl text-sm text-slate-700">
      <h2 id="warunki" className="text-base font-bold text-slate-900">
        Warunki finansowania w porównaniu
      </h2>
      <p className="mt-1">
        Raty każdego samochodu liczymy przy tych samych warunkach. Leasing: {terms.leasing}. Najem:{" "}
        {terms.rent}.
      </p>
      <p className="mt-1">
        Raty są kwotami netto. Koszt całkowity to suma opłat w czasie umowy (wpłata własna, raty z
        ubezpieczeniem, a w leasingu także wykup), brutto z VAT 23%. Inne warunki policzysz w kalkulatorze na
        stronie oferty.
      </p>
    </section>
  );
}
