import { z } from "zod";
import { campaignFields } from "./campaign-fields";
import { isValidNip, NIP_INVALID_MESSAGE, normalizeNip } from "./nip";

/**
 * Forms of the account area (registration, sign-in, password reset and change, settings, rules),
 * one zod schema each, used by the browser form and by the API handler. The spec does not show these
 * forms' messages (section 5 "Other"): they are written in the style of its contact form.
 */

export const REQUIRED = "Pole wymagane";
export const maxMessage = (n: number) => `Pole przyjmuje maksymalnie ${n} znaków`;
export const minMessage = (n: number) => `Pole wymaga minimum ${n} znaków`;

/** A text that must be filled in: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, maxMessage(max));

/** A text that may be left empty (then ""): trimmed, at most `max` characters. */
export const optionalText = (max: number) =>
  z.string().trim().max(max, maxMessage(max)).optional().default("");
export const EMAIL_MESSAGE = "Email jest nieprawidłowy";
export const PHONE_MESSAGE = "Numer telefonu jest nieprawidłowy";
export const CONSENT_MESSAGE = "Zgoda jest wymagana";
export const RULES_ACCEPT_MESSAGE = "Akceptacja jest obligatoryjna";
export const FORM_INVALID_MESSAGE =
  "Formularz został źle wypełniony, prosimy o poprawienie pól zaznaczonych kolorem czerwonym.";

// Patterns of spec section 5.
const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;
const NAME_PATTERN = /^[\p{L}]+(?:[ '][\p{L}]+)*$/u;
const SURNAME_PATTERN = /^[\p{L}]+(?:[- '][\p{L}]+)*$/u;
const PHONE_PATTERN = /^\+?\d{9}(\d{2})?$/;

/** A required text field with the spec's length messages. */
function text(min: number, max: number) {
  return z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .min(min, minMessage(min))
    .max(max, maxMessage(max));
}

export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .min(6, minMessage(6))
  .max(50, maxMessage(50))
  .regex(EMAIL_PATTERN, EMAIL_MESSAGE);

export const phoneField = z
  .string({ error: REQUIRED })
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .min(1, REQUIRED)
      .min(9, minMessage(9))
      .max(15, maxMessage(15))
      .regex(PHONE_PATTERN, PHONE_MESSAGE),
  );

export const nipField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .refine(isValidNip, NIP_INVALID_MESSAGE)
  .transform(normalizeNip);

// Password rules, shown to the person next to the field (PASSWORD_RULES) and checked here.
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULES = [
  `co najmniej ${PASSWORD_MIN} znaków`,
  "małą i wielką literę",
  "co najmniej jedną cyfrę",
] as const;

export const passwordField = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .min(PASSWORD_MIN, `Hasło musi mieć co najmniej ${PASSWORD_MIN} znaków`)
  .max(PASSWORD_MAX, maxMessage(PASSWORD_MAX))
  .regex(/\p{Ll}/u, "Hasło musi zawierać małą literę")
  .regex(/\p{Lu}/u, "Hasło musi zawierać wielką literę")
  .regex(/\d/, "Hasło musi zawierać cyfrę");

export const PASSWORDS_DIFFER = "Hasła nie są takie same";

const consent = z.literal(true, { error: CONSENT_MESSAGE });

export const postalCodeField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .regex(/^\d{2}-\d{3}$/, "Kod pocztowy ma postać 00-000");

export const regonField = z
  .string()
  .trim()
  .regex(/^(\d{9}|\d{14})?$/, "REGON ma 9 albo 14 cyfr")
  .optional()
  .default("");

/** The company part of registration and of PATCH /api/Account/UpdateContractor. */
export const contractorSchema = z.strictObject({
  CompanyName: text(2, 200),
  Regon: regonField,
  Street: text(2, 100),
  PostalCode: postalCodeField,
  City: text(2, 60),
});

/**
 * PATCH /api/Account/UpdateContractor: the company data, the NIP included. A changed NIP or company name
 * sends the account back to verification (no bidding until staff check the company again).
 */
export const contractorUpdateSchema = contractorSchema.extend({ Nip: nipField.optional() });

export const registerSchema = z
  .strictObject({
    Nip: nipField,
    ...contractorSchema.shape,
    Email: emailField,
    Password: passwordField,
    RepeatPassword: z.string({ error: REQUIRED }).min(1, REQUIRED),
    AcceptSiteRules: consent,
    AcceptAuctionRules: consent,
    MarketingEmail: z.boolean().optional().default(false),
    MarketingPhone: z.boolean().optional().default(false),
    ...campaignFields,
  })
  .refine((v) => v.Password === v.RepeatPassword, { path: ["RepeatPassword"], message: PASSWORDS_DIFFER });

export const loginSchema = z.strictObject({
  Email: requiredText(254),
  Password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(PASSWORD_MAX, maxMessage(PASSWORD_MAX)),
});

export const refreshSchema = z.strictObject({
  ExpiredAccessToken: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200, maxMessage(200)),
  RefreshToken: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200, maxMessage(200)),
});

export const resetRequestSchema = z.strictObject({ Email: emailField });

export const resetConfirmSchema = z
  .strictObject({
    Token: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200, maxMessage(200)),
    NewPassword: passwordField,
    RepeatPassword: z.string({ error: REQUIRED }).min(1, REQUIRED),
  })
  .refine((v) => v.NewPassword === v.RepeatPassword, { path: ["RepeatPassword"], message: PASSWORDS_DIFFER });

