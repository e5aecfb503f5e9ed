import type { SubmissionResult } from "@conform-to/react";
import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type CalculatorContactFormData, contactFormSchemaFor } from "../../../domain/lead-forms";
import {
  CheckboxField,
  type Field,
  FormSummary,
  NumberField,
  SelectField,
  SubmitButton,
  TextField,
} from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { useTypedBeforeHydration } from "../../lib/typed-before-hydration";
import { postJson } from "./api";
import { currentCampaignIds, recordFormSent } from "./campaign-tracking";
import { type DISCLAIMER_LENGTH, Disclaimer } from "./disclaimer";
import { ConsentsAndCaptcha, PersonFields } from "./person-fields";
import { fireLeadComplete, type LeadOffer } from "./types";

export const SENT_PATH = "/wyslano-pomyslnie";
/** Where the form is posted before its page hydrates: the contact page's action (ADR 024). */
export const CONTACT_FORM_PATH = "/formularz-kontaktowy";

const GEARBOXES = ["manualna", "automatyczna"];
const FUELS = ["benzyna", "diesel", "hybryda", "elektryczny", "LPG"];

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
  /** The contact page action's answer when the form was posted before the page hydrated. */
  lastResult?: SubmissionResult<string[]> | null;
}

/** Default 'certificate submitted' step: a browser event for analytics and the page. */
export const CERTIFICATE_SUBMITTED_EVENT = "certificate-submitted";
function fireCertificateSubmitted(detail: { LeadId: number; AuctionId: number }) {
  window.dispatchEvent(new CustomEvent(CERTIFICATE_SUBMITTED_EVENT, { detail }));
}

/** The fields of a car outside the offer, as the form's CarDetails fieldset holds them. */
type CarFields = Record<
  "Make" | "Model" | "PlateNumber" | "ProductionYear" | "CarMileage" | "GearBoxType" | "FuelType",
  Field
>;

/** A landing page's model goes with the question as CarDetails, without fields to fill in. */
function FixedCarFields({ car, fixedCar }: { car: CarFields; fixedCar: { Make: string; Model: string } }) {
  return (
    <>
      <input type="hidden" name="WithCar" value="on" />
      <input type="hidden" name={car.Make.name} value={fixedCar.Make} />
      <input type="hidden" name={car.Model.name} value={fixedCar.Model} />
    </>
  );
}

/**
 * "Samochód spoza oferty": a tick that shows the fields of a car the offer does not have; `open` ticks
 * it at first (the form asks about such a car, or the server sent the tick back).
 */
function CarDetailsFieldset({
  car,
  id,
  open,
}: {
  car: CarFields;
  id: (name: string) => string;
  open: boolean;
}) {
  const [withCar, setWithCar] = useState(open);
  const withCarRef = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(withCarRef, withCar, setWithCar);
  return (
    <fieldset className="rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">Samochód spoza oferty</legend>
      <div className="flex items-start gap-2">
        <input
          ref={withCarRef}
          id={id("with-car")}
          name="WithCar"
          type="checkbox"
          defaultChecked={withCar}
          onChange={(e) => setWithCar(e.currentTarget.checked)}
          className="mt-1 h-4 w-4 shrink-0 rounded"
        />
        <label htmlFor={id("with-car")} className="text-sm text-slate-700">
          Pytam o samochód, którego nie ma w ofercie
        </label>
      </div>
      {withCar && (
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField field={car.Make} label="Marka" required />
          <TextField field={car.Model} label="Model" required />
          <TextField field={car.PlateNumber} label="Numer rejestracyjny" />
          <NumberField field={car.ProductionYear} label="Rok produkcji" />
          <TextField
            field={car.CarMileage}
            label="Przebieg (km)"
            inputMode="numeric"
            onInput={(e) => {
              // Kilometres as digits only ("85 000" stays "85000"), at most 7 of them.
              const input = e.currentTarget;
              const digits = input.value.replace(/\D/g, "").slice(0, 7);
              if (digits !== input.value) input.value = digits;
            }}
          />
          <SelectField field={car.GearBoxType} label="Skrzynia biegów" empty="dowolna" options={GEARBOXES} />
          <SelectField field={car.FuelType} label="Rodzaj paliwa" empty="dowolne" options={FUELS} />
        </div>
      )}
    </fieldset>
  );
}

/**
 * The contact form of spec sections 3-5: idle, validating, sending (spinner), then the lead-complete
 * event and /wyslano-pomyslnie. On a certified ex-lease offer the person may also ask for the
 * certificate (SendCertificateData); without the 'only offer' choice the certificate step runs first.
 * Before the page hydrates the form posts to the contact page's action (with the offer's number), so
 * a form sent then is checked and stored there; the calculator's state goes only with a hydrated send.
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
  lastResult,
}: ContactFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const navigate = useNavigate();
  const certifiable = Boolean(offer?.IsCertified && offer.SaleType === "afterLease");

  const { fields, formProps, sending, sent, serverError, invalid, captchaReset } = useSchemaForm(
    contactFormSchemaFor,
    {
      id: id("contact"),
      lastResult,
      action: offer ? `${CONTACT_FORM_PATH}?auctionId=${offer.AuctionId}` : CONTACT_FORM_PATH,
      async send(value) {
        const sendCertificate = certifiable && value.SendCertificateData === true;
        const { LeadId } = await postJson<{ LeadId: number }>("/api/Contact/SendQuestion", {
          ...value,
          AuctionId: offer?.AuctionId ?? null,
          ...currentCampaignIds(),
          CarDetails: value.CarDetails ?? null,
          CalculatorContactFormData: calculator ?? null,
          SendCertificateData: certifiable ? sendCertificate : null,
        });
        fireLeadComplete({ LeadId, AuctionId: offer?.AuctionId ?? null, form: "contact" });
        recordFormSent(offer?.AuctionId ?? null);
        // Certified offer without the 'only offer' choice: the certificate step runs first (the
        // customer e-mail carries the certificate link), then the usual confirmation.
        if (offer && sendCertificate) {
          (onCertificateSubmitted ?? fireCertificateSubmitted)({ LeadId, AuctionId: offer.AuctionId });
        }
        navigate(SENT_PATH);
      },
    },
  );
  const car = fields.CarDetails.getFieldset();

  return (
    <form {...formProps} aria-labelledby={id("heading")} className="space-y-4">
      <h2 id={id("heading")} className="text-xl font-bold text-slate-900">
        {heading}
      </h2>
      {offer && (
        <p className="text-sm text-slate-700">
          Oferta: <strong>{offer.MakeModel}</strong> (nr {offer.AuctionId})
        </p>
      )}
      <PersonFields fields={fields} />

      {fixedCar && !allowCarDetails && <FixedCarFields car={car} fixedCar={fixedCar} />}

      {allowCarDetails && (
        <CarDetailsFieldset car={car} id={id} open={carOpen || lastResult?.initialValue?.WithCar === "on"} />
      )}

      {certifiable && (
        <CheckboxField field={fields.SendCertificateData} defaultChecked>
          Wyślij mi również certyfikat stanu technicznego tego samochodu (bez zaznaczenia pytam tylko o
          ofertę)
        </CheckboxField>
      )}

      <ConsentsAndCaptcha fields={fields} captchaReset={captchaReset} />

      <FormSummary show={invalid && !serverError} extra={serverError} />
      <SubmitButton sending={sending || sent}>Wyślij zapytanie</SubmitButton>
      <Disclaimer text={disclaimer} length={disclaimerLength} />
    </form>
  );
}
