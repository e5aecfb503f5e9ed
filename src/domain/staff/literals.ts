import { z } from "zod";
import { EMAIL_MESSAGE, PHONE_MESSAGE, requiredText } from "../account";
import type { LiteralKey } from "../literals";

type LiteralKind = "phone" | "email" | "line" | "text";

interface LiteralField {
  label: string;
  kind: LiteralKind;
  where: string;
}

// A literal's name in the panel and where it shows, by what it takes.
const phone = (label: string, where: string): LiteralField => ({ label, kind: "phone", where });
const email = (label: string, where: string): LiteralField => ({ label, kind: "email", where });
const line = (label: string, where: string): LiteralField => ({ label, kind: "line", where });
const text = (label: string, where: string): LiteralField => ({ label, kind: "text", where });

/**
 * The site's texts and contact data as the content team edits them: each literal
 * with its name in the panel, what it takes and where it shows. Every key of LITERAL_DEFAULTS is here.
 */
export const LITERAL_FIELDS: Record<LiteralKey, LiteralField> = {
  ContactPhone: phone("Telefon do doradców", "stopka, kontakt, oferty"),
  CallButtonPhone: phone("Telefon na przycisku „Zadzwoń”", "strony kampanii, prośba o telefon"),
  ContactEmail: email("E-mail do doradców", "stopka, kontakt, oferty"),
  ContactHours: line("Godziny pracy doradców", "stopka, kontakt, oferty"),
  AuctionPhone: phone("Telefon działu aukcji", "strony aukcji"),
  AuctionEmail: email("E-mail działu aukcji", "strony aukcji"),
  CompanyName: line("Nazwa firmy", "stopka, kontakt"),
  CompanyAddress: line("Adres firmy", "kontakt"),
  CompanyRegistry: text("Dane rejestrowe", "kontakt"),
  AdviserContactPromise: text("Obietnica kontaktu po wysłaniu formularza", "kontakt, strona po wysłaniu"),
  CallbackPromise: text("Obietnica oddzwonienia", "strona po prośbie o telefon"),
  FormDisclaimer: text("Klauzula informacyjna pod formularzami", "formularze"),
  AuctionWonPayment: text("Po wygranej aukcji: płatność", "strona wygranej aukcji"),
  AuctionWonInvoice: text("Po wygranej aukcji: faktura", "strona wygranej aukcji"),
  AuctionWonPickup: text("Po wygranej aukcji: odbiór", "strona wygranej aukcji"),
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
