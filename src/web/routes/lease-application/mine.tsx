import { Link } from "react-router";
import { formatDateTime, parseApiDateTime } from "../../../domain/format";
import type { ApplicationStatus } from "../../../domain/lease-application/application";
import { applicationPath } from "../../../domain/lease-application/paths";
import { signedInLoader } from "../../features/accounts/signed-in";
import { PageShell } from "../../features/accounts/ui";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/mine";

export const meta = () => [
  { title: pageTitle("Wnioski leasingowe") },
  { name: "robots", content: "noindex" },
];

const TITLE = "Wnioski leasingowe";
const INTRO = "Wnioski o leasing i najem złożone z tego konta, od najnowszego.";

/** The answer of GET /api/LeaseApplication/Mine. */
interface MyApplications {
  Applications: {
    ApplicationId: number;
    CreatedAt: string;
    MakeModel: string;
    Status: ApplicationStatus;
    StatusName: string;
  }[];
}

export const clientLoader = signedInLoader<MyApplications>("/api/LeaseApplication/Mine");

export const HydrateFallback = () => (
  <PageShell title={TITLE} intro={INTRO}>
    <p role="status">Wczytywanie wniosków…</p>
  </PageShell>
);

/** How each state looks beside the car: finished well, finished badly, or still going. */
const STATUS_LOOK: Record<ApplicationStatus, string> = {
  review: "bg-amber-100 text-amber-900",
  documents: "bg-amber-100 text-amber-900",
  contract: "bg-emerald-100 text-emerald-900",
  declined: "bg-slate-200 text-slate-800",
  refused: "bg-slate-200 text-slate-800",
};

/**
 * /wnioski-leasingowe: the signed-in bidder's leasing applications, each with its car, date and
 * state, leading to the application's page with its timeline (which opens it for the account
 * without the mailed link's key).
 */
export default function MyApplicationsPage({ loaderData: list }: Route.ComponentProps) {
  if (list.failed)
    return (
      <PageShell title={TITLE} intro={INTRO}>
        <p className="text-slate-700">Nie udało się wczytać wniosków. Odśwież stronę.</p>
      </PageShell>
    );
  const applications = list.data.Applications;
  return (
    <PageShell title={TITLE} intro={INTRO}>
      {applications.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">
          <p>Nie masz jeszcze wniosków leasingowych.</p>
          <p className="mt-2">
            Wniosek złożysz online z oferty samochodu: przycisk „Złóż wniosek online” jest obok ceny i pod
            kalkulatorem rat.{" "}
            <Link className="font-semibold text-brand-700 underline" to="/lista-pojazdow">
              Przeglądaj samochody
            </Link>
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {applications.map((a) => (
            <li key={a.ApplicationId}>
              <article
                aria-labelledby={`wniosek-${a.ApplicationId}`}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <h2 id={`wniosek-${a.ApplicationId}`} className="text-lg font-bold text-brand-900">
                  <Link to={applicationPath(a.ApplicationId)} className="hover:underline">
                    {a.MakeModel}
                  </Link>
                </h2>
                <p className="text-sm text-slate-700">
                  Wniosek nr {a.ApplicationId} · złożony {formatDateTime(parseApiDateTime(a.CreatedAt))}
                </p>
                <p>
                  <span
                    className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${STATUS_LOOK[a.Status]}`}
                  >
                    {a.StatusName.charAt(0).toLocaleUpperCase("pl") + a.StatusName.slice(1)}
                  </span>
                </p>
                <Link
                  to={applicationPath(a.ApplicationId)}
                  className="w-fit text-sm font-semibold text-brand-700 underline"
                >
                  Zobacz wniosek nr {a.ApplicationId} i jego przebieg
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
