import { useState } from "react";
import type { CalculatorProperties } from "../../../domain/calculator";
import type { CalculatorContactFormData } from "../../../domain/lead-forms";
import { FinancingCalculator } from "./calculator";
import { CALCULATOR_ANCHOR } from "./calculator-link";
import { ContactForm } from "./contact-form";
import type { LeadOffer } from "./types";

/**
 * The calculator and the contact form of one offer, side by side: the form sends the calculator
 * state the person saw (CalculatorContactFormData). For the offer detail page.
 */
export function OfferLeadSection({
  offer,
  properties,
  disclaimer,
  applyOnline = false,
}: {
  offer: LeadOffer;
  properties: CalculatorProperties;
  disclaimer: string;
  /** The calculator links to the online leasing application at its terms. */
  applyOnline?: boolean;
}) {
  const [calculator, setCalculator] = useState<CalculatorContactFormData | null>(null);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {/* Anchors of the detail page's actions ("Oblicz ratę", "Zapytaj o ten samochód"). */}
      <div id={CALCULATOR_ANCHOR} className="scroll-mt-20">
        <FinancingCalculator
          offer={offer}
          properties={properties}
          onChange={setCalculator}
          applyOnline={applyOnline}
        />
      </div>
      <div
        id="zapytaj"
        // Its consents and button are read to the end: the chat's corner button steps aside.
        data-keep-clear-of-chat
        className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <ContactForm offer={offer} calculator={calculator} disclaimer={disclaimer} />
      </div>
    </div>
  );
}
