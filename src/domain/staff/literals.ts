import { z } from "zod";
import { EMAIL_MESSAGE, PHONE_MESSAGE, requiredText } from "../account";
import type { LiteralKey } from "../literals";

type LiteralKind = "phone" | "email" | "line" | "text";

/**
 * The site's texts and contact data as the content team edits them (issue 19, item 6): each literal
 * with its name in the panel, what it takes and where it shows. Every key of LITERAL_DEFAULTS is here.
 */
export const LITERAL_FIELDS: Record<LiteralKey, { label: string; kind: LiteralKind; where: string }> = {
  ContactPhone: { label: "Telefon do doradców", kind: "phone", where: "stopka, kontakt, oferty" },
  CallButtonPhone: {
    label: "Telefon na przycisku „Zadzwoń”",
    kind: "phone",
    where: "strony kampanii, prośba o telefon",
  },
  ContactEmail: { label: "E-mail do doradców", kind: "email", where: "stopka, kontakt, oferty" },
  ContactHours: { label: "Godziny pracy doradców", kind: "line", where: "stopka, kontakt, oferty" },
  AuctionPhone: { label: "Telefon działu aukcji", kind: "phone", where: "strony aukcji" },
  AuctionEmail: { label: "E-mail działu aukcji", kind: "email", where: "strony aukcji" },
  CompanyName: { label: "Nazwa firmy", kind: "line", where: "stopka, kontakt" },
  CompanyAddress: { label: "Adres firmy", kind: "line", where: "kontakt" },
  CompanyRegistry: { label: "Dane rejestrowe", kind: "text", where: "kontakt" },
  AdviserContactPromise: {
    label: "Obietnica kontaktu po wysłaniu formularza",
    kind: "text",
    where: "kontakt, strona po wysłaniu",
  },
  CallbackPromise: {
    label: "Obietnica oddzwonienia",
    kind: "text",
    where: "strona po prośbie o telefon",
  },
  FormDisclaimer: { label: "Klauzula informacyjna pod formularzami", kind: "text", where: "formularze" },
  AuctionWonPayment: { label: "Po wygranej aukcji: płatność", kind: "text", where: "strona wygranej aukcji" },
  AuctionWonInvoice: { label: "Po wygranej aukcji: faktura", kind: "text", where: "strona wygranej aukcji" },
  AuctionWonPickup: { label: "Po wygranej aukcji: odbiór", kind: "text", where: "strona wygranej aukcji" },
};

export const LITERAL_KEYS = Object.keys(LITERAL_FIELDS) as LiteralKey[];

const LIMITS: Record<LiteralKind, number> = { phone: 30, email: 80, line: 300, text: 4000 };
const required = (kind: LiteralKind) => requiredText(LIMITS[kind]);

/** How a phone number is shown: digits with spaces or hyphens, an optional +; 9 to 12 digits. */
const isPhone = (v: string) => /^\+?[\d\s-]+$/.test(v) && /^\d{9,12}$/.test(v.replace(/\D/g, ""));
const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(v);

const fieldOf = (kind: LiteralKind) => {
  if (kind === "phone") return required(kind).refine(isPhone, PHONE_MESSAGE);
  if (kind === "email") return required(kind).refine(isEmail, EMAIL_MESSAGE);
  return required(kind);
};

/** The literals form: every literal, each required (an empty phone or address would leave a hole). */
export const literalsSchema = z.object(
  Object.fromEntries(LITERAL_KEYS.map((k) => [k, fieldOf(LITERAL_FIELDS[k].kind)])) as unknown as Record<
    LiteralKey,
    z.ZodType<string, string>
  >,
);
export type LiteralsInput = Record<LiteralKey, string>;
