import { useState } from "react";
import { LANDING_Q7 } from "../../../domain/landing-q7";
import type { CalculatorContactFormData } from "../../../domain/lead-forms";
import { FinancingCalculator, formatZl } from "../../features/leads/calculator";
import { ContactForm } from "../../features/leads/contact-form";
import type { LeadOffer } from "../../features/leads/types";
import type { Route } from "./+types/landing-q7";

/** The shell (navigation, footer, chat) stays hidden on this landing page. */
export const handle = { hideShell: true };

const TITLE = `${LANDING_Q7.make} ${LANDING_Q7.model}`;

export function meta(_: Route.MetaArgs) {
  return [
    { title: `${TITLE} od ręki, pierwsza rata 1 zł | Flotis` },
    {
      name: "description",
      content: `Fabrycznie nowe ${TITLE} dostępne od ręki w leasingu lub najmie. Pierwsza rata 1 zł.`,
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [found, literals, properties] = await Promise.all([
    context.services.leads.cheapestNewOffer(LANDING_Q7.make, LANDING_Q7.model),
    context.services.leadLiterals(),
    context.services.calculatorProperties(),
  ]);
  const offer: LeadOffer & { AuctionId: number | null } = found ?? {
    AuctionId: null as unknown as number,
    SaleType: "new",
    MakeModel: `${TITLE} ${LANDING_Q7.version}`,
    IsCertified: false,
    IsRentAvailable: true,
    IsLeasingAvailable: true,
    IsCashAvailable: true,
    TotalPriceNetto: LANDING_Q7.priceNetto,
    TotalPriceBrutto: LANDING_Q7.priceBrutto,
  };
  return { offer, fromCatalogue: Boolean(found), literals, properties };
}

const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function LandingQ7({ loaderData }: Route.ComponentProps) {
  const { offer, fromCatalogue, literals, properties } = loaderData;
  const [calculator, setCalculator] = useState<CalculatorContactFormData | null>(null);
  const price = offer.TotalPriceNettoDiscount ?? offer.TotalPriceNetto;
  return (
    <main>
      <section
        aria-labelledby="lp-title"
        className="bg-gradient-to-br from-brand-900 to-brand-700 text-white"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:py-14 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-accent-500">Oferta specjalna</p>
            <h1 id="lp-title" className="mt-2 text-4xl font-extrabold sm:text-5xl">
              {TITLE}
            </h1>
            <p className="mt-1 text-lg text-brand-100">{offer.MakeModel}</p>
            <ul className="mt-5 space-y-2 text-lg">
              <li>✓ Dostępne od ręki</li>
              <li>✓ Fabrycznie nowe</li>
              <li>
                ✓ Pierwsza rata <strong>{formatZl(LANDING_Q7.firstInstallmentZl)}</strong>
              </li>
            </ul>
            {price ? <p className="mt-4 text-brand-100">Cena: {formatZl(price)} netto</p> : null}
          </div>
          <div className="flex flex-col items-start gap-2">
            <a
              href={phoneHref(literals.callButtonPhone)}
              className="rounded-full bg-accent-500 px-6 py-3 text-lg font-bold text-slate-900 shadow hover:bg-amber-400"
            >
              Zadzwoń: {literals.callButtonPhone}
            </a>
            <p className="text-sm text-brand-100">pon. – pt., 9:00 – 19:00</p>
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-2">
        <FinancingCalculator offer={offer} properties={properties} onChange={setCalculator} />
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <ContactForm
            offer={fromCatalogue ? offer : null}
            fixedCar={fromCatalogue ? null : { Make: LANDING_Q7.make, Model: LANDING_Q7.model }}
            calculator={calculator}
            disclaimer={literals.formDisclaimer}
            disclaimerLength="long"
            heading={`Zapytaj o ${TITLE}`}
          />
        </div>
      </div>
    </main>
  );
}
