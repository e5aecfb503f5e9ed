import { z } from "zod";

/**
 * Validation of the lead forms (spec section 5), one zod schema per form, shared by the browser (it
 * marks the fields) and the server (it refuses the request with 400 naming the field). The field
 * names are the API's PascalCase names, so a form's values are the request body as they stand.
 */

// The messages live in a module without zod so that pages can show them without loading zod.
export { MSG } from "./lead-messages";

import { campaignFields } from "./campaign-fields";
import { NOUNS, pluralPl } from "./format";
import { MSG } from "./lead-messages";

// The spec's messages write the number ungrouped ("maksymalnie 1000 znaków").
export const maxMessage = (n: number) => `Pole przyjmuje maksymalnie ${n} ${pluralPl(n, NOUNS.character)}`;
/** After "minimum" Polish takes the genitive plural for every n: "minimum 2 znaków". */
export const minMessage = (n: number) => `Pole wymaga minimum ${n} znaków`;
export const exactMessage = (n: number) => `Pole przyjmuje ${n} ${pluralPl(n, NOUNS.character)}`;

/** Spec patterns (section 5). Letters are any Latin letter with diacritics (Unicode Latin script). */
export const PATTERNS = {
  name: /^\p{Script=Latin}*$/u,
  surname: /^[\p{Script=Latin}-]+$/u,
  email: /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/,
  phone: /^\+?\d{9}(\d{2})?$/,
} as const;

/** Spaces and dashes are removed from phone numbers before checking and sending. */
export const normalizePhone = (v: string) => v.replace(/[\s-]/g, "");

interface TextRule {
  required?: boolean;
  min?: number;
  max?: number;
  exact?: number;
  pattern?: RegExp;
  patternMessage?: string;
  normalize?: (v: string) => string;
}

/** One text field: trimmed (and normalised), then required, length and pattern, first failure only. */
export function textField(rule: TextRule) {
  return z
    .string({ error: MSG.required })
    .transform((v) => (rule.normalize ? rule.normalize(v.trim()) : v.trim()))
    .superRefine((v, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: "custom", message });
      if (!v) {
        if (rule.required) fail(MSG.required);
        return;
      }
      if (rule.exact !== undefined && v.length !== rule.exact) return fail(exactMessage(rule.exact));
      if (rule.min !== undefined && v.length < rule.min) return fail(minMessage(rule.min));
      if (rule.max !== undefined && v.length > rule.max) return fail(maxMessage(rule.max));
      if (rule.pattern && !rule.pattern.test(v)) fail(rule.patternMessage ?? MSG.required);
    });
}

const consent = z.boolean({ error: MSG.consent }).refine((v) => v === true, { message: MSG.consent });
const captcha = z.string({ error: MSG.captcha }).min(1, { message: MSG.captcha }).max(20_000);

export const MESSAGE_MAX = 2000;

/** Fields every lead form shares (contact and self-financing). */
export const personFields = {
  Name: textField({ required: true, min: 2, max: 30, pattern: PATTERNS.name, patternMessage: MSG.name }),
  Surname: textField({
    required: true,
    min: 2,
    max: 50,
    pattern: PATTERNS.surname,
    patternMessage: MSG.surname,
  }),
  Email: textField({ required: true, min: 6, max: 50, pattern: PATTERNS.email, patternMessage: MSG.email }),
  PhoneNumber: textField({
    required: true,
    min: 9,
    max: 15,
    pattern: PATTERNS.phone,
    patternMessage: MSG.phone,
    normalize: normalizePhone,
  }),
  MessageBody: textField({ max: MESSAGE_MAX }).optional().default(""),
  /** Terms of the site (regulamin). */
  TermsConsent: consent,
  /** Marketing consent for contact by phone or e-mail. */
  MarketingConsent: consent,
  /** ALTCHA payload (base64), verified on the server; one use only. */
  Captcha: captcha,
};

/** The fields a person fills in on the contact form (browser and server). */
export const contactFormSchema = z.object(personFields);
export type ContactFormValues = z.input<typeof contactFormSchema>;

const optionalText = (max: number) => textField({ max }).nullish();