export const changePasswordSchema = z
  .strictObject({
    CurrentPassword: z
      .string({ error: REQUIRED })
      .min(1, REQUIRED)
      .max(PASSWORD_MAX, maxMessage(PASSWORD_MAX)),
    NewPassword: passwordField,
    RepeatPassword: z.string({ error: REQUIRED }).min(1, REQUIRED),
  })
  .refine((v) => v.NewPassword === v.RepeatPassword, { path: ["RepeatPassword"], message: PASSWORDS_DIFFER })
  .refine((v) => v.NewPassword !== v.CurrentPassword, {
    path: ["NewPassword"],
    message: "Nowe hasło musi się różnić od obecnego",
  });

/** PUT /api/Account/Update: the person who uses the account. */
export const personSchema = z.strictObject({
  FirstName: text(2, 30).regex(NAME_PATTERN, "Imię może zawierać tylko litery"),
  LastName: text(2, 50).regex(SURNAME_PATTERN, "Nazwisko może zawierać tylko litery i łącznik"),
  PhoneNumber: phoneField,
});

export const marketingSchema = z.strictObject({
  MarketingEmail: z.boolean({ error: "Pole MarketingEmail musi mieć wartość true albo false" }),
  MarketingPhone: z.boolean({ error: "Pole MarketingPhone musi mieć wartość true albo false" }),
});

/**
 * Which e-mails the person chooses to get about auctions (PUT /api/Account/UpdateNotifications). The
 * e-mail of a won auction is not among them: it starts a purchase (invoice, payment, pick-up), so it
 * always goes (WON_MAIL_ALWAYS), whatever AuctionWon says.
 */
