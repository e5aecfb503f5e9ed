import { Link } from "react-router";

/** The not-found page (spec section 2): title 'Wystąpił błąd', noindex, 'Upss...' and two ways on. */
export function NotFound() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center">
      <title>Wystąpił błąd</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">Upss...</h1>
      <p className="mt-2 text-lg text-slate-600">Strona odjechała...</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg border border-brand-600 px-5 py-3 font-semibold text-brand-700">
          Wróć na stronę główną
        </Link>
        <Link to="/lista-pojazdow" className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">
          Przeglądaj oferty
        </Link>
      </div>
    </main>
  );
}

/** The page of an error on the server's side: nothing the visitor did, try again later. */
export function ServerErrorPage() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <title>Wystąpił błąd</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold">Wystąpił błąd</h1>
      <p className="mt-4">Wystąpił błąd po stronie serwera. Spróbuj ponownie za chwilę.</p>
      <a className="mt-6 inline-block text-brand-600 underline" href="/">
        Wróć na stronę główną
      </a>
    </main>
  );
}