/** A car from outside the offer (spec section 3: CarDetails). */
export const carDetailsSchema = z.object({
  Make: textField({ required: true, max: 50 }),
  Model: textField({ required: true, max: 50 }),
  PlateNumber: optionalText(10),
  ProductionYear: textField({
    exact: 4,
    pattern: /^(19|20)\d\d$/,
    patternMessage: "Podaj rok, np. 2021",
  }).nullish(),
  CarMileage: z.number().int().min(0).max(2_000_000).nullish(),
  GearBoxType: optionalText(30),
  FuelType: optionalText(30),
});

/**
 * The contact form as a person fills it in (browser and the page's action): with the tick 'Pytam o
 * samochód, którego nie ma w ofercie' (field WithCar) the car's fields are required; on a certified
 * ex-lease offer the certificate choice.
 */
const contactFormPostedSchema = contactFormSchema.extend({
  CarDetails: carDetailsSchema.optional(),
  SendCertificateData: z.boolean().optional(),
});
const contactFormWithCarSchema = contactFormPostedSchema.extend({ CarDetails: carDetailsSchema });
export const contactFormSchemaFor = (formData: { get(name: string): unknown }) =>
  formData.get("WithCar") === "on"
    ? // The stricter of the two: its values are the same shape, with CarDetails always there.
      (contactFormWithCarSchema as unknown as typeof contactFormPostedSchema)
    : contactFormPostedSchema;

/** The calculator state the person saw when sending the form (spec section 3). */
export const calculatorContactFormDataSchema = z.object({
  IsLeasing: z.boolean(),
  IsNew: z.boolean(),
  Period: z.number().int().min(1).max(120),
  Ow: z.number().int().min(0),
  OwPercent: z.number().min(0).max(100),
  Rv: z.number().int().min(0),
  RvPercent: z.number().min(0).max(100),
  Mileage: z.number().int().min(0).max(200_000).nullish(),
  InstallmentPriceNetto: z.number().int().min(0),
  TotalFeesPercent: z.number().min(0).max(1000),
  TotalPriceBrutto: z.number().int().min(0),
  AdditionalServices: z.array(z.string().max(50)).max(20).default([]),
});
export type CalculatorContactFormData = z.output<typeof calculatorContactFormDataSchema>;

/** POST /api/Contact/SendQuestion body. */
export const sendQuestionSchema = z.object({
  ...personFields,
  AuctionId: z.number().int().positive().nullish(),
  ...campaignFields,
  CarDetails: carDetailsSchema.nullish(),
  CalculatorContactFormData: calculatorContactFormDataSchema.nullish(),
  /** Ex-lease offers: also send the inspection certificate to the customer. */
  SendCertificateData: z.boolean().nullish(),
});
export type SendQuestionRequest = z.input<typeof sendQuestionSchema>;
export type SendQuestion = z.output<typeof sendQuestionSchema>;

/** The self-financing form always says FormType 2 (spec section 3). */
export const SELF_FINANCING_FORM_TYPE = 2;

/** The self-financing form fields (browser and server). */
export const selfFinancingFormSchema = z.object(personFields);

/** POST /api/Contact/SendMarketingMail body. */
export const sendMarketingMailSchema = z.object({
  ...personFields,
  ...campaignFields,
  FormType: z.literal(SELF_FINANCING_FORM_TYPE, { error: "Pole FormType musi mieć wartość 2" }),
});
export type SendMarketingMailRequest = z.input<typeof sendMarketingMailSchema>;

/** Call-back form (spec section 5 "Call-back"): the phone and the agreement, nothing else. */
export const callBackFormSchema = z.object({
  PhoneNumber: z
    .string({ error: MSG.callBackPhone })
    .transform(normalizePhone)
    .refine((v) => v.length >= 9 && PATTERNS.phone.test(v), { message: MSG.callBackPhone }),
  Agreement: z.boolean({ error: MSG.required }).refine((v) => v === true, { message: MSG.required }),
});
export type CallBackFormValues = z.input<typeof callBackFormSchema>;

/** POST /api/FastCall/Post body. */
export const fastCallSchema = z.object({
  PhoneNumber: callBackFormSchema.shape.PhoneNumber,
  ConversationTopic: z.string().trim().max(200).nullish(),
  ...campaignFields,
});
export type FastCallRequest = z.input<typeof fastCallSchema>;

/** Field name -> first message, for marking a form; empty when the values are valid. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
