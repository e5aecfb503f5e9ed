import { z } from "zod";
import {
  EMAIL_MESSAGE,
  loginSchema,
  maxMessage,
  PASSWORDS_DIFFER,
  passwordField,
  REQUIRED,
  requiredText,
} from "../account";
import { LEAD_STATUSES } from "./lead-states";
import { STAFF_ROLES } from "./roles";

/**
 * The back-office's forms, each one zod schema shared by the page and its route action.
 * Messages follow the account forms' style (src/domain/account.ts).
 */

/**
 * Step one of signing in: the same fields as a bidder's sign-in, a separate account. The panel's
 * schemas are not strict: a form also sends the `intent` that names it.
 */
export const staffSignInSchema = z.object(loginSchema.shape);

/** A code from the authenticator app (6 digits) or a recovery code (two groups of 5 characters). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
export const CODE_MESSAGE =
  "Wpisz 6 cyfr z aplikacji uwierzytelniającej albo kod zapasowy (np. abcde-12345).";

/** A sign-in that met too many wrong codes ends; the person starts again with the password. */
export const TOO_MANY_CODES = "Zbyt wiele nieprawidłowych kodów. Zaloguj się ponownie.";

/**
 * A code as people type it: spaces anywhere, any case, the recovery code's dash left out or typed as a
 * space ("6VFFP KYPVA" is "6vffp-kypva").
 */
function normalCode(typed: string): string {
  const v = typed.replace(/[\s-]/g, "").toLowerCase();
  return /^[a-z0-9]{10}$/.test(v) && !/^\d+$/.test(v) ? `${v.slice(0, 5)}-${v.slice(5)}` : v;
}

export const staffCodeSchema = z.object({
  Code: z
    .string({ error: REQUIRED })
    .transform(normalCode)
    .pipe(
      z
        .string()
        .min(1, REQUIRED)
        .refine((v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), CODE_MESSAGE),
    ),
});

/** Setting up the second factor: the first code from the app, so a mistyped secret never locks anyone out. */
export const staffTotpSetupSchema = z.object({
  Code: z
    .string({ error: REQUIRED })
    .transform((v) => v.replace(/\s/g, ""))
    .pipe(
      z.string().min(1, REQUIRED).regex(TOTP_CODE_PATTERN, "Wpisz 6 cyfr z aplikacji uwierzytelniającej."),
    ),
});

/** The set-password link (a new member, or a password an admin reset). */
export const staffSetPasswordSchema = z
  .object({
    NewPassword: passwordField,
    RepeatPassword: z.string({ error: REQUIRED }).min(1, REQUIRED),
  })
  .refine((v) => v.NewPassword === v.RepeatPassword, { path: ["RepeatPassword"], message: PASSWORDS_DIFFER });

/** An admin adds a member: the member gets an e-mail with the set-password link. */
export const staffMemberSchema = z.object({
  Email: requiredText(254).pipe(z.email({ error: EMAIL_MESSAGE })),
  Name: requiredText(100).min(3, "Podaj imię i nazwisko"),
  Role: z.enum(STAFF_ROLES, { error: "Wybierz rolę" }),
});
export type StaffMemberInput = z.output<typeof staffMemberSchema>;

/**
 * An admin adds a make to the vocabulary, spelt as the brand spells it: letters (any alphabet's
 * diacritics), digits, spaces, and the hyphen, ampersand, dot and apostrophe of names like
 * "Rolls-Royce" or "Lynk & Co".
 */
export const makeSchema = z.object({
  Name: requiredText(40).regex(
    /^[\p{L}\p{N}][\p{L}\p{N} &.'-]*$/u,
    "Nazwa marki może mieć litery, cyfry, spacje oraz znaki - & . '",
  ),
  /** Ticked after the panel said the name is one or two letters off a known make. */
  NotATypo: z.boolean().default(false),
});
export type MakeInput = z.output<typeof makeSchema>;

/** An admin changes a member's role or blocks them. */
export const staffChangeSchema = z.object({
  Role: z.enum(STAFF_ROLES, { error: "Wybierz rolę" }),
  Active: z.boolean().default(false),
  /** Why the member is blocked: required when the change blocks them (the server knows whether it does). */
  Reason: z.string().trim().max(500, maxMessage(500)).optional(),
});

/**
 * Why staff refuse a company's verification or block an account: the person reads it in the e-mail,
 * so it is a sentence, not a code.
 */
export const staffReasonSchema = z.object({
  Reason: requiredText(500).min(10, "Opisz powód w pełnym zdaniu: osoba przeczyta go w e-mailu"),
});

/** A lead's status and the sales person it is assigned to ("" nobody). */
export const leadChangeSchema = z.object({
  Status: z.enum(LEAD_STATUSES, { error: "Wybierz stan" }),
  AssignedTo: z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : null))
    .pipe(z.number().int().positive().nullable()),
});

/** A note on a lead: what was said on the phone, what to do next. */
export const leadNoteSchema = z.object({
  Note: requiredText(2000),
});

/** A set-password link is valid this long (a new member may read the e-mail the next day). */
export const INVITE_HOURS = 72;

/** "Biorę" on the start page: the lead a member takes from the queue. */
export const takeLeadSchema = z.object({
  LeadId: z
    .string()
    .regex(/^\d{1,9}$/, { error: "Nie ma takiego zgłoszenia." })
    .transform(Number),
});
