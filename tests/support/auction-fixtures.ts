import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../src/server/accounts/secrets";
import type { Db } from "../../src/server/db/client";
import { accountSettings, offers, offerTexts, users } from "../../src/server/db/schema/index";
import type { TestServer } from "./api-server";
import { TEST_PASSWORD_HASH_COST } from "./password-hash-cost";

/**
 * Auction test data written straight to the database: bidder accounts in a chosen state (the accounts
 * area's registration flow is tested there) and auction offers with chosen times and prices.
 */
export interface BidderOptions {
  email?: string;
  password?: string;
  /** false: a person without a NIP (not a company account). */
  company?: boolean;
  rulesAccepted?: boolean;
  profileComplete?: boolean;
  status?: "pending_email" | "pending_verification" | "active" | "blocked";
  outbidMails?: boolean;
}

export interface Bidder {
  id: number;
  email: string;
  password: string;
  utoken: string;
}

let passwordHash: Promise<string> | undefined;
export const BIDDER_PASSWORD = "Licytacja!2026";

export async function createBidder(db: Db, o: BidderOptions = {}): Promise<Bidder> {
  passwordHash ??= hashPassword(BIDDER_PASSWORD, TEST_PASSWORD_HASH_COST);
  const email = o.email ?? `licytujacy-${crypto.randomBytes(5).toString("hex")}@example.com`;
  const complete = o.profileComplete ?? true;
  const [u] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      utoken: crypto.randomBytes(16).toString("hex"),
      firstName: "Anna",
      lastName: complete ? "Nowak" : "",
      phone: "600700800",
      nip: o.company === false ? null : "5260250274",
      companyName: o.company === false ? null : "Auto Handel Nowak sp. z o.o.",
      street: "ul. Prosta 1",
      postalCode: "00-001",
      city: "Warszawa",
      status: o.status ?? "active",
      acceptedRulesVersion: o.rulesAccepted === false ? null : 1,
    })
    .returning();
  await db.insert(accountSettings).values({
    userId: u.id,
    notifications: {
      AuctionStart: true,
      Outbid: o.outbidMails ?? true,
      AuctionWon: true,
      NewAuctions: false,
    },
    statementAcceptedAt: complete ? new Date() : null,
  });
  return { id: u.id, email, password: BIDDER_PASSWORD, utoken: u.utoken };
}

export async function signIn(baseUrl: string, b: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/Account/Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ Email: b.email, Password: b.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface AuctionOptions {
  start?: Date;
  end?: Date;
  startingPrice?: number;
  make?: string;
  model?: string;
  saleType?: "new" | "afterLease" | "auction";
  /** The auction's own minimum increment (zł); none: the rules' table. */
  minIncrement?: number | null;
  /** The seller's minimum and the buy-now price (zł netto); none: without. */
  reservePrice?: number | null;
  buyNowPrice?: number | null;
}

export async function createAuction(db: Db, o: AuctionOptions = {}): Promise<number> {
  const now = Date.now();
  const isAuction = (o.saleType ?? "auction") === "auction";
  const [row] = await db
    .insert(offers)
    .values({
      saleType: o.saleType ?? "auction",
      make: o.make ?? "Škoda",
      model: o.model ?? "Octavia",
      version: "2.0 TDI Style",
      bodyType: "kombi",
      fuelType: "ON",
      gearBoxType: "automatyczna",
      color: "szary",
      year: 2021,
      mileage: 98_000,
      engineCapacity: 1968,
      powerHp: 150,
      plateNumber: "WX 12345",
      vin: "TMBJJ7NX5MY000001",
      auctionStart: isAuction ? (o.start ?? new Date(now - 3_600_000)) : null,
      auctionEnd: isAuction ? (o.end ?? new Date(now + 24 * 3_600_000)) : null,
      startingPrice: isAuction ? (o.startingPrice ?? 40_000) : null,
      currentPrice: isAuction ? (o.startingPrice ?? 40_000) : null,
      minIncrement: o.minIncrement ?? null,
      reservePrice: o.reservePrice ?? null,
      buyNowPrice: o.buyNowPrice ?? null,
      totalPriceNetto: isAuction ? null : 80_000,
    })
    .returning({ id: offers.id });
  await db
    .insert(offerTexts)
    .values({ offerId: row.id, equipment: ["klimatyzacja dwustrefowa", "nawigacja"] });
  return row.id;
}

export async function auctionRow(db: Db, id: number) {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row;
}

export async function bid(baseUrl: string, token: string | null, body: unknown) {
  const res = await fetch(`${baseUrl}/api/Bidding/Bid`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** POST /api/Bidding/MaxBid: sets a maximum offer (proxy bid). */
export async function maxBid(baseUrl: string, token: string | null, body: unknown) {
  const res = await fetch(`${baseUrl}/api/Bidding/MaxBid`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export type OutboxMail = { subject: string; text: string };

/** What the auction API tests share: GET with a token, the delivered mail of an address, a bidder signed in. */
export function auctionTestClient(server: () => TestServer) {
  const db = () => server().services.db;
  const get = async (path: string, token?: string) => {
    const res = await fetch(`${server().url}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, body: await res.json() };
  };
  /** Mail to `to`, after delivering what is queued. */
  const outbox = async (to: string): Promise<OutboxMail[]> => {
    await server().services.mail.worker.wake();
    return (await fetch(`${server().url}/dev/outbox.json?to=${encodeURIComponent(to)}`)).json();
  };
  const signedIn = async (opts: BidderOptions = {}) => {
    const b = await createBidder(db(), opts);
    return { ...b, token: await signIn(server().url, b) };
  };
  return { db, get, outbox, signedIn };
}
