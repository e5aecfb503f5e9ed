import { Link } from "react-router";
import { PhoneIcon } from "./icons";
import { bodyTypeLinks, callBackPath, type NavLink, offerLinks } from "./links";

/** A make of the brands menu, as the root loader hands it over. */
export interface MakeNavItem {
  name: string;
  path: string;
}

function LinkList({
  heading,
  headingId,
  links,
}: {
  heading: string;
  headingId: string;
  links: readonly NavLink[];
}) {
  return (
    <div>
      <p id={headingId} className="mb-2 text-xs font-bold tracking-wide text-slate-600 uppercase">
        {heading}
      </p>
      <ul aria-labelledby={headingId} className="space-y-1">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="block rounded-md px-2 py-1.5 text-slate-800 hover:bg-brand-50 hover:text-brand-700"
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The call-back banner of the offer menu (the call-back form itself comes with the leads issue). */
function CallBackBanner({ promise }: { promise: string }) {
  return (
    <div className="rounded-xl bg-brand-900 p-5 text-white">
      <PhoneIcon className="size-6 text-accent-500" />
      <p className="mt-3 text-lg font-bold">Nie wiesz, co wybrać?</p>
      <p className="mt-1 text-sm text-brand-100">Zostaw numer telefonu. {promise}</p>
      <Link
        to={callBackPath}
        className="mt-4 inline-block rounded-lg bg-accent-500 px-4 py-2 text-sm font-bold text-slate-900 hover:bg-amber-400"
      >
        Zamów rozmowę
      </Link>
    </div>
  );
}

/** Offer menu: sale types and services, body types, call-back banner. `idPrefix` keeps ids unique. */
export function OfferMenuContent({
  idPrefix,
  callbackPromise,
}: {
  idPrefix: string;
  callbackPromise: string;
}) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-[max-content_max-content_18rem] lg:gap-10">
      <LinkList heading="Samochody i usługi" headingId={`${idPrefix}-oferta`} links={offerLinks} />
      <LinkList heading="Typ nadwozia" headingId={`${idPrefix}-nadwozie`} links={bodyTypeLinks} />
      <div className="sm:col-span-2 lg:col-span-1">
        <CallBackBanner promise={callbackPromise} />
      </div>
    </div>
  );
}

/** Brands menu: every make on sale, then all brands. */
export function BrandsMenuContent({ makes }: { makes: readonly MakeNavItem[] }) {
  return (
    <div>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-4">
        {makes.map((m) => (
          <li key={m.path}>
            <Link
              to={m.path}
              className="block rounded-md px-2 py-1.5 text-slate-800 hover:bg-brand-50 hover:text-brand-700"
            >
              {m.name}
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/marki"
        className="mt-4 inline-block px-2 font-semibold text-brand-700 underline underline-offset-2"
      >
        Wszystkie marki
      </Link>
    </div>
  );
}
