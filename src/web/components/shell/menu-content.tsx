import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { LinkItems } from "./link-items";
import { bodyTypeLinks, type NavLink, offerLinks } from "./links";

/** A make of the brands menu, as the root loader hands it over. */
export interface MakeNavItem {
  name: string;
  path: string;
}

const menuLink = "block rounded-md px-2 py-1.5 text-slate-800 hover:bg-brand-50 hover:text-brand-700";

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
        <LinkItems links={links} className={menuLink} />
      </ul>
    </div>
  );
}

// The form (with its validation) is loaded the first time the menu opens, not with every page.
const CallBackForm = lazy(() =>
  import("../../features/leads/call-back").then((m) => ({ default: m.CallBackForm })),
);

/**
 * Offer menu: sale types and services, body types, the call-back form. `idPrefix` keeps ids unique;
 * `shown`: the menu is open (the form is rendered from then on, keeping what was typed).
 */
export function OfferMenuContent({ idPrefix, shown }: { idPrefix: string; shown: boolean }) {
  const [opened, setOpened] = useState(shown);
  useEffect(() => {
    if (shown) setOpened(true);
  }, [shown]);
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-[max-content_max-content_20rem] lg:gap-10">
      <LinkList heading="Samochody i usługi" headingId={`${idPrefix}-oferta`} links={offerLinks} />
      <LinkList heading="Typ nadwozia" headingId={`${idPrefix}-nadwozie`} links={bodyTypeLinks} />
      <div className="sm:col-span-2 lg:col-span-1">
        {opened && (
          <Suspense fallback={null}>
            <CallBackForm variant="banner" />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/** Brands menu: every make on sale, then all brands. */
export function BrandsMenuContent({ makes }: { makes: readonly MakeNavItem[] }) {
  return (
    <div>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-4">
        <LinkItems links={makes.map((m) => ({ to: m.path, label: m.name }))} className={menuLink} />
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
