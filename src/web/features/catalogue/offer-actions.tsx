import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { comparisonAddress, countCars } from "../../../domain/catalogue/comparison";
import { isPrivateBuyer } from "../../../domain/catalogue/filters";
import { vocabulary } from "../../../domain/catalogue/vocabulary";
import { formatKm, formatNumber } from "../../../domain/format";
import { phoneHref } from "../../../domain/literals";
import { useStepsAside } from "../../lib/keep-clear";
import { CALCULATOR_ANCHOR } from "../leads/calculator-link";
import { CONTACT_BAR_HEIGHT } from "./compare-bar";
import { useCompared } from "./comparison-store";

// The call-back form (with its checks) loads when "Zamów rozmowę" opens it, as in the site's menu.
const CallBackForm = lazy(() => import("../leads/call-back").then((m) => ({ default: m.CallBackForm })));

/** Where the detail page's "Zapytaj" actions lead: the contact form of the lead section. */
export const CONTACT_ANCHOR = "zapytaj";

export interface OfferContact {
  phone: string;
  email: string;
  hours: string;
}

/** Year, mileage, fuel, gearbox and power beside the price (a buyer decides on these first). */
export function KeyFacts({
  offer,
}: {
  offer: { Year: number; Mileage: number; FuelType: string; GearBoxType: string; PowerHp: number };
}) {
  const facts: [string, string][] = [
    ["Rok produkcji", String(offer.Year)],
    ["Przebieg", formatKm(offer.Mileage)],
    ["Paliwo", vocabulary.fuelTypeName(offer.FuelType)],
    ["Skrzynia biegów", vocabulary.gearBoxName(offer.GearBoxType)],
    ["Moc", `${formatNumber(offer.PowerHp)}\u00a0KM`],
  ];
  return (
    <dl className="mt-2 flex flex-wrap gap-1 text-xs sm:gap-1.5 sm:text-sm" aria-label="Najważniejsze dane">
      {facts.map(([k, v]) => (
        <div key={k} className="rounded-md border border-current/20 px-1.5 py-0.5 sm:px-2 sm:py-1">
          <dt className="sr-only">{k}</dt>
          <dd className="font-semibold whitespace-nowrap">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const button =
  "flex min-h-11 items-center justify-center rounded-md px-3 py-2 text-center text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
const primary = `${button} bg-brand-700 text-white hover:bg-brand-900`;
const secondary = `${button} border border-brand-700 bg-white text-brand-900 hover:bg-brand-50`;

/**
 * The actions beside the price. An offer: ask about this car, calculate (for a company: leasing and
 * rent are company products, so a private buyer is not invited to a company's instalment), call, and
 * a call-back request. An auction (cash only, no calculator or lead form): the auction team's phone
 * and e-mail (spec: "on auction pages the block switches to auction contact details").
 */
export function OfferActions({
  auction,
  contact,
  instalments = true,
  applyPath = null,
}: {
  auction: boolean;
  contact: OfferContact;
  /** The online leasing application's form for this car (ADR 056), when it may be applied for. */
  applyPath?: string | null;
  /** Whether to offer "Oblicz ratę" (not to a private buyer). */
  instalments?: boolean;
}) {
  const [callBack, setCallBack] = useState(false);
  const callBackId = useId();
  if (auction) {
    return (
      <div className="mt-4" data-testid="offer-actions">
        <p className="text-sm font-semibold">Pytania o aukcję? Dział aukcji, {contact.hours}</p>
        <div className="mt-2 grid grid-cols-2 gap-2">
          <a href={phoneHref(contact.phone)} className={`${primary} flex-wrap gap-x-1`}>
            Zadzwoń: <span className="whitespace-nowrap">{contact.phone}</span>
          </a>
          <a href={`mailto:${contact.email}`} className={`${secondary} break-all`}>
            {contact.email}
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="mt-4 grid grid-cols-2 gap-2" data-testid="offer-actions">
      {/* Without "Oblicz ratę" the question takes the first row, the phone and the call-back the next. */}
      <a href={`#${CONTACT_ANCHOR}`} className={instalments ? primary : `${primary} col-span-2`}>
        Zapytaj o ten samochód
      </a>
      {instalments && (
        <a href={`#${CALCULATOR_ANCHOR}`} className={secondary}>
          Oblicz ratę
        </a>
      )}
      {applyPath ? (
        <a href={applyPath} className={`${primary} col-span-2`}>
          Złóż wniosek online
        </a>
      ) : null}
      <a href={phoneHref(contact.phone)} className={`${secondary} flex-wrap gap-x-1`}>
        Zadzwoń: <span className="whitespace-nowrap">{contact.phone}</span>
      </a>
      <button
        type="button"
        aria-expanded={callBack}
        aria-controls={callBackId}
        onClick={() => setCallBack(!callBack)}
        className={secondary}
      >
        Zamów rozmowę
      </button>
      {callBack && (
        <div
          id={callBackId}
          className="col-span-2 rounded-md border border-slate-200 bg-white p-3 text-slate-900"
        >
          <Suspense fallback={null}>
            <CallBackForm variant="menu" />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/**
 * On phones the detail page keeps its contact at hand: a bar fixed at the bottom. Its height is
 * published as a CSS variable; the body pads its bottom by it (app.css), so the bar never covers
 * the last content, and the chat button rises above it. With cars chosen to compare it holds the
 * comparison's link too: one bar, not the comparison bar stacked on this one. Over a live auction's
 * box (its countdown, bid box) it steps aside as the chat button does, so that it never covers them.
 */
export function StickyContactBar({ auction, contact }: { auction: boolean; contact: OfferContact }) {
  const ref = useRef<HTMLDivElement>(null);
  const aside = useStepsAside(ref);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty(CONTACT_BAR_HEIGHT, `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(CONTACT_BAR_HEIGHT);
    };
  }, []);
  const compared = useCompared();
  const privateBuyer = isPrivateBuyer(useSearchParams()[0]);
  return (
    <div
      ref={ref}
      data-testid="contact-bar"
      data-contact-bar
      data-stepped-aside={aside || undefined}
      className={`${aside ? "invisible " : ""}fixed inset-x-0 bottom-0 z-30 grid ${compared.length ? "grid-cols-[1fr_1fr_auto]" : "grid-cols-2"} gap-2 border-t border-slate-200 bg-white p-2 shadow-[0_-4px_16px_rgba(15,23,42,0.12)] lg:hidden`}
    >
      <a href={phoneHref(contact.phone)} className={primary} aria-label={`Zadzwoń: ${contact.phone}`}>
        Zadzwoń
      </a>
      {auction ? (
        <a href={`mailto:${contact.email}`} className={secondary} aria-label={`Napisz: ${contact.email}`}>
          Napisz
        </a>
      ) : (
        <a href={`#${CONTACT_ANCHOR}`} className={secondary}>
          Zapytaj o samochód
        </a>
      )}
      {/* The comparison bar's link, in this bar on a phone (app.css hides that bar here). */}
      {compared.length ? (
        <Link
          to={comparisonAddress(compared, { privateBuyer })}
          aria-label={`Porównaj: ${countCars(compared.length)}`}
          className={`${secondary} px-3`}
        >
          Porównaj ({compared.length})
        </Link>
      ) : null}
    </div>
  );
}
