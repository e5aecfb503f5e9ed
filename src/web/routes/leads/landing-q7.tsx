import { useState } from "react";
import { formatPrice } from "../../../domain/format";
import { headlineLeasing, headlineRent, offerTerms } from "../../../domain/headline-price";
import { LANDING_Q7 } from "../../../domain/landing-q7";
import type { CalculatorContactFormData } from "../../../domain/lead-forms";
import { Logo } from "../../components/shell/site-header";
import { OfferPhoto } from "../../features/catalogue/offer-photo";
import { FinancingCalculator } from "../../features/leads/calculator";
import { CALCULATOR_ANCHOR, OpenCalculatorLink } from "../../features/leads/calculator-link";
import { ContactForm } from "../../features/leads/contact-form";
import type { LeadOffer } from "../../features/leads/types";
import { publicPageMeta } from "../../seo";
import type { Route } from "./+types/landing-q7";

/** The shell (navigation, footer, chat) stays hidden on this landing page. */
export const handle = { hideShell: true };

const TITLE = `${LANDING_Q7.make} ${LANDING_Q7.model}`;

export const meta = publicPageMeta({
  title: `${TITLE} od ręki, pierwsza rata 1 zł`,
  description: `Fabrycznie nowe ${TITLE} dostępne od ręki w leasingu lub najmie. Pierwsza rata 1 zł.`,
  path: "/lp-q7",
});

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
  // The car's own photo when the catalogue has it (the banner of spec section 2).
  const details = found ? await context.services.offers.details(found.AuctionId, "new") : null;
  const price = offer.TotalPriceNettoDiscount ?? offer.TotalPriceNetto;
  return {
    publicUrl: context.services.config.publicUrl,
    offer,
    fromCatalogue: Boolean(found),
    literals,
    properties,
    photoUrl: details?.MainPhotoUrl ?? null,
    detailsUrl: details?.Url ?? null,
    // From the second instalment on: the lowest instalments the calculator gives, with their terms.
    rentFrom: price && offer.IsRentAvailable ? headlineRent(price, properties) : null,
    leasingFrom: price && offer.IsLeasingAvailable ? headlineLeasing(price, properties) : null,
    terms: price ? offerTerms(price, properties) : null,
  };
}

const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** No shell here (spec section 2), but the brand is still named and leads home. */
function LandingHeader({ phone }: { phone: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Logo />
        <a
          href={phoneHref(phone)}
          className="hidden text-sm font-semibold text-brand-900 underline-offset-4 hover:underline sm:block"
        >
          {phone}
        </a>
      </div>
    </header>
  );
}

type LandingData = Route.ComponentProps["loaderData"];

/** What "1 zł" means next to the calculator's monthly figure: from the second instalment on. */
function FirstInstalmentNote({
  rentFrom,
  leasingFrom,
  terms,
}: Pick<LandingData, "rentFrom" | "leasingFrom" | "terms">) {
  return (
    <p className="mt-4 max-w-prose text-sm text-brand-100" data-testid="first-instalment-note">
      Za pierwszą ratę płacisz {formatPrice(LANDING_Q7.firstInstallmentZl)} netto. Od drugiej raty płacisz
      ratę z kalkulatora poniżej
      {rentFrom ? (
        <>
          {" "}
          – w najmie od{" "}
          <OpenCalculatorLink product="rent" className="text-white underline underline-offset-4">
            <strong>{formatPrice(rentFrom)} netto/mies.</strong>
          </OpenCalculatorLink>{" "}
          przy {terms?.rent}
        </>
      ) : null}
      {leasingFrom ? (
        <>
          {rentFrom ? "; " : " – "}w leasingu od{" "}
          <OpenCalculatorLink product="leasing" className="text-white underline underline-offset-4">
            <strong>{formatPrice(leasingFrom)} netto/mies.</strong>
          </OpenCalculatorLink>{" "}
          przy {terms?.leasing}
        </>
      ) : null}
      .
    </p>
  );
}

/** The car's photo from the catalogue, or a drawn picture of the model said to be one. */
function HeroPhoto({ photoUrl, detailsUrl }: Pick<LandingData, "photoUrl" | "detailsUrl">) {
  return (
    <div>
      {photoUrl ? (
        <OfferPhoto
          url={photoUrl}
          alt={`${TITLE} – zdjęcie samochodu`}
          sizes="(min-width: 1024px) 50vw, 100vw"
          priority
          className="rounded-xl shadow-lg"
        />
      ) : (
        // No Q7 in the catalogue right now: a drawn picture of the model's body, said to be one.
        <figure>
          <img
            src="/images/lp-q7.svg"
            alt={`${TITLE} – zdjęcie poglądowe`}
            width={1280}
            height={960}
            className="aspect-[4/3] w-full rounded-xl object-cover shadow-lg"
          />
          <figcaption className="mt-2 text-sm text-brand-100">Zdjęcie poglądowe</figcaption>
        </figure>
      )}
      {detailsUrl && (
        <p className="mt-2 text-sm text-brand-100">
          <a href={detailsUrl} className="underline underline-offset-4">
            Zobacz pełną ofertę i wyposażenie
          </a>
        </p>
      )}
    </div>
  );
}

export default function LandingQ7({ loaderData }: Route.ComponentProps) {
  const { offer, fromCatalogue, literals, properties, photoUrl, detailsUrl, rentFrom, leasingFrom, terms } =
    loaderData;
  const [calculator, setCalculator] = useState<CalculatorContactFormData | null>(null);
  const price = offer.TotalPriceNettoDiscount ?? offer.TotalPriceNetto;
  return (
    // The cookie notice sits over the bottom of the page until accepted: the page ends above it.
    <main className="pb-[var(--cookie-notice-height,0px)]">
      <LandingHeader phone={literals.callButtonPhone} />
      <section
        aria-labelledby="lp-title"
        className="bg-gradient-to-br from-brand-900 to-brand-700 text-white"
      >
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-12 lg:grid-cols-[1fr_1.1fr] lg:items-center">
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
                ✓ Pierwsza rata <strong>{formatPrice(LANDING_Q7.firstInstallmentZl)} netto</strong>
              </li>
            </ul>
            <FirstInstalmentNote rentFrom={rentFrom} leasingFrom={leasingFrom} terms={terms} />
            {price ? (
              <p className="mt-3 text-brand-100">
                Cena: <strong className="text-white">{formatPrice(price)} netto</strong>
              </p>
            ) : null}
            <div className="mt-5 flex flex-wrap items-center gap-3">
              <a
                href={phoneHref(literals.callButtonPhone)}
                className="rounded-full bg-accent-500 px-6 py-3 text-lg font-bold text-slate-900 shadow hover:bg-amber-400"
              >
                Zadzwoń: {literals.callButtonPhone}
              </a>
              <a href="#lp-formularz" className="font-semibold text-white underline underline-offset-4">
                Zapytaj o ofertę
              </a>
            </div>
            <p className="mt-2 text-sm text-brand-100">pon. – pt., 9:00 – 19:00</p>
          </div>
          <HeroPhoto photoUrl={photoUrl} detailsUrl={detailsUrl} />
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-2">
        <div id={CALCULATOR_ANCHOR} className="scroll-mt-4">
          <FinancingCalculator offer={offer} properties={properties} onChange={setCalculator} />
        </div>
        <div
          id="lp-formularz"
          className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
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
