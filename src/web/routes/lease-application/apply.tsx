import { data, Link, redirect } from "react-router";
import { badRequestAlertText, namedField } from "../../../domain/errors";
import { applicationSchema } from "../../../domain/lease-application/application";
import { applicationPath, termsFromSearch } from "../../../domain/lease-application/paths";
import { countHit, minutesToWait, rateLimitedMessage } from "../../../server/http/rate-limit";
import { parseFormData } from "../../components/form/parse-form";
import { ApplicationForm } from "../../features/lease-application/application-form";
import { serviceRefusal } from "../../lib/service-refusal.server";
import type { Route } from "./+types/apply";

export function meta() {
  return [{ title: "Wniosek leasingowy online | Flotis" }, { name: "robots", content: "noindex" }];
}

const offerIdOf = (request: Request) => {
  const id = Number(new URL(request.url).searchParams.get("oferta"));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The form of an offer (?oferta=N) with the calculator's terms of the address (applicationFormPath). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = offerIdOf(request);
  const offer = id ? await context.services.leaseApplications.offerForApplication(id) : null;
  if (!offer) return { offer: null, properties: null, defaultValue: {} };
  const properties = await context.services.calculatorProperties();
  const t = termsFromSearch(new URL(request.url).searchParams);
  const product =
    t.Product === "rent" && offer.IsRentAvailable ? "rent" : offer.IsLeasingAvailable ? "leasing" : "rent";
  const p = product === "leasing" ? properties.Leasing : properties.LongTimeRent;
  return {
    offer,
    properties,
    defaultValue: {
      Terms: {
        Product: product,
        Period: String(t.Period ?? p.DefaultPeriod),
        OwPercent: String(t.OwPercent ?? p.Ow.Default),
        RvPercent: String(t.RvPercent ?? properties.Leasing.Rv.Default),
        Mileage: String(t.Mileage ?? properties.LongTimeRent.DefaultMileage),
        AdditionalServices: t.AdditionalServices,
      },
    },
  };
}

/**
 * The form posted before the page hydrated (ADR 024): checked with the API's schema, limited per
 * address under the API's name, taken as a visitor's; then to the decision.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseFormData(formData, applicationSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refuse = (message: string, status: number) => {
    const named = namedField(message);
    return data(
      submission.reply({
        formErrors: [badRequestAlertText(message)],
        fieldErrors: named ? { [named.field]: [named.message] } : {},
      }),
      { status },
    );
  };
  const { services, clientIp } = context;
  const retryAfterS = await countHit(
    services.db,
    "LeaseApplication",
    clientIp,
    5,
    services.clock.now().getTime(),
  );
  if (retryAfterS !== null) return refuse(rateLimitedMessage(minutesToWait(retryAfterS)), 429);
  try {
    const r = await services.leaseApplications.submit(submission.value, { userId: null, ip: clientIp });
    return redirect(`${applicationPath(r.id)}?klucz=${encodeURIComponent(r.key)}`);
  } catch (err) {
    const refusal = serviceRefusal(err);
    if (refusal) return refuse(refusal.message, refusal.status);
    throw err;
  }
}

export default function ApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, properties, defaultValue } = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Wniosek leasingowy online</h1>
      {offer && properties ? (
        <>
          <p className="mt-2 max-w-2xl text-slate-700">
            Wypełnij wniosek, a wstępną decyzję zobaczysz od razu po jego złożeniu. Przy decyzji pozytywnej
            zarezerwujemy dla Ciebie samochód na 48 godzin.
          </p>
          <div className="mt-6">
            <ApplicationForm
              offer={offer}
              properties={properties}
              defaultValue={defaultValue}
              lastResult={actionData}
            />
          </div>
        </>
      ) : (
        <p className="mt-4 text-slate-700">
          Wniosek składasz ze strony wybranego samochodu: przycisk „Złóż wniosek online” jest przy
          kalkulatorze raty.{" "}
          <Link to="/lista-pojazdow" className="text-brand-700 underline">
            Przeglądaj oferty
          </Link>
        </p>
      )}
    </main>
  );
}
