import { data, Link } from "react-router";
import { BRAND } from "../../domain/brand";
import type { Route } from "./+types/alert-link";

const LINK = /^(aktywacja|dezaktywacja)=(.+)$/;

/**
 * The e-mail links /alert/aktywacja={guid} and /alert/dezaktywacja={guid} (spec section 2): the page
 * calls the alert service (the same code as PATCH and DELETE /api/CarAlert) and shows success, or the
 * not-found page with status 404 for a bad or used link.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const m = LINK.exec(params.link ?? "");
  if (!m) throw data(null, { status: 404 });
  const [, action, guid] = m;
  try {
    if (action === "aktywacja") await context.services.alerts.activate(guid);
    else await context.services.alerts.deactivate(guid);
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw err;
  }
  return { action: action as "aktywacja" | "dezaktywacja" };
}

export function meta({ data: d }: Route.MetaArgs) {
  const title = d?.action === "aktywacja" ? "Alert aktywny" : "Alert wyłączony";
  return [{ title: `${title} | ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export default function AlertLinkRoute({ loaderData }: Route.ComponentProps) {
  const activated = loaderData.action === "aktywacja";
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center px-6 py-16 text-center">
      <div
        aria-hidden="true"
        className={`flex h-16 w-16 items-center justify-center rounded-full text-3xl ${
          activated ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"
        }`}
      >
        {activated ? "✓" : "✕"}
      </div>
      <h1 className="mt-6 text-3xl font-bold">
        {activated ? "Alert jest aktywny" : "Alert został wyłączony"}
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        {activated
          ? "Dziękujemy za potwierdzenie. Gdy pojawi się samochód pasujący do Twoich kryteriów albo jego cena spadnie, wyślemy Ci e-mail, najwyżej jeden dziennie."
          : "Nie będziemy już wysyłać powiadomień z tego alertu. W każdej chwili możesz ustawić nowy."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/lista-pojazdow"
          className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Przeglądaj oferty
        </Link>
        {!activated && (
          <Link
            to="/alert"
            className="rounded-lg border border-brand-600 px-5 py-3 font-semibold text-brand-700"
          >
            Ustaw nowy alert
          </Link>
        )}
      </div>
    </main>
  );
}
