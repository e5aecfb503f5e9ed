import { z } from "zod";
import { notificationsSchema } from "./account";

/**
 * The accounts API's answers as zod schemas (ADR 023): the server documents and, under test, checks
 * its answers with them; the browser imports the types only.
 */

/** The signed-in person's account (GET /api/Account and every update's answer). */
export const accountViewSchema = z.object({
  Nip: z.string(),
  CompanyName: z.string(),
  Regon: z.string(),
  Street: z.string(),
  PostalCode: z.string(),
  City: z.string(),
  Email: z.string(),
  UserName: z.string(),
  UToken: z.string(),
  Status: z.enum(["pending_email", "pending_verification", "active", "blocked"]),
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
