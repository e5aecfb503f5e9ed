import { z } from "zod";
import { notificationsSchema } from "./account";

/**
 * The accounts API's answers as zod schemas (ADR 023): the server documents and, under test, checks
 * its answers with them; the browser imports the types only.
 */

const accountStatus = z.enum(["pending_email", "pending_verification", "active", "blocked"]);

/** The company of an account, as registered (and as the VAT payer register gives it). */
const companySchema = z.object({
  Nip: z.string(),
  CompanyName: z.string(),
  Regon: z.string(),
  Street: z.string(),
  PostalCode: z.string(),
  City: z.string(),
});

/** The signed-in person's account (GET /api/Account and every update's answer). */
export const accountViewSchema = companySchema.extend({
  Email: z.string(),
  UserName: z.string(),
  UToken: z.string(),
  Status: accountStatus,
  FirstName: z.string(),
  LastName: z.string(),
  PhoneNumber: z.string(),
  MarketingEmail: z.boolean(),
  MarketingPhone: z.boolean(),
  Notifications: notificationsSchema,
  StatementAccepted: z.boolean(),
  AcceptedRulesVersion: z.number().nullable(),
  CurrentRulesVersion: z.number(),
  RulesAccepted: z.boolean(),
  /** The NIP or company name changed after verification: staff check the company again before bidding. */
  CompanyReverification: z.boolean(),
  ProfileComplete: z.boolean(),
  MissingProfileFields: z.array(z.string()),
});
export type AccountView = z.infer<typeof accountViewSchema>;

/** What an action without data of its own answers (logout, password changes). */
export const successSchema = z.object({ Success: z.literal(true) });

/** GET /api/Account/BiddingReadiness when bidding is allowed (otherwise 403 with 100 or 101). */
export const biddingReadinessSchema = z.object({ CanBid: z.literal(true) });

/** GET /api/Register: what the registration form shows. */
export const registrationInfoSchema = z.object({
  PasswordMinLength: z.number().int(),
  PasswordRules: z.array(z.string()),
  AuctionRules: z.object({
    Version: z.number().int(),
    EffectiveFrom: z.string(),
    EffectiveFromUtc: z.string(),
    Url: z.string(),
  }),
  SiteRules: z.object({ Url: z.string() }),
  Consents: z.array(z.object({ Key: z.string(), Required: z.boolean(), Text: z.string() })),
});
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>;

/** GET /api/Register/Contractor: the NIP checked, and the company from the VAT payer register. */
export const contractorSchema = z.object({
  Nip: z.string(),
  /** false: the register did not answer; the person types the data in. */
  RegistryAvailable: z.boolean(),
  Found: z.boolean(),
  Company: companySchema
    .extend({
      /** "Czynny", "Zwolniony" or "Niezarejestrowany" (informative). */
      VatStatus: z.string().nullable(),
      /** Registration as a VAT payer (YYYY-MM-DD), when the register gives it. */
      RegisteredOn: z.string().nullable(),
      /** Removal from the register (YYYY-MM-DD), if the company was removed. */
      RemovedOn: z.string().nullable(),
      /** jdg, sc, spj, spk, spzoo, sa, other: what the register's name and numbers show; null unknown. */
      LegalForm: z.string().nullable(),
    })
    .nullable(),
});
export type ContractorAnswer = z.infer<typeof contractorSchema>;

/** POST /api/Register: the account waits for its e-mail to be confirmed. */
export const registeredSchema = z.object({ Email: z.string(), Status: z.literal("pending_email") });

/** GET /api/Register/Activate: the account's status after the link (normally pending_verification). */
export const activatedSchema = z.object({ Status: accountStatus });
