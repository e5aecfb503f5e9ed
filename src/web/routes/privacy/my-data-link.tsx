import { data, Form, useNavigation } from "react-router";
import { formatDate } from "../../../domain/format";
import { MY_DATA_PATH } from "../../../domain/privacy-rights";
import { Container, PageHero } from "../../components/content/layout";
import { linkClass, Notice } from "../../features/accounts/ui";
import { serviceRefusal } from "../../lib/service-refusal.server";
import type { Route } from "./+types/my-data-link";

export function meta() {
  return [{ title: "Twoje dane | Flotis" }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * The mailed link /moje-dane/{token}: opening it (GET) shows what is kept under the address and
 * changes nothing, so a mail scanner following it does no harm; the buttons POST (ADR 052, as the
 * alert links of ADR 050). An unknown link is the not-found page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await context.services.privacy.requests.view(params.token);
  if (!view) throw data(null, { status: 404 });
  return {
    ...view,
    dueAt: view.dueAt ? formatDate(view.dueAt) : null,
    completedAt: view.completedAt ? formatDate(view.completedAt) : null,
  };
}

/** The erasure button: the request joins the staff's queue. */
export async function action({ params, context }: Route.ActionArgs) {
  try {
    await context.services.privacy.requests.requestErasure(params.token);
    return { refusal: null };
  } catch (err) {
    const refusal = serviceRefusal(err);
    if (!refusal) throw err;
    return { refusal: refusal.message };
  }
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

const buttonClass =
  "inline-flex items-center justify-center rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50";

/** What is kept, in words: "2 zapytania, 1 alert, brak rozmów". */
function Counts({ counts }: { counts: Route.ComponentProps["loaderData"]["counts"] }) {
  const rows = [
    ["Zapytania z formularzy", counts.Leads],
    ["Alerty e-mail", counts.Alerts],
    ["Rozmowy na czacie", counts.Chats],
    ["Wiadomości zostawione poza godzinami czatu", counts.ChatTickets],
    ["Wnioski leasingowe", counts.LeaseApplications],
  ] as const;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white p-4">
      {rows.map(([label, n]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="text-right font-semibold tabular-nums">{n}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The download buttons: the link's own address and /pobierz (a relative "pobierz" lost the token). */
function Downloads({ token }: { token: string }) {
  return (
    <form method="post" action={`${MY_DATA_PATH}/${token}/pobierz`} className="flex flex-wrap gap-3">
      <button type="submit" name="format" value="json" className={buttonClass}>
        Pobierz dane (JSON)
      </button>
      <button type="submit" name="format" value="csv" className={buttonClass}>
        Pobierz dane (CSV)
      </button>
    </form>
  );
}

export default function MyDataLink({ loaderData: view, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  const again = (
    <a href={MY_DATA_PATH} className={linkClass}>
      Poproś o nowy link
    </a>
  );
  return (
    <main>
      <PageHero
        title="Twoje dane"
        lead={<p>Dane zapisane pod adresem {view.email || "e-mail z tego linku"}.</p>}
      />
      <Container narrow className="flex flex-col gap-6 py-10">
        {view.state === "completed" ? (
          <Notice kind="success">Dane zapisane pod tym adresem zostały usunięte {view.completedAt}.</Notice>
        ) : view.expired ? (
          <Notice kind="info">
            Link wygasł. {again}
            {view.state === "waiting" ? ` Żądanie usunięcia danych realizujemy do ${view.dueAt}.` : null}
          </Notice>
        ) : (
          <>
            <Counts counts={view.counts} />
            <p>
              Pobierz kopię tych danych: plik JSON odczyta inny program, plik CSV otworzysz w arkuszu
              kalkulacyjnym.
            </p>
            <Downloads token={params.token} />
            {view.state === "waiting" ? (
              <Notice kind="info">
                Otrzymaliśmy Twoje żądanie usunięcia tych danych. Zrealizujemy je najpóźniej do {view.dueAt} i
                potwierdzimy e-mailem.
              </Notice>
            ) : (
              <Form method="post" className="flex flex-col gap-3">
                <p>
                  Możesz też poprosić o usunięcie tych danych. Zrealizujemy żądanie w ciągu miesiąca i
                  potwierdzimy to e-mailem. Konta uczestnika aukcji ono nie obejmuje – konto usuniesz w jego
                  ustawieniach.
                </p>
                {actionData?.refusal ? <Notice kind="error">{actionData.refusal}</Notice> : null}
                <div>
                  <button
                    type="submit"
                    disabled={navigation.state === "submitting"}
                    className="rounded-lg bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                  >
                    Poproś o usunięcie danych
                  </button>
                </div>
              </Form>
            )}
          </>
        )}
      </Container>
    </main>
  );
}
