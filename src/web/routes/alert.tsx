import { criteriaFromQuery } from "../../domain/alerts/prefill";
import { AlertWizard } from "../features/alerts/alert-wizard";
import { publicPageMeta } from "../seo";
import type { Route } from "./+types/alert";

export const meta = publicPageMeta({
  title: "Alert o nowych ofertach samochodów",
  description: "Opisz samochód, którego szukasz, a powiadomimy Cię e-mailem, gdy pojawi się pasująca oferta.",
  path: "/alert",
});

/** The wizard needs the filter data (spec section 2); the URL query pre-fills it (section 3). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const options = await context.services.alerts.options();
  const initial = criteriaFromQuery(new URL(request.url).searchParams, {
    bodyTypes: options.BodyTypes.map((o) => o.Value),
    fuelTypes: options.FuelTypes.map((o) => o.Value),
    gearboxTypes: options.GearboxTypes.map((o) => o.Value),
    makes: options.AvailableAlertMakes,
  });
  return { publicUrl: context.services.config.publicUrl, options, initial };
}

export default function AlertRoute({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold">Alert o nowych ofertach</h1>
      <p className="mt-2 mb-8 text-slate-700">
        Opisz samochód, którego szukasz. Gdy pojawi się pasująca oferta albo cena spadnie, wyślemy Ci e-mail.
      </p>
      <AlertWizard
        // The query decides the starting state; a new query starts the wizard afresh.
        key={JSON.stringify(loaderData.initial)}
        options={loaderData.options}
        initial={loaderData.initial}
      />
    </main>
  );
}