export const NOTIFICATION_KINDS = {
  AuctionStart: "gdy rozpoczyna się aukcja pojazdu z moich ulubionych i na godzinę przed jej końcem",
  Outbid: "gdy moja oferta zostanie przelicytowana",
  NewAuctions: "o nowych aukcjach (raz w tygodniu, w poniedziałek rano)",
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** What the settings say instead of a box for the won auction's e-mail. */
export const WON_MAIL_ALWAYS =
  "E-mail o wygranej aukcji wysyłamy zawsze: od niego zaczyna się zakup (faktura, płatność i odbiór samochodu).";

/**
 * The settings a notification e-mail's one-click unsubscribe switches off (ADR 051), by the word of
 * its address: /powiadomienia/{word}/wypisanie={token}.
 */
export const UNSUBSCRIBABLE_NOTIFICATIONS = {
  "ulubione-aukcje": "AuctionStart",
  "nowe-aukcje": "NewAuctions",
  przelicytowanie: "Outbid",
} as const satisfies Record<string, NotificationKind>;
export type UnsubscribableNotification =
  (typeof UNSUBSCRIBABLE_NOTIFICATIONS)[keyof typeof UNSUBSCRIBABLE_NOTIFICATIONS];

/** The address of the page that switches one notification setting off, for the person of `token`. */
export function notificationUnsubscribePath(setting: UnsubscribableNotification, token: string): string {
  const word = Object.entries(UNSUBSCRIBABLE_NOTIFICATIONS).find(([, s]) => s === setting)![0];
  return `/powiadomienia/${word}/wypisanie=${token}`;
}

export const notificationsSchema = z.strictObject({
  AuctionStart: z
    .boolean()
    .describe(
      "E-mail, gdy rozpoczyna się aukcja z ulubionych osoby (zapisanych przez PUT /api/Favorites/Auctions przed jej rozpoczęciem), i drugi na godzinę przed jej końcem; każdy raz na aukcję.",
    ),
  Outbid: z.boolean().describe("E-mail, gdy oferta osoby zostanie przelicytowana."),
  AuctionWon: z
    .boolean()
    .describe(
      "Bez skutku: e-mail o wygranej aukcji jest wysyłany zawsze, bo od niego zaczyna się zakup (faktura, płatność, odbiór). Pole zostaje dla zgodności klientów API.",
    ),
  NewAuctions: z
    .boolean()
    .describe(
      "E-mail w poniedziałek od 8:00 z aukcjami opublikowanymi w minionym tygodniu, które jeszcze trwają lub się nie rozpoczęły; bez nowych aukcji nie jest wysyłany.",
    ),
});
export type Notifications = z.infer<typeof notificationsSchema>;
export const DEFAULT_NOTIFICATIONS: Notifications = {
  AuctionStart: true,
  Outbid: true,
  AuctionWon: true,
  NewAuctions: false,
};

/**
 * The entrepreneur's statement (PUT /api/Account/UpdateStatement): auctions are for entrepreneurs
 * only (spec sections 1 and 6), so the person confirms they buy for their business.
 */
export const STATEMENT_TEXT =
  "Oświadczam, że kupuję pojazdy na aukcjach w imieniu reprezentowanej firmy, w związku z prowadzoną działalnością gospodarczą, i jestem upoważniony(-a) do jej reprezentowania.";
export const STATEMENT_VERSION = 1;
export const statementSchema = z.strictObject({
  Accepted: z.literal(true, { error: "Oświadczenie jest wymagane" }),
});

/** PUT /api/Account/AcceptNewRules: the spec's yes/no question; anything but 'tak' is refused. */
export const acceptRulesSchema = z.strictObject({
  Accept: z.string({ error: RULES_ACCEPT_MESSAGE }).refine((v) => v === "tak", RULES_ACCEPT_MESSAGE),
});

/** Turns a failed parse into one message per field, for forms that show errors under each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The account as GET /api/Account answers it: no password, no hash, no internal ids. */
/** A company as registration, the VAT register and the account show it. */
export type CompanyDetails = {
  Nip: string;
  CompanyName: string;
  Regon: string;
  Street: string;
  PostalCode: string;
  City: string;
};

export type { AccountView } from "./account-dto";

/** What must be filled before bidding (else error 101): person, phone, company and the statement. */
export function missingProfileFields(a: {
  FirstName: string;
  LastName: string;
  PhoneNumber: string;
  CompanyName: string;
  Street: string;
  PostalCode: string;
  City: string;
  StatementAccepted: boolean;
}): string[] {
  const missing: string[] = [];
  if (!a.FirstName) missing.push("FirstName");
  if (!a.LastName) missing.push("LastName");
  if (!a.PhoneNumber) missing.push("PhoneNumber");
  if (!a.CompanyName || !a.Street || !a.PostalCode || !a.City) missing.push("Contractor");
  if (!a.StatementAccepted) missing.push("Statement");
  return missing;
}

/** The name shown in the user menu: the person's name once known, else the company. */
export function displayName(a: { FirstName: string; LastName: string; CompanyName: string; Email: string }) {
  const person = `${a.FirstName} ${a.LastName}`.trim();
  return person || a.CompanyName || a.Email;
}
