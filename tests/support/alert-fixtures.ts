import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../src/server/db/client";
import { offers, offerTexts } from "../../src/server/db/schema/index";
import type { OutboxRow } from "../../src/server/mail/outbox";
import type { TestServer } from "./api-server";
import { solvedCaptcha } from "./captcha";

export type OfferInput = Partial<typeof offers.$inferInsert> & { description?: string; equipment?: string[] };

/**
 * Inserts one offer with sensible defaults (a company can buy it for cash, rent or lease it), and its
 * texts row as publishing does.
 */
export async function insertOffer(db: Db, input: OfferInput = {}): Promise<number> {
  const { description = "", equipment = [], ...o } = input;
  const netto = o.totalPriceNetto ?? 120_000;
  const [row] = await db
    .insert(offers)
    .values({
      saleType: "afterLease",
      make: "Audi",
      model: "A4",
      version: "2.0 TDI",
      bodyType: "kombi",
      fuelType: "ON",
      gearBoxType: "automatic",
      color: "czarny",
      year: 2022,
      mileage: 45_000,
      engineCapacity: 1968,
      powerHp: 150,
      isCashAvailable: true,
      totalPriceNetto: netto,
      totalPriceBrutto: Math.round(netto * 1.23),
      isLeasingAvailable: true,
      leasePrice: 2_100,
      isRentAvailable: true,
      rentPriceNetto: 2_400,
      ...o,
    })
    .returning({ id: offers.id });
  await db.insert(offerTexts).values({ offerId: row.id, description, equipment });
  return row.id;
}

export async function setOfferPrice(db: Db, id: number, netto: number): Promise<void> {
  await db
    .update(offers)
    .set({ totalPriceNetto: netto, totalPriceBrutto: Math.round(netto * 1.23) })
    .where(eq(offers.id, id));
}

let seq = 0;

/** Car alerts made through the public API, as a person makes them (captcha, activation e-mail). */
export function alertClient(server: () => TestServer) {
  const uniqueEmail = () => `alert.${Date.now()}.${++seq}@example.com`;

  async function validPayload(overrides: Record<string, unknown> = {}) {
    return {
      InstallmentBruttoFrom: 0,
      InstallmentBruttoTo: 0,
      TotalPriceBruttoFrom: 0,
      TotalPriceBruttoTo: 150_000,
      BodyTypes: [],
      FuelTypes: [],
      GearboxTypes: [],
      Makes: ["audi"],
      Email: uniqueEmail(),
      IsCompany: true,
      RulesAccepted: true,
      MarketingAccepted: true,
      Captcha: await solvedCaptcha(server().url),
      ...overrides,
    };
  }

  const outboxFor = async (email: string): Promise<OutboxRow[]> => {
    await server().services.mail.worker.wake();
    return (await fetch(`${server().url}/dev/outbox.json?to=${encodeURIComponent(email)}`)).json();
  };

  /** A new alert waiting for activation, with the guid of its activation link. */
  async function createAlert(overrides: Record<string, unknown> = {}) {
    const payload = await validPayload(overrides);
    const res = await fetch(`${server().url}/api/CarAlert`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
    const [mail] = await outboxFor(payload.Email as string);
    const guid = /\/alert\/aktywacja=([0-9a-f-]{36})/.exec(mail.text)![1];
    return { payload, guid, mail };
  }

  return { uniqueEmail, validPayload, outboxFor, createAlert };
}
