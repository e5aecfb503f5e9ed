import { Link } from "react-router";
import { FaqList, faqJsonLd } from "../../components/content/faq-list";
import { Container, PageHero } from "../../components/content/layout";
import { pageMeta } from "../../seo";
import type { Route } from "./+types/faq";

export function meta({ loaderData }: Route.MetaArgs) {
  const publicUrl = loaderData?.publicUrl ?? "";
  return [
    ...pageMeta({
      title: "Pytania i odpowiedzi (FAQ)",
      description:
        "Odpowiedzi na pytania o samochody nowe i poleasingowe, leasing i najem, szczegóły umowy, pakiety dodatkowe, aukcje oraz dopłatę „Mój elektryk”.",
      path: "/faq",
      publicUrl,
    }),
    { "script:ld+json": faqJsonLd(loaderData?.faq ?? [], `${publicUrl}/faq`) },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return {
    publicUrl: context.services.config.publicUrl,
    faq: await context.services.content.faq(),
    q: q.slice(0, 100),
  };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <PageHero
        title="Pytania i odpowiedzi"
        lead={<p>Wszystko, co warto wiedzieć przed wyborem samochodu, finansowania lub udziałem w aukcji.</p>}
      />
      <Container className="py-10">
        <FaqList entries={loaderData.faq} initialQuery={loaderData.q} />
        <p className="mt-10 text-slate-700">
          Nie znalazłeś odpowiedzi?{" "}
          <Link to="/kontakt" className="font-semibold text-brand-700 underline">
            Skontaktuj się z nami
          </Link>
          .
        </p>
      </Container>
    </main>
  );
}
