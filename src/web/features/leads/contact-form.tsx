import { useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import {
  type CalculatorContactFormData,
  carDetailsSchema,
  contactFormSchema,
} from "../../../domain/lead-forms";
import { postJson } from "./api";
import { currentCampaignIds, recordFormSent } from "./campaign-tracking";
import { type DISCLAIMER_LENGTH, Disclaimer } from "./disclaimer";
import { CheckboxField, FormSummary, Spinner, TextField } from "./fields";
import { ConsentsAndCaptcha, PersonFields } from "./person-fields";
import { fireLeadComplete, type LeadOffer } from "./types";
import { useLeadForm } from "./use-lead-form";

export const SENT_PATH = "/wyslano-pomyslnie";

const GEARBOXES = ["manualna", "automatyczna"];
const FUELS = ["benzyna", "diesel", "hybryda", "elektryczny", "LPG"];

const withCarSchema = contactFormSchema.extend({ CarDetails: carDetailsSchema });

type CarValues = {
  Make: string;
  Model: string;
  PlateNumber: string;
  ProductionYear: string;
  CarMileage: number | null;
  GearBoxType: string;
  FuelType: string;
};

export interface ContactFormProps {
  /** The offer asked about; absent on /formularz-kontaktowy. */
  offer?: Pick<LeadOffer, "AuctionId" | "SaleType" | "MakeModel" | "IsCertified"> | null;
  /** The calculator state the person saw (sent as CalculatorContactFormData). */
  calculator?: CalculatorContactFormData | null;
  /** Show the "car from outside the offer" fields (CarDetails); `carOpen` opens them at first. */
  allowCarDetails?: boolean;
  carOpen?: boolean;
  /** Literal FormDisclaimer. */
  disclaimer: string;
  disclaimerLength?: keyof typeof DISCLAIMER_LENGTH;
  heading?: string;
  /** Extra car data for a fixed model (landing page): sent as CarDetails without showing fields. */
  fixedCar?: { Make: string; Model: string } | null;
  /** Certified offer, certificate asked for: runs before going to /wyslano-pomyslnie. */
  onCertificateSubmitted?: (detail: { LeadId: number; AuctionId: number }) => void;
}

/** Default 'certificate submitted' step: a browser event for analytics and the page. */
export const CERTIFICATE_SUBMITTED_EVENT = "certificate-submitted";
function fireCertificateSubmitted(detail: { LeadId: number; AuctionId: number }) {
  window.dispatchEvent(new CustomEvent(CERTIFICATE_SUBMITTED_EVENT, { detail }));
}

/**
 * The contact form of spec sections 3-5: idle, validating, sending (spinner), then the lead-complete
 * event and /wyslano-pomyslnie. On a certified ex-lease offer the person may also ask for the
 * certificate (SendCertificateData); without the 'only offer' choice the certificate step runs first.
 */
export function ContactForm({
  offer,
  calculator,
  allowCarDetails = false,
  carOpen = false,
  disclaimer,
  disclaimerLength = "short",
  heading = "Zapytaj o ofertę",
  fixedCar = null,
  onCertificateSubmitted,
}: ContactFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const navigate = useNavigate();
  const [withCar, setWithCar] = useState(carOpen);
  const [car, setCar] = useState<CarValues>({
    Make: "",
    Model: "",
    PlateNumber: "",
    ProductionYear: "",
    CarMileage: null,
    GearBoxType: "",
    FuelType: "",
  });
  const certifiable = Boolean(offer?.IsCertified && offer.SaleType === "afterLease");
  const [sendCertificate, setSendCertificate] = useState(certifiable);

  const schema = useMemo(() => (withCar ? withCarSchema : contactFormSchema), [withCar]);
  const form = useLeadForm(
    schema as typeof withCarSchema,
    {
      Name: "",
      Surname: "",
      Email: "",
      PhoneNumber: "",
      MessageBody: "",
      TermsConsent: false,
      MarketingConsent: false,
      Captcha: "",
      ...(withCar ? { CarDetails: car } : {}),
    } as never,
  );
  const { values, errors, status, serverError, captchaReset } = form;
  const v = values as unknown as Record<string, string | boolean>;
  const setCarField = <K extends keyof CarValues>(k: K, value: CarValues[K]) => {
    const next = { ...car, [k]: value };
    setCar(next);
    form.set("CarDetails" as never, next as never);
  };
  const toggleCar = (on: boolean) => {
    setWithCar(on);
    form.set("CarDetails" as never, (on ? car : undefined) as never);
  };

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    form.setStatus("sending");
    try {
      const carDetails = withCar ? (parsed as { CarDetails?: unknown }).CarDetails : fixedCar;
      const { LeadId } = await postJson<{ LeadId: number }>("/api/Contact/SendQuestion", {
        ...parsed,
        AuctionId: offer?.AuctionId ?? null,
        ...currentCampaignIds(),
        CarDetails: carDetails ?? null,
        CalculatorContactFormData: calculator ?? null,
        SendCertificateData: certifiable ? sendCertificate : null,
      });
      form.setStatus("done");
      fireLeadComplete({ LeadId, AuctionId: offer?.AuctionId ?? null, form: "contact" });
      recordFormSent(offer?.AuctionId ?? null);
      // Certified offer without the 'only offer' choice: the certificate step runs first (the
      // customer e-mail carries the certificate link), then the usual confirmation.
      if (certifiable && sendCertificate) {
        (onCertificateSubmitted ?? fireCertificateSubmitted)({ LeadId, AuctionId: offer!.AuctionId });
      }
      navigate(SENT_PATH);
    } catch (err) {
      form.failed(err);
    }
  }

  const invalid = Object.keys(errors).length > 0;
  const sending = status === "sending" || status === "done";
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={id("heading")}
      className="space-y-4"
    >
      <h2 id={id("heading")} className="text-xl font-bold text-slate-900">
        {heading}
      </h2>
      {offer && (
        <p className="text-sm text-slate-700">
          Oferta: <strong>{offer.MakeModel}</strong> (nr {offer.AuctionId})
        </p>
      )}
      <PersonFields id={id} values={v} errors={errors} set={form.set as never} />

      {allowCarDetails && (
        <fieldset className="rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold">Samochód spoza oferty</legend>
          <CheckboxField id={id("with-car")} checked={withCar} onValue={toggleCar}>
            Pytam o samochód, którego nie ma w ofercie
          </CheckboxField>
          {withCar && (
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <TextField
                id={id("car-make")}
                label="Marka"
                required
                value={car.Make}
                error={errors["CarDetails.Make"]}
                onValue={(x) => setCarField("Make", x)}
              />
              <TextField
                id={id("car-model")}
                label="Model"
                required
                value={car.Model}
                error={errors["CarDetails.Model"]}
                onValue={(x) => setCarField("Model", x)}
              />
              <TextField
                id={id("car-plate")}
                label="Numer rejestracyjny"
                value={car.PlateNumber}
                error={errors["CarDetails.PlateNumber"]}
                onValue={(x) => setCarField("PlateNumber", x)}
              />
              <TextField
                id={id("car-year")}
                label="Rok produkcji"
                inputMode="numeric"
                value={car.ProductionYear}
                error={errors["CarDetails.ProductionYear"]}
                onValue={(x) => setCarField("ProductionYear", x)}
              />
              <TextField
                id={id("car-mileage")}
                label="Przebieg (km)"
                inputMode="numeric"
                value={car.CarMileage === null ? "" : String(car.CarMileage)}
                error={errors["CarDetails.CarMileage"]}
                onValue={(x) => {
                  const digits = x.replace(/\D/g, "").slice(0, 7);
                  setCarField("CarMileage", digits ? Number(digits) : null);
                }}
              />
              <div>
                <label htmlFor={id("car-gearbox")} className="block text-sm font-medium text-slate-800">
                  Skrzynia biegów
                </label>
                <select
                  id={id("car-gearbox")}
                  value={car.GearBoxType}
                  onChange={(e) => setCarField("GearBoxType", e.target.value)}
                  className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
                >
                  <option value="">dowolna</option>
                  {GEARBOXES.map((g) => (
                    <option key={g}>{g}</option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={id("car-fuel")} className="block text-sm font-medium text-slate-800">
                  Rodzaj paliwa
                </label>
                <select
                  id={id("car-fuel")}
                  value={car.FuelType}
                  onChange={(e) => setCarField("FuelType", e.target.value)}
                  className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
                >
                  <option value="">dowolne</option>
                  {FUELS.map((f) => (
                    <option key={f}>{f}</option>
                  ))}
                </select>
              </div>
            </div>
          )}
        </fieldset>
      )}

      {certifiable && (
        <CheckboxField id={id("certificate")} checked={sendCertificate} onValue={setSendCertificate}>
          Wyślij mi również certyfikat stanu technicznego tego samochodu (bez zaznaczenia pytam tylko o
          ofertę)
        </CheckboxField>
      )}

      <ConsentsAndCaptcha
        id={id}
        values={v}
        errors={errors}
        set={form.set as never}
        captchaReset={captchaReset}
      />

      <FormSummary show={invalid && !serverError} extra={serverError} />

      <button
        type="submit"
        disabled={sending}
        aria-busy={sending}
        className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
      >
        {sending && <Spinner />}
        {sending ? "Wysyłanie…" : "Wyślij zapytanie"}
      </button>
      <Disclaimer text={disclaimer} length={disclaimerLength} />
    </form>
  );
}
