import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  COMPARISON_PARAM,
  COMPARISON_PATH,
  comparisonAddress,
  countCars,
  DIFFERENCES_PARAM,
  MAX_COMPARED,
  parseComparisonIds,
} from "../../../domain/catalogue/comparison";
import { isPrivateBuyer } from "../../../domain/catalogue/filters";
import type { OfferDetails } from "../../../domain/catalogue/offer";
import { formatCount } from "../../../domain/format";
import { defaultTerms } from "../../../domain/headline-price";
import { comparisonModel } from "../../features/catalogue/comparison-model";
import { readCompared, writeCompared } from "../../features/catalogue/comparison-store";
import { ComparisonTable } from "../../features/catalogue/comparison-table";
import { EmptyList } from "../../features/catalogue/empty-list";
import {
  privateBuyerHref,
  privateBuyerRedirect,
  useStoredBuyerInAddress,
} from "../../features/catalogue/private-buyer";
import { pageMeta } from "../../features/catalogue/seo";
import { revalidateUnlessOnly } from "../../lib/revalidate";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/comparison";

const INVALID_ID = [
  "nieprawidłowy identyfikator",
  "nieprawidłowe identyfikatory",
  "nieprawidłowych identyfikatorów",
] as const;

/**
 * The comparison is drawn on the server from the address alone, so a shared link shows the same cars
 * in any browser. Whatever in the address names no public offer is left out with a note.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.has(COMPARISON_PARAM);
  const privateBuyer = isPrivateBuyer(url.searchParams);
  const { ids, invalid, tooMany } = parseComparisonIds(url.searchParams.get(COMPARISON_PARAM));
  const [found, properties] = await Promise.all([
    Promise.all(ids.map((id) => context.services.offers.details(id))),
    context.services.calculatorProperties(),
  ]);
  const offers = found.filter((o): o is OfferDetails => o !== null);
  const missing = ids.filter((_, i) => found[i] === null);
  const notes: string[] = [];
  if (invalid > 0) notes.push(`Pominęliśmy ${formatCount(invalid, INVALID_ID)} oferty w adresie.`);
  if (tooMany)
    notes.push(
      `Porównać można najwyżej ${MAX_COMPARED} samochody: pokazujemy pierwsze ${MAX_COMPARED} z adresu.`,
    );
  for (const id of missing)
    notes.push(`Oferta nr ${id} nie jest już dostępna, więc nie ma jej w porównaniu.`);
  const shown = offers.map((o) => o.AuctionId);
  return {
    canonical: `${context.services.config.publicUrl.replace(/\/$/, "")}${comparisonAddress(shown)}`,
    requested,
    privateBuyer,
    shown,
    missing,
    notes,
    terms: defaultTerms(properties),
    model: comparisonModel(offers, properties, { privateBuyer }),
  };
}

/**
 * A visitor who chose to buy privately compares as one (features/catalogue/private-buyer): a link
 * inside the site to an address that does not say who buys is sent on with `isCompany=false`.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const toPrivate = privateBuyerRedirect(request);
  if (toPrivate) throw toPrivate;
  return await serverLoader();
}

/** Ticking "Pokaż tylko różnice" changes the address only: the cars are the same, nothing to load. */
export const shouldRevalidate = revalidateUnlessOnly(DIFFERENCES_PARAM);

export function meta({ loaderData }: Route.MetaArgs) {
  const names = loaderData?.model.columns.map((c) => c.shortName) ?? [];
  return pageMeta({
    title: pageTitle(names.length > 0 ? `Porównanie: ${names.join(", ")}` : "Porównanie samochodów"),
    description:
      "Porównanie wybranych samochodów: dane, wyposażenie, cena i raty przy tych samych warunkach.",
    canonical: loaderData?.canonical ?? COMPARISON_PATH,
    noindex: true,
  });
}

/** Keeps the stored choice in step with the address: offers gone are dropped; a bare address shows the choice. */
function useStoredChoice(requested: boolean, missing: number[]) {
  const navigate = useNavigate();
  const gone = missing.join(",");
  useEffect(() => {
    const stored = readCompared();
    if (!requested) {
      if (stored.length > 0) navigate(comparisonAddress(stored), { replace: true });
      return;
    }
    const drop = gone ? gone.split(",").map(Number) : [];
    if (stored.some((id) => drop.includes(id))) writeCompared(stored.filter((id) => !drop.includes(id)));
  }, [requested, gone, navigate]);
}

export default function Comparison({ loaderData }: Route.ComponentProps) {
  const { model, notes, terms, shown, requested, missing, privateBuyer } = loaderData;
  useStoredChoice(requested, missing);
  // Loaded whole (a shared link, a new tab): a kept private choice goes into the address, whose
  // loader then draws the private buyer's comparison (brutto cash prices, no company instalments).
  const location = useLocation();
  const navigate = useNavigate();
  useStoredBuyerInAddress(location.search, () => navigate(privateBuyerHref(location), { replace: true }));
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <h1 className="text-2xl font-bold lg:text-3xl">Porównanie samochodów</h1>
      {notes.length > 0 && (
        <div
          role="status"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
        >
          <ul className="space-y-1">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      )}
      {shown.length === 0 ? (
        <EmptyList>
          Nie ma jeszcze samochodów do porównania. Kliknij „Dodaj do porównania” na kafelku lub na stronie
          oferty (najwyżej {countCars(MAX_COMPARED)}).
        </EmptyList>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            Porównujesz: <strong>{countCars(shown.length)}</strong>. Link do tej strony możesz komuś wysłać –
            pokaże te same samochody.
          </p>
          <ComparisonTable model={model} terms={terms} privateBuyer={privateBuyer} />
        </>
      )}
    </main>
  );
}
