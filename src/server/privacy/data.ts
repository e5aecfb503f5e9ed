import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATIONS } from "../../domain/account";
import { formatApiDateTime } from "../../domain/format";
import { type AccountExport, CONSENT_KIND_NAMES, type EmailData } from "../../domain/privacy-rights";
import { carTitle } from "../../domain/vehicles";
import type { Db, Tx } from "../db/client";
import {
  accountConsents,
  accountSessions,
  accountSettings,
  auctionFavourites,
  auctionSettlements,
  bids,
  carAlerts,
  chatEvents,
  chats,
  chatTickets,
  leadNotes,
  leads,
  offers,
  proxyBids,
  users,
} from "../db/schema/index";
import { leaseApplicationsOf } from "./lease-applications";

/**
 * What the marketplace keeps about a person, gathered for a copy (RODO arts. 15 and 20): under an
 * e-mail address (lead forms, alerts, chats, leasing applications), and for a bidder also the account. Only what is theirs:
 * no password hash, no token or link of any kind, no other bidder, no staff member's name.
 */

const at = (d: Date) => formatApiDateTime(d);
const atOrNull = (d: Date | null) => (d ? formatApiDateTime(d) : null);
const sameEmail = (column: Parameters<typeof sql>[1], email: string) =>
  sql`lower(${column}) = lower(${email})`;

/** Fields of a lead that have columns of their own; the rest of the form is its Details. */
const LEAD_COLUMNS_IN_PAYLOAD = new Set([
  "Name",
  "Surname",
  "Email",
  "PhoneNumber",
  "MessageBody",
  "AuctionId",
]);

async function leadsOf(db: Db | Tx, email: string): Promise<EmailData["Leads"]> {
  const rows = await db
    .select()
    .from(leads)
    .where(sameEmail(leads.email, email))
    .orderBy(asc(leads.createdAt), asc(leads.id));
  const notes = rows.length
    ? await db
        .select({ leadId: leadNotes.leadId, createdAt: leadNotes.createdAt, text: leadNotes.text })
        .from(leadNotes)
        .where(
          inArray(
            leadNotes.leadId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(leadNotes.createdAt))
    : [];
  return rows.map((r) => ({
    Kind: r.kind,
    CreatedAt: at(r.createdAt),
    AuctionId: r.auctionId,
    Name: r.name,
    Surname: r.surname,
    Email: r.email,
    PhoneNumber: r.phoneNumber,
    MessageBody: r.messageBody,
    Details: Object.fromEntries(Object.entries(r.payload).filter(([k]) => !LEAD_COLUMNS_IN_PAYLOAD.has(k))),
    Notes: notes.filter((n) => n.leadId === r.id).map((n) => ({ CreatedAt: at(n.createdAt), Text: n.text })),
  }));
}

async function alertsOf(db: Db | Tx, email: string): Promise<EmailData["Alerts"]> {
  const rows = await db
    .select()
    .from(carAlerts)
    .where(sameEmail(carAlerts.email, email))
    .orderBy(asc(carAlerts.createdAt), asc(carAlerts.id));
  return rows.map((a) => ({
    CreatedAt: at(a.createdAt),
    Status: a.status,
    IsCompany: a.isCompany,
    Financing: a.financing,
    PriceFrom: a.priceFrom,
    PriceTo: a.priceTo,
    BodyTypes: a.bodyTypes,
    FuelTypes: a.fuelTypes,
    GearboxTypes: a.gearboxTypes,
    Makes: a.makes,
    RulesAcceptedAt: at(a.rulesAcceptedAt),
    MarketingAcceptedAt: at(a.marketingAcceptedAt),
    ActivatedAt: atOrNull(a.activatedAt),
    DeactivatedAt: atOrNull(a.deactivatedAt),
  }));
}

const AUTHORS = { customer: "klient", agent: "konsultant", system: "system" } as const;

async function chatsOf(db: Db | Tx, email: string): Promise<Pick<EmailData, "Chats" | "ChatTickets">> {
  const rows = await db
    .select()
    .from(chats)
    .where(sameEmail(chats.customerEmail, email))
    .orderBy(asc(chats.createdAt), asc(chats.id));
  const events = rows.length
    ? await db
        .select()
        .from(chatEvents)
        .where(
          and(
            inArray(
              chatEvents.chatId,
              rows.map((r) => r.id),
            ),
            // What was said and sent; the system's notes (queue, hand-over) name consultants.
            inArray(chatEvents.kind, ["message", "file", "filled_form"]),
          ),
        )
        .orderBy(asc(chatEvents.id))
    : [];
  const tickets = await db
    .select()
    .from(chatTickets)
    .where(sameEmail(chatTickets.email, email))
    .orderBy(asc(chatTickets.createdAt));
  return {
    Chats: rows.map((c) => ({
      StartedAt: at(c.createdAt),
      EndedAt: atOrNull(c.endedAt),
      Name: c.customerName,
      Email: c.customerEmail,
      Topic: c.topic,
      Rating: c.rating,
      RatingComment: c.ratingComment,
      Messages: events
        .filter((e) => e.chatId === c.id)
        .map((e) => ({
          At: at(e.createdAt),
          Author: AUTHORS[e.author],
          Text: e.kind === "filled_form" ? JSON.stringify(e.payload?.values ?? {}) : e.text,
          FileName: e.kind === "file" ? String(e.payload?.name ?? "") : null,
        })),
    })),
    ChatTickets: tickets.map((t) => ({
      CreatedAt: at(t.createdAt),
      Name: t.name,
      Email: t.email,
      Message: t.message,
    })),
  };
}

/**
 * Lead forms, alerts, chats and leasing applications under an address (the same for a bidder's own
 * address; a bidder's copy adds the applications sent from the account under another address).
 */
export async function emailData(db: Db | Tx, email: string, now: Date, userId?: number): Promise<EmailData> {
  const [leadRows, alertRows, chatRows, applications] = await Promise.all([
    leadsOf(db, email),
    alertsOf(db, email),
    chatsOf(db, email),
    leaseApplicationsOf(db, { email, userId }),
  ]);
  return {
    Email: email,
    GeneratedAt: at(now),
    Leads: leadRows,
    Alerts: alertRows,
    ...chatRows,
    LeaseApplications: applications,
  };
}

const vehicleColumns = { make: offers.make, model: offers.model, version: offers.version };

/** The bidder's auctions: favourites, bids, maximum offers, won auctions. */
async function auctionsOf(db: Db | Tx, userId: number) {
  const [favourites, bidRows, maxima, won] = await Promise.all([
    db
      .select({
        offerId: auctionFavourites.offerId,
        createdAt: auctionFavourites.createdAt,
        ...vehicleColumns,
      })
      .from(auctionFavourites)
      .innerJoin(offers, eq(offers.id, auctionFavourites.offerId))
      .where(eq(auctionFavourites.userId, userId))
      .orderBy(asc(auctionFavourites.createdAt)),
    db
      .select({ offerId: bids.offerId, price: bids.price, createdAt: bids.createdAt, ...vehicleColumns })
      .from(bids)
      .innerJoin(offers, eq(offers.id, bids.offerId))
      .where(eq(bids.userId, userId))
      .orderBy(asc(bids.createdAt), asc(bids.id)),
    db
      .select({ p: proxyBids, ...vehicleColumns })
      .from(proxyBids)
      .innerJoin(offers, eq(offers.id, proxyBids.offerId))
      .where(eq(proxyBids.userId, userId))
      .orderBy(asc(proxyBids.setAt)),
    db
      .select({ s: auctionSettlements, ...vehicleColumns })
      .from(auctionSettlements)
      .innerJoin(offers, eq(offers.id, auctionSettlements.offerId))
      .where(and(eq(auctionSettlements.winnerUserId, userId), isNotNull(auctionSettlements.winnerUserId)))
      .orderBy(asc(auctionSettlements.endedAt)),
  ]);
  return {
    Favourites: favourites.map((f) => ({
      AuctionId: f.offerId,
      Vehicle: carTitle(f),
      AddedAt: at(f.createdAt),
    })),
    Bids: bidRows.map((b) => ({
      AuctionId: b.offerId,
      Vehicle: carTitle(b),
      Price: b.price,
      PlacedAt: at(b.createdAt),
    })),
    MaximumOffers: maxima.map(({ p, ...car }) => ({
      AuctionId: p.offerId,
      Vehicle: carTitle(car),
      MaxPrice: p.maxPrice,
      SetAt: at(p.setAt),
      ExceededAt: atOrNull(p.exceededAt),
    })),
    WonAuctions: won.map(({ s, ...car }) => ({
      AuctionId: s.offerId,
      Vehicle: carTitle(car),
      FinalPrice: s.finalPrice,
      EndedAt: at(s.endedAt),
      Outcome: s.outcome,
    })),
  };
}

/** The account's own records: the person, the company, settings, consents and sessions. */
async function accountOf(db: Db | Tx, userId: number) {
  const [[user], [settings], consents, sessions] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(accountSettings).where(eq(accountSettings.userId, userId)),
    db
      .select()
      .from(accountConsents)
      .where(eq(accountConsents.userId, userId))
      .orderBy(asc(accountConsents.recordedAt), asc(accountConsents.id)),
    db
      .select()
      .from(accountSessions)
      .where(eq(accountSessions.userId, userId))
      .orderBy(asc(accountSessions.createdAt)),
  ]);
  return { user, settings, consents, sessions };
}

