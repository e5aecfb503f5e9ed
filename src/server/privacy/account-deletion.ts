import { and, count, eq, isNull } from "drizzle-orm";
import { ErrorCode } from "../../domain/errors";
import { DELETE_CONFIRMATION, PrivacyErrorCode } from "../../domain/privacy-rights";
import { carTitle } from "../../domain/vehicles";
import { randomToken, verifyPassword } from "../accounts/secrets";
import type { Tx } from "../db/client";
import {
  accountConsents,
  accountOneTimeTokens,
  accountSessions,
  accountSettings,
  auctionFavourites,
  auctionOutbidMails,
  auctionSettlements,
  bidderNoticeMails,
  bids,
  offers,
  proxyBids,
  users,
} from "../db/schema/index";
import { ApiError } from "../http/errors";
import { audit } from "../staff/audit";
import { type Erased, erasedForAudit, eraseEmailData } from "./erase";

/** The audit log's name for a change the person made themselves (no staff member, no personal data). */
export const THE_PERSON = { id: null, name: "klient (samodzielnie)" } as const;

/** The address a deleted account's row gets instead of the person's: unique, and never delivered. */
export const deletedEmail = (userId: number) => `usuniete-konto-${userId}@konto-usuniete.invalid`;

/**
 * The phrase exactly as asked, in capitals: typing it so is the deliberate step the deletion asks for
 * (only white space around it, which a phone's keyboard adds, is forgiven).
 */
export const confirmationMatches = (typed: string) => typed.trim() === DELETE_CONFIRMATION;

/** Refuses a wrong confirmation or password before anything is read for the deletion. */
export async function assertConfirmed(
  input: { Password: string; Confirmation: string },
  passwordHash: string,
): Promise<void> {
  if (!confirmationMatches(input.Confirmation)) {
    throw new ApiError(
      400,
      PrivacyErrorCode.ConfirmationMismatch,
      `Pole Confirmation: Wpisz dokładnie „${DELETE_CONFIRMATION}” wielkimi literami, aby potwierdzić usunięcie konta`,
    );
  }
  if (!(await verifyPassword(input.Password, passwordHash))) {
    throw new ApiError(400, ErrorCode.InvalidCredentials, "Pole Password: Hasło jest nieprawidłowe");
  }
}

const named = (r: { id: number; make: string; model: string; version: string }) =>
  `${carTitle(r)} (nr ${r.id})`;

/**
 * Why the account cannot go now, or null: it leads an auction not yet settled (running, or ended and
 * not yet closed), holds a live maximum offer in one, or won an auction whose sale staff have not yet
 * confirmed or released (they need to reach the buyer). ADR 052.
 */
async function refusal(tx: Tx, userId: number): Promise<string | null> {
  const car = { id: offers.id, make: offers.make, model: offers.model, version: offers.version };
  const [leading, maxima, unsettled] = await Promise.all([
    tx
      .select(car)
      .from(offers)
      .where(
        and(
          eq(offers.leaderUserId, userId),
          eq(offers.auctionSettled, false),
          eq(offers.saleType, "auction"),
        ),
      ),
    tx
      .select(car)
      .from(proxyBids)
      .innerJoin(offers, eq(offers.id, proxyBids.offerId))
      .where(
        and(eq(proxyBids.userId, userId), isNull(proxyBids.exceededAt), eq(offers.auctionSettled, false)),
      ),
    tx
      .select(car)
      .from(auctionSettlements)
      .innerJoin(offers, eq(offers.id, auctionSettlements.offerId))
      .where(and(eq(auctionSettlements.winnerUserId, userId), eq(auctionSettlements.outcome, "pending"))),
  ]);
  const reasons = [
    ...leading.map((r) => `prowadzisz w aukcji ${named(r)}`),
    ...maxima
      .filter((m) => !leading.some((l) => l.id === m.id))
      .map((r) => `masz aktywną maksymalną ofertę w aukcji ${named(r)}`),
    ...unsettled.map(
      (r) => `jesteś zwycięzcą aukcji ${named(r)}, której sprzedaż nie została jeszcze rozliczona`,
    ),
  ];
  if (!reasons.length) return null;
  return `Nie można teraz usunąć konta: ${reasons.join("; ")}. Konto usuniesz, gdy te aukcje zakończą się i zostaną rozliczone.`;
}

export interface DeletionResult extends Erased {
  BidsKept: number;
}

/**
 * Deletes a bidder's account (RODO art. 17) in the caller's transaction: refuses while an auction
 * needs the person (refusal above); erases every personal record of the account and what is kept
 * under its e-mail; ends every session (its tokens go with it); keeps the row itself, emptied, because
 * the bids of auctions and a settled sale's record name it (accounting law), and the audit log notes
 * the deletion with numbers only.
 */
export async function deleteAccount(tx: Tx, userId: number, now: Date): Promise<DeletionResult> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  const why = await refusal(tx, userId);
  if (why) throw new ApiError(400, PrivacyErrorCode.DeletionRefused, why);
  const erased = await eraseEmailData(tx, user.email, userId);
  await tx.delete(accountSessions).where(eq(accountSessions.userId, userId));
  await tx.delete(accountOneTimeTokens).where(eq(accountOneTimeTokens.userId, userId));
  await tx.delete(accountConsents).where(eq(accountConsents.userId, userId));
  await tx.delete(accountSettings).where(eq(accountSettings.userId, userId));
  await tx.delete(auctionFavourites).where(eq(auctionFavourites.userId, userId));
  await tx.delete(proxyBids).where(eq(proxyBids.userId, userId));
  await tx.delete(auctionOutbidMails).where(eq(auctionOutbidMails.userId, userId));
  await tx.delete(bidderNoticeMails).where(eq(bidderNoticeMails.userId, userId));
  await tx
    .update(users)
    .set({
      email: deletedEmail(userId),
      // Not a hash of anything: no password matches it.
      passwordHash: "usunięte",
      // A new random utoken: the old one, kept in the person's browsers, names nobody any more.
      utoken: randomToken(),
      firstName: "",
      lastName: "",
      phone: null,
      nip: null,
      companyName: null,
      verifiedCompanyName: null,
      verifiedNip: null,
      regon: null,
      street: null,
      postalCode: null,
      city: null,
      verificationRefusal: null,
      blockReason: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId));
  const [{ kept }] = await tx.select({ kept: count() }).from(bids).where(eq(bids.userId, userId));
  await audit(tx, THE_PERSON, {
    action: "bidder.delete",
    entity: "bidder",
    entityId: userId,
    after: { bidsKept: kept, ...erasedForAudit(erased) },
  });
  return { BidsKept: kept, ...erased };
}
