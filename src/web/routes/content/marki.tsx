import { Link } from "react-router";
import { countOffers } from "../../../domain/format";
import { Container, PageHero } from "../../components/content/layout";
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
  return (
    <main>
      <PageHero
        eyebrow="Marki"
        title="Marki samochodów"
        lead={
          <p>
            {makes.length
              ? `Liczba marek w ofercie: ${makes.length}, liczba ofert: ${total}. Wybierz markę, aby zobaczyć jej samochody.`
              : "Wybierz markę, aby zobaczyć jej samochody."}
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
            {makes.map((m) => (
              // A grid item is as wide as its content by default: "Mercedes-Benz" beside its count
              // pushed the phone layout 7 px wide; the count goes under the name instead.
              <li key={m.slug} className="min-w-0">
                <Link
                  to={`/marki/${m.slug}`}
                  className="flex min-h-16 flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="min-w-0 font-semibold break-words text-slate-900">{m.make}</span>
                  <span className="shrink-0 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
                    {countOffers(m.count)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </main>
  );
}