/** Everything kept about a signed-in bidder (GET /api/Account/Export). */
export async function accountExport(db: Db | Tx, userId: number, now: Date): Promise<AccountExport> {
  const { user, settings, consents, sessions } = await accountOf(db, userId);
  const [byEmail, auctions] = await Promise.all([
    emailData(db, user.email, now, userId),
    auctionsOf(db, userId),
  ]);
  return {
    ...byEmail,
    Account: {
      Email: user.email,
      FirstName: user.firstName,
      LastName: user.lastName,
      PhoneNumber: user.phone ?? "",
      Status: user.status,
      CreatedAt: at(user.createdAt),
      AcceptedRulesVersion: user.acceptedRulesVersion,
    },
    Company: {
      Nip: user.nip ?? "",
      CompanyName: user.companyName ?? "",
      Regon: user.regon ?? "",
      Street: user.street ?? "",
      PostalCode: user.postalCode ?? "",
      City: user.city ?? "",
    },
    Settings: {
      MarketingEmail: settings?.marketingEmail ?? false,
      MarketingPhone: settings?.marketingPhone ?? false,
      StatementAcceptedAt: atOrNull(settings?.statementAcceptedAt ?? null),
      PasswordChangedAt: atOrNull(settings?.passwordChangedAt ?? null),
      Notifications: { ...DEFAULT_NOTIFICATIONS, ...settings?.notifications },
    },
    Consents: consents.map((c) => ({
      Kind: c.kind,
      Name: CONSENT_KIND_NAMES[c.kind] ?? c.kind,
      Granted: c.granted,
      Version: c.version,
      RecordedAt: at(c.recordedAt),
      Ip: c.ip,
    })),
    Sessions: sessions.map((s) => ({
      CreatedAt: at(s.createdAt),
      LastUsedAt: at(s.lastUsedAt),
      EndedAt: atOrNull(s.revokedAt),
      Device: s.userAgent,
    })),
    ...auctions,
  };
}
