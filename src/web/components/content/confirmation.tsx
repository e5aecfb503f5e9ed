import { Container, CtaLink } from "./layout";

/**
 * The body of the confirmation screens of spec section 2 (/wyslano-pomyslnie, /przeslano-numer): a
 * tick, what happened, what happens next (a literal, editable in the database) and two ways on.
 */
export function ConfirmationScreen({ heading, promise }: { heading: string; promise: string }) {
  return (
    <main>
      <Container narrow className="flex flex-col items-center py-20 text-center">
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700"
        >
          ✓
        </span>
        <h1 className="mt-6 text-3xl font-bold text-slate-900">{heading}</h1>
        <p className="mt-4 text-lg text-slate-700">{promise}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <CtaLink cta={{ to: "/", label: "Wróć na stronę główną" }} variant="outline" />
          <CtaLink cta={{ to: "/lista-pojazdow", label: "Przeglądaj oferty" }} variant="brand" />
        </div>
      </Container>
    </main>
  );
}
