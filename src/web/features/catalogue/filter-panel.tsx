import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import type { FilterData } from "../../../domain/catalogue/dto";
import {
  type FinancialMethod,
  forPrivateBuyer,
  type OfferFilter,
  type SaleType,
} from "../../../domain/catalogue/filters";

/** What the panel offers: GET /api/OffersFilterData without the alert's list of makes. */
export type FilterOptions = Omit<FilterData, "AvailableAlertMakes">;

const SALE_TYPE_NAMES: Record<SaleType, string> = {
  new: "Nowe",
  afterLease: "Poleasingowe",
  auction: "Aukcje",
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-slate-200 py-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-2 w-full text-sm font-bold tracking-wide text-slate-900 uppercase">
        {title}
      </legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

function CheckList({
  name,
  options,
  selected,
  locked = [],
  onChange,
  scroll = false,
}: {
  name: string;
  options: { Name: string; Value: string }[];
  selected: string[];
  locked?: string[];
  onChange: (values: string[]) => void;
  scroll?: boolean;
}) {
  const lower = selected.map((s) => s.toLowerCase());
  return (
    <ul className={`space-y-1 ${scroll ? "max-h-56 overflow-y-auto pr-1" : ""}`}>
      {options.map((o) => {
        const checked = lower.includes(o.Value.toLowerCase());
        const isLocked = locked.some((l) => l.toLowerCase() === o.Value.toLowerCase());
        return (
          <li key={o.Value}>
            <label className="flex cursor-pointer items-center gap-2 py-0.5 text-sm">
              <input
                type="checkbox"
                name={name}
                value={o.Value}
                checked={checked}
                disabled={isLocked}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? [...selected, o.Value]
                      : selected.filter((s) => s.toLowerCase() !== o.Value.toLowerCase()),
                  )
                }
                className="h-4 w-4 accent-brand-600"
              />
              {o.Name}
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/** A from–to pair of whole numbers, applied on blur or Enter so typing does not reload the list. */
function Range({
  label,
  unit,
  from,
  to,
  onChange,
}: {
  label: string;
  unit: string;
  from: number | undefined;
  to: number | undefined;
  onChange: (from: number | undefined, to: number | undefined) => void;
}) {
  const id = useId();
  const [a, setA] = useState(from?.toString() ?? "");
  const [b, setB] = useState(to?.toString() ?? "");
  useEffect(() => setA(from?.toString() ?? ""), [from]);
  useEffect(() => setB(to?.toString() ?? ""), [to]);
  const read = (s: string) => {
    const n = Number(s.replace(/\s/g, ""));
    return s.trim() === "" || !Number.isFinite(n) || n < 0 ? undefined : Math.trunc(n);
  };
  const commit = () => {
    const na = read(a);
    const nb = read(b);
    if (na !== from || nb !== to) onChange(na, nb);
  };
  const input = "w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";
  return (
    <Section title={label}>
      <div className="grid grid-cols-2 gap-2">
        <label htmlFor={`${id}-a`} className="text-xs text-slate-700">
          od ({unit})
          <input
            id={`${id}-a`}
            inputMode="numeric"
            value={a}
            maxLength={9}
            onChange={(e) => setA(e.target.value.replace(/[^\d\s]/g, ""))}
            onBlur={commit}
            onKeyDown={(e) => e.key === "Enter" && commit()}
            className={input}
          />
        </label>
        <label htmlFor={`${id}-b`} className="text-xs text-slate-700">
          do ({unit})
          <input
            id={`${id}-b`}
            inputMode="numeric"
            value={b}
            maxLength={9}
            onChange={(e) => setB(e.target.value.replace(/[^\d\s]/g, ""))}
            onBlur={commit}
            onKeyDown={(e) => e.key === "Enter" && commit()}
            className={input}
          />
        </label>
      </div>
    </Section>
  );
}

/** The check lists of the panel: the name of their inputs and the filter's field they set. */
const CHECK_LISTS = {
  saleType: "SaleTypes",
  makes: "Makes",
  models: "Models",
  bodyType: "BodyTypes",
  fuelType: "FuelTypes",
  gearBoxType: "GearBoxTypes",
} as const;

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && a.every((x) => b.some((y) => y.toLowerCase() === x.toLowerCase()));

/**
 * What the visitor ticked or chose in the server's markup before React took it over (on a slow phone
 * the list shows before its scripts): React kept its own filter and the tick was undone. Once
 * mounted, the panel applies what its inputs hold, in one change (the fields' version of this is
 * lib/typed-before-hydration.ts).
 */
function useTickedBeforeHydration(
  root: RefObject<HTMLDivElement | null>,
  filter: OfferFilter,
  set: (patch: Partial<OfferFilter>) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what the server's markup held when React took it over.
  useEffect(() => {
    const panel = root.current;
    if (!panel) return;
    const patch: Partial<Record<keyof OfferFilter, unknown>> = {};
    for (const [name, field] of Object.entries(CHECK_LISTS)) {
      const inputs = [...panel.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];
      if (!inputs.length) continue;
      const held = inputs.filter((i) => i.checked).map((i) => i.value);
      if (!sameSet(held, filter[field])) patch[field] = held;
    }
    const chosen = (name: string) =>
      panel.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value;
    const isCompany = chosen("isCompany");
    if (isCompany !== undefined && (isCompany === "true") !== filter.IsCompany)
      patch.IsCompany = isCompany === "true";
    const method = chosen("financialMethod");
    if (method !== undefined && method !== filter.FinancialMethod) patch.FinancialMethod = method;
    if (Object.keys(patch).length) set(patch as Partial<OfferFilter>);
  }, []);
}

type RangeKey =
  | "PriceFrom"
  | "PriceTo"
  | "InstallmentFrom"
  | "InstallmentTo"
  | "YearFrom"
  | "YearTo"
  | "MileageFrom"
  | "MileageTo";

/** The filter's change: the fields given, back on the first page. */
type SetFilter = (patch: Partial<OfferFilter>) => void;

const RADIO = "h-4 w-4 accent-brand-600";

/**
 * The list filters. Every change hands a new filter to `onChange`, which puts it in the URL; the
 * values the page's path implies (e.g. the make of /marki/audi) are shown checked and locked.
 */
export function FilterPanel({
  filter,
  base,
  options,
  onChange,
}: {
  filter: OfferFilter;
  base: Partial<OfferFilter>;
  options: FilterOptions;
  onChange: (f: OfferFilter) => void;
}) {
  const set: SetFilter = (patch) => onChange({ ...filter, ...patch, Page: 1 });
  const root = useRef<HTMLDivElement>(null);
  useTickedBeforeHydration(root, filter, set);
  /** A section of one of the lists of options, those the page's path implies locked. */
  const checks = (title: string, name: string, key: "BodyTypes" | "FuelTypes" | "GearBoxTypes") => (
    <Section title={title}>
      <CheckList
        name={name}
        options={options[key]}
        selected={filter[key]}
        locked={base[key]}
        onChange={(v) => set({ [key]: v })}
      />
    </Section>
  );
  /** A range of numbers, from and to. */
  const range = (label: string, unit: string, from: RangeKey, to: RangeKey) => (
    <Range
      label={label}
      unit={unit}
      from={filter[from]}
      to={filter[to]}
      onChange={(a, b) => set({ [from]: a, [to]: b })}
    />
  );
  return (
    <div ref={root}>
      {base.SaleTypes?.length === 1 && base.SaleTypes[0] === "auction" ? (
        // The auctions' own list has no buyer to choose: it says for whom auctions are instead.
        <Section title="Kupujesz">
          <p className="text-sm text-slate-700" data-testid="auctions-for-companies">
            Aukcje są przeznaczone wyłącznie dla przedsiębiorców. Ceny i oferty są netto.
          </p>
        </Section>
      ) : (
        <BuyerSection filter={filter} set={set} />
      )}
      {filter.IsCompany && (
        <FinancingSection method={filter.FinancialMethod} onChange={(v) => set({ FinancialMethod: v })} />
      )}
      {!base.SaleTypes?.length && (
        <Section title="Rodzaj oferty">
          <CheckList
            name="saleType"
            options={(Object.keys(SALE_TYPE_NAMES) as SaleType[])
              .filter((v) => filter.IsCompany || v !== "auction")
              .map((v) => ({
                Name: SALE_TYPE_NAMES[v],
                Value: v,
              }))}
            selected={filter.SaleTypes}
            onChange={(v) => set({ SaleTypes: v as SaleType[] })}
          />
        </Section>
      )}
      <MakeAndModelSections filter={filter} base={base} options={options} set={set} />
      {checks("Nadwozie", "bodyType", "BodyTypes")}
      {checks("Paliwo", "fuelType", "FuelTypes")}
      {checks("Skrzynia biegów", "gearBoxType", "GearBoxTypes")}
      {range(filter.IsCompany ? "Cena netto" : "Cena brutto", "zł", "PriceFrom", "PriceTo")}
      {filter.IsCompany && range("Rata miesięczna netto", "zł", "InstallmentFrom", "InstallmentTo")}
      {range("Rok produkcji", "rok", "YearFrom", "YearTo")}
      {range("Przebieg", "km", "MileageFrom", "MileageTo")}
    </div>
  );
}

/** Company or private buyer; a private buyer's filter keeps only what a private person can buy. */
function BuyerSection({ filter, set }: { filter: OfferFilter; set: SetFilter }) {
  return (
    <Section title="Kupujesz">
      <div className="flex gap-4 text-sm">
        {[
          { v: true, label: "na firmę" },
          { v: false, label: "prywatnie" },
        ].map((o) => (
          <label key={o.label} className="flex items-center gap-2">
            <input
              type="radio"
              name="isCompany"
              value={String(o.v)}
              className={RADIO}
              checked={filter.IsCompany === o.v}
              onChange={() => set(o.v ? { IsCompany: true } : forPrivateBuyer(filter))}
            />
            {o.label}
          </label>
        ))}
      </div>
      {!filter.IsCompany && (
        <p className="mt-2 text-xs text-slate-600" data-testid="private-buyer-note">
          Leasing, najem i aukcje są dla firm. Osobie prywatnej pokazujemy samochody do kupienia za gotówkę, z
          cenami brutto.
        </p>
      )}
    </Section>
  );
}

/** How a company means to pay: any way, a monthly instalment or cash. */
function FinancingSection({
  method,
  onChange,
}: {
  method: FinancialMethod;
  onChange: (method: FinancialMethod) => void;
}) {
  return (
    <Section title="Forma finansowania">
      <div className="flex flex-col gap-1 text-sm">
        {(
          [
            ["all", "dowolna"],
            ["installment", "rata miesięczna (leasing, najem)"],
            ["cash", "zakup za gotówkę"],
          ] as const
        ).map(([v, label]) => (
          <label key={v} className="flex items-center gap-2">
            <input
              type="radio"
              name="financialMethod"
              value={v}
              className={RADIO}
              checked={method === v}
              onChange={() => onChange(v)}
            />
            {label}
          </label>
        ))}
      </div>
    </Section>
  );
}

/**
 * The makes, then the models of the chosen makes (none until a make is chosen); a make unticked
 * takes its models out of the filter.
 */
function MakeAndModelSections({
  filter,
  base,
  options,
  set,
}: {
  filter: OfferFilter;
  base: Partial<OfferFilter>;
  options: FilterOptions;
  set: SetFilter;
}) {
  const chosenMakes = filter.Makes.map((m) => m.toLowerCase());
  const models = options.MakesAndModels.filter((m) =>
    chosenMakes.includes(m.Make.Value.toLowerCase()),
  ).flatMap((m) => m.Models.map((x) => ({ Name: `${m.Make.Name} ${x.Name}`, Value: x.Value })));
  return (
    <>
      <Section title="Marka">
        <CheckList
          name="makes"
          scroll
          options={options.MakesAndModels.map((m) => m.Make)}
          selected={filter.Makes}
          locked={base.Makes}
          onChange={(v) => {
            const keep = options.MakesAndModels.filter((m) =>
              v.map((x) => x.toLowerCase()).includes(m.Make.Value.toLowerCase()),
            ).flatMap((m) => m.Models.map((x) => x.Value.toLowerCase()));
            set({ Makes: v, Models: filter.Models.filter((x) => keep.includes(x.toLowerCase())) });
          }}
        />
      </Section>
      {models.length > 0 && (
        <Section title="Model">
          <CheckList
            name="models"
            scroll
            options={models}
            selected={filter.Models}
            locked={base.Models}
            onChange={(v) => set({ Models: v })}
          />
        </Section>
      )}
    </>
  );
}
