import { SelfFinancingForm } from "../../features/leads/self-financing-form";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/self-financing-page";

export function meta(_: Route.MetaArgs) {
  return [
    { title: pageTitle("Samofinansowanie samochodu") },
    { name: "description", content: "Zostaw kontakt, a doradca przygotuje propozycję samofinansowania." },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { disclaimer: (await context.services.leadLiterals()).formDisclaimer };
}

export default function SelfFinancingPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Samofinansowanie</h1>
      <p className="mt-2 text-slate-700">
        Chcesz sfinansować samochód ze środków własnych firmy i rozłożyć koszt w czasie? Zostaw dane
        kontaktowe – doradca oddzwoni w ciągu 4 godzin w dni robocze i dobierze rozwiązanie.
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <SelfFinancingForm disclaimer={loaderData.disclaimer} />
      </div>
    </main>
  );
}
