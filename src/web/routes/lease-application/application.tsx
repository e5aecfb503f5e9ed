import { useEffect, useState } from "react";
import { applicationPath } from "../../../domain/lease-application/paths";
import { type ApplicationView, applicationView } from "../../../server/lease-application/view";
import { api } from "../../api-client";
import { loginUrl } from "../../features/accounts/ui";
import { ApplicationDetails } from "../../features/lease-application/application-page";
import { session } from "../../lib/storage";
import type { Route } from "./+types/application";

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Wniosek leasingowy nr ${params.id} | Flotis` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** The page is the applicant's own: never stored by a browser cache, a proxy or the page cache. */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

/**
 * /wniosek-leasingowy/{id}: with the mailed link's key (?klucz=…) the page is rendered with the
 * application; a signed-in bidder's own application loads in the browser (tokens live there).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const key = new URL(request.url).searchParams.get("klucz");
  if (!Number.isInteger(id) || id <= 0) return { id: 0, key: null, view: null };
  if (!key) return { id, key: null, view: null };
  try {
    const found = await context.services.leaseApplications.read(id, { key });
    return { id, key, view: applicationView(found, context.services.clock.now()) };
  } catch {
    return { id, key: null, view: null };
  }
}

export default function ApplicationPage({ loaderData }: Route.ComponentProps) {
  const { id, key } = loaderData;
  const [view, setView] = useState<ApplicationView | null>(loaderData.view);
  const [missing, setMissing] = useState(false);
  const reload = async () => {
    try {
      setView(
        await api.get<ApplicationView>(`/api/LeaseApplication`, {
          query: { ApplicationId: id, Key: key ?? undefined },
          quiet: true,
        }),
      );
    } catch {
      setMissing(true);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's own data on each address.
  useEffect(() => {
    setView(loaderData.view);
    if (!loaderData.view && session.isLoggedIn() && id) void reload();
    else if (!loaderData.view) setMissing(true);
  }, [loaderData.view, id]);
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Wniosek leasingowy nr {id}</h1>
      {view ? (
        <ApplicationDetails view={view} applicationKey={key} onChanged={reload} />
      ) : missing ? (
        <p className="mt-4 text-slate-700">
          Nie możemy pokazać tego wniosku. Otwórz go linkiem z e-maila, który od nas dostałeś, albo{" "}
          <a className="text-brand-700 underline" href={loginUrl(applicationPath(id))}>
            zaloguj się
          </a>{" "}
          na konto, z którego go złożyłeś.
        </p>
      ) : null}
    </main>
  );
}
