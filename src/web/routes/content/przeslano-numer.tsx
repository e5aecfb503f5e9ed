import { Container, CtaLink } from "../../components/content/layout";
import { pageMeta } from "../../seo";
import type { Route } from "./+types/przeslano-numer";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: "Numer telefonu przesłany",
      description:
        "Otrzymaliśmy Twój numer telefonu. Oddzwonimy w godzinach pracy: pon. – pt., 9:00 – 19:00.",
      path: "/przeslano-numer",
      publicUrl: loaderData?.publicUrl ?? "",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const literals = await context.services.content.literals();
  return { publicUrl: context.services.config.publicUrl, promise: literals.CallbackPromise };
}

/** After a call-back request (spec section 2): phone number received, we will call back. */
export default function PrzeslanoNumer({ loaderData }: Route.ComponentProps) {
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
          Dziękujemy! Otrzymaliśmy Twój numer telefonu.
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
