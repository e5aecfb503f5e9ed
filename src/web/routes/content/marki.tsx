import { Link } from "react-router";
import { countOffers } from "../../../domain/format";
import { Container, PageHero } from "../../components/content/layout";
import { ForBuyer } from "../../features/catalogue/by-buyer";
import { useStoredPrivateBuyer } from "../../features/catalogue/private-buyer";
import { useHydrated } from "../../lib/use-hydrated";
import { publicPageLoader, publicPageMeta } from "../../seo";
import type { Route } from "./+types/marki";

export const meta = publicPageMeta({
  title: "Marki samochodów w ofercie",
  description:
    "Wszystkie marki samochodów w naszej ofercie z liczbą dostępnych ofert: samochody nowe, poleasingowe i na aukcjach.",
  path: "/marki",
});

export const loader = publicPageLoader(async ({ content }) => ({ makes: await content.makesWithCounts() }));

export default function Marki({ loaderData }: Route.ComponentProps) {
  const { makes } = loaderData;
  const total = makes.reduce((sum, m) => sum + m.count, 0);
  const privateTotal = makes.reduce((sum, m) => sum + m.privateCount, 0);
  const privateMakes = makes.filter((m) => m.privateCount > 0).length;
  const hydrated = useHydrated();
  const privateBuyer = useStoredPrivateBuyer();
  const summary = (brands: number, offers: number) =>
    `Liczba marek w ofercie: ${brands}, liczba ofert: ${offers}. Wybierz markę, aby zobaczyć jej samochody.`;
  return (
    <main>
      <PageHero
        eyebrow="Marki"
        title="Marki samochodów"
        lead={
          <p>
            {makes.length ? (
              // A private buyer counts what they can buy: for cash, no auctions (the list's private view).
              <ForBuyer
                as="span"
                company={summary(makes.length, total)}
                private={summary(privateMakes, privateTotal)}
              />
            ) : (
              "Wybierz markę, aby zobaczyć jej samochody."
            )}
          </p>
        }
      />
      <Container className="py-10">
        {makes.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-lg text-slate-700">
            Obecnie nie mamy żadnych ofert. Zajrzyj do nas wkrótce lub{" "}
            <Link to="/alert" className="text-brand-700 underline">
              ustaw alert
            </Link>
            , a powiadomimy Cię o nowych samochodach.
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Marki w ofercie">
            {makes.map((m) =>
              // A make a private buyer cannot buy (only auctions or instalments) is a company's only.
              m.privateCount === 0 && hydrated && privateBuyer ? null : (
                // A grid item is as wide as its content by default: "Mercedes-Benz" beside its count
                // pushed the phone layout 7 px wide; the count goes under the name instead.
                <li
                  key={m.slug}
                  className="min-w-0"
                  data-for-buyer={m.privateCount === 0 && !hydrated ? "company" : undefined}
                >
                  <Link
                    to={`/marki/${m.slug}`}
                    className="flex min-h-16 flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span className="min-w-0 font-semibold break-words text-slate-900">{m.make}</span>
                    <span className="shrink-0 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
                      <ForBuyer
                        as="span"
                        company={countOffers(m.count)}
                        private={countOffers(m.privateCount)}
                      />
                    </span>
                  </Link>
                </li>
              ),
            )}
          </ul>
        )}
      </Container>
    </main>
  );
}
