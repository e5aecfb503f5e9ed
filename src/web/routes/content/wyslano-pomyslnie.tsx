import { Container, CtaLink } from "../../components/content/layout";
import { pageMeta } from "../../seo";
import type { Route } from "./+types/wyslano-pomyslnie";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: "Zapytanie wysłane",
      description: "Dziękujemy za zapytanie. Nasz doradca skontaktuje się z Tobą w ciągu 4 godzin.",
      path: "/wyslano-pomyslnie",
      publicUrl: loaderData?.publicUrl ?? "",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const literals = await context.services.content.literals();
  return { publicUrl: context.services.config.publicUrl, promise: literals.AdviserContactPromise };
}

/** After a lead form (spec section 2): enquiry sent, adviser within 4 hours. */
export default function WyslanoPomyslnie({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <Container narrow className="flex flex-col items-center py-20 text-center">
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700"
        >
          ✓
        </span>
        <h1 className="mt-6 text-3xl font-bold text-slate-900">
          Dziękujemy! Twoje zapytanie zostało wysłane.
        </h1>
        <p className="mt-4 text-lg text-slate-700">{loaderData.promise}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <CtaLink cta={{ to: "/", label: "Wróć na stronę główną" }} variant="outline" />
          <CtaLink cta={{ to: "/lista-pojazdow", label: "Przeglądaj oferty" }} variant="brand" />
        </div>
      </Container>
    </main>
  );
}
