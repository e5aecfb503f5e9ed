import { Fragment, type ReactNode } from "react";
import { defaultFilter } from "../../domain/catalogue/filters";
import { CAROUSEL_PAGE_SIZE } from "../../domain/catalogue/home";
import { headlineTerms } from "../../domain/headline-price";
import type { BannerSlide } from "../../server/catalogue/offers-service";
import { HydrateWhenVisible } from "../components/hydrate-when-visible";
import { BannerSlider } from "../features/catalogue/banner-slider";
import { ForBuyer } from "../features/catalogue/by-buyer";
import { OfferCarousel } from "../features/catalogue/carousel";
import { InstalmentTermsNote } from "../features/catalogue/prices";
import { storedPrivateBuyer } from "../features/catalogue/private-buyer";
import { pageMeta } from "../features/catalogue/seo";
import { STANDARD_SLIDES } from "../features/catalogue/standard-slides";
import { livePageHeaders } from "../lib/cache-headers";
import { useServerNow } from "../lib/server-clock";
import { useHydrated } from "../lib/use-hydrated";
import { pageTitle } from "../seo";
import type { Route } from "./+types/home";

/** The banners a company sees and those a private buyer sees ("all" are in both). */
function byBuyer(slides: BannerSlide[]) {
  return {
    company: slides.filter((s) => s.audience !== "private"),
    private: slides.filter((s) => s.audience !== "company"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: pageTitle("Samochody w leasingu, najmie i na aukcjach"),
    description:
      "Nowe i poleasingowe samochody w leasingu, najmie długoterminowym i na aukcjach dla firm. Sprawdź ratę i zarezerwuj auto online.",
    canonical: loaderData?.canonical ?? "/",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const offers = context.services.offers;
  const base = { ...defaultFilter(), ResultsPerPage: CAROUSEL_PAGE_SIZE.desktop };
  const [slides, bottom, newCars, afterLease, ending, electric] = await Promise.all([
    offers.banners("home-slider"),
    offers.banners("home-bottom"),
    offers.list({ ...base, SaleTypes: ["new"] }),
    offers.list({ ...base, SaleTypes: ["afterLease"] }),
    offers.list({ ...base, SaleTypes: ["auction"] }, { auctions: "running", order: "endingFirst" }),
    offers.list({ ...base, SaleTypes: ["new", "afterLease"], FuelTypes: ["EL"] }),
  ]);
  const [top, low, standard] = [byBuyer(slides), byBuyer(bottom), byBuyer(STANDARD_SLIDES)];
  return {
    // Each kind of buyer gets the standard slides when the panel set up none for them.
    slides: {
      company: top.company.length ? top.company : standard.company,
      private: top.private.length ? top.private : standard.private,
    },
    bottom: { company: low.company[0] ?? null, private: low.private[0] ?? null },
    lists: { newCars, afterLease, ending, electric },
    canonical: `${context.services.config.publicUrl.replace(/\/$/, "")}/`,
    serverNow: context.services.clock.now().toISOString(),
    database: context.services.database.kind,
    // The tiles' "od" instalments are stated with their parameters (ADR 020).
    instalmentTerms: headlineTerms(await context.services.calculatorProperties()),
  };
}

/** The home page's carousels, in order: each its own list from the loader and its own API list. */
const HOME_CAROUSELS = [
  {
    id: "nowe",
    title: "Nowe samochody",
    endpoint: "/Home/NewVehicles",
    list: "newCars",
    moreHref: "/nowe-samochody",
    emptyText: "Obecnie nie ma pojazdów nowych",
  },
  {
    id: "poleasingowe",
    title: "Samochody poleasingowe",
    endpoint: "/Home/AfterLease",
    list: "afterLease",
    moreHref: "/samochody-poleasingowe",
    emptyText: "Obecnie nie ma samochodów poleasingowych",
  },
  {
    id: "aukcje",
    title: "Kończące się aukcje",
    endpoint: "/Home/EndingAuctions",
    list: "ending",
    moreHref: "/aukcje-samochodowe",
    emptyText: "Obecnie nie ma trwających aukcji",
  },
  {
    id: "elektryczne",
    title: "Samochody elektryczne",
    endpoint: "/Home/ElectricVehicles",
    list: "electric",
    moreHref: "/samochody-elektryczne",
    emptyText: "Obecnie nie ma pojazdów nowych",
  },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, bottom, lists } = loaderData;
  const now = useServerNow(loaderData.serverNow);
  return (
    <main data-db={loaderData.database}>
      <BannersForBuyer
        company={slides.company}
        private={slides.private}
        render={(set, eager) => <BannerSlider slides={set} eager={eager} />}
      />
      {/* The carousels hydrate when they come near the viewport (most start below the first screen). */}
      {HOME_CAROUSELS.map((c, i) => {
        // A private buyer's tiles differ from the company's the server rendered: they hydrate at once.
        const carousel = (
          <HydrateWhenVisible id={`home-${c.id}`} openAtOnce={storedPrivateBuyer}>
            <OfferCarousel
              id={c.id}
              title={c.title}
              endpoint={c.endpoint}
              initial={lists[c.list]}
              moreHref={c.moreHref}
              emptyText={c.emptyText}
              now={now}
            />
          </HydrateWhenVisible>
        );
        return (
          <Fragment key={c.id}>
            {/* Auctions are for entrepreneurs, as the lists' private view says: a private buyer has none. */}
            {c.id === "aukcje" ? <ForBuyer company={carousel} /> : carousel}
            {/* The "od" instalments' parameters, under the first list that shows them (ADR 020). */}
            {i === 0 && (
              <ForBuyer
                company={
                  <div className="mx-auto max-w-7xl px-4">
                    <InstalmentTermsNote terms={loaderData.instalmentTerms} />
                  </div>
                }
              />
            )}
          </Fragment>
        );
      })}
      <section aria-label="Samochód spoza oferty" className="mx-auto max-w-7xl px-4 py-10">
        {bottom.company || bottom.private ? (
          <BannersForBuyer
            company={bottom.company ? [bottom.company] : []}
            private={bottom.private ? [bottom.private] : []}
            render={(set) => (
              <BannerSlider slides={set} topOfPage={false} label="Zapytaj o samochód spoza oferty" />
            )}
          />
        ) : (
          <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-8 lg:flex-row lg:items-center lg:justify-between">
            <div>
              <h2 className="text-2xl font-bold text-brand-900">Nie znalazłeś auta w naszej ofercie?</h2>
              <p className="mt-2 text-slate-700">
                Sfinansujemy samochód wybrany u dowolnego dealera – leasing lub najem długoterminowy.
              </p>
            </div>
            <a
              href="/formularz-kontaktowy"
              className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white"
            >
              Zapytaj o ofertę
            </a>
          </div>
        )}
      </section>
    </main>
  );
}

/**
 * The banners for each kind of buyer (ForBuyer). One set for both is rendered once, unmarked. The
 * private buyer's set loads its pictures lazily until hydrated: shown only to a private buyer, whose
 * page the head's script marks, it must not cost a company's visit their download.
 */
function BannersForBuyer({
  company,
  private: forPrivate,
  render,
}: {
  company: BannerSlide[];
  private: BannerSlide[];
  render: (slides: BannerSlide[], eager: boolean) => ReactNode;
}) {
  const hydrated = useHydrated();
  const same = company.map((s) => s.title).join("\n") === forPrivate.map((s) => s.title).join("\n");
  if (same) return render(company, true);
  return <ForBuyer company={render(company, true)} private={render(forPrivate, hydrated)} />;
}

export const headers = livePageHeaders;
