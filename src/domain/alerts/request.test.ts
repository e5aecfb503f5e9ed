import { describe, expect, it } from "vitest";
import { CarAlertRequestSchema, contactErrors, isAlertEmail, toAlertRequest } from "./request";
import { ALERT_MESSAGES, emptyCriteria } from "./wizard";

const valid = {
  InstallmentBruttoFrom: 0,
  InstallmentBruttoTo: 0,
  TotalPriceBruttoFrom: 0,
  TotalPriceBruttoTo: 150000,
  BodyTypes: ["suv"],
  FuelTypes: [],
  GearboxTypes: [],
  Makes: ["Audi"],
  Email: "jan.kowalski@example.com",
  IsCompany: true,
  RulesAccepted: true,
  MarketingAccepted: true,
  Captcha: "abc",
};

const messageOf = (input: unknown) => {
  const r = CarAlertRequestSchema.safeParse(input);
  return r.success ? null : r.error.issues[0].message;
};

describe("alert request", () => {
  it("accepts the spec's payload", () => {
    expect(CarAlertRequestSchema.parse(valid)).toMatchObject({ Makes: ["Audi"], IsCompany: true });
  });

  it("answers with the wizard's texts", () => {
    expect(messageOf({ ...valid, Email: "jan@" })).toBe(ALERT_MESSAGES.badEmail);
    expect(messageOf({ ...valid, RulesAccepted: false })).toBe(ALERT_MESSAGES.consentRequired);
    expect(messageOf({ ...valid, MarketingAccepted: false })).toBe(ALERT_MESSAGES.consentRequired);
    expect(messageOf({ ...valid, Captcha: "" })).toBe(ALERT_MESSAGES.captcha);
    expect(messageOf({ ...valid, TotalPriceBruttoTo: 0, BodyTypes: [], Makes: [] })).toBe(
      ALERT_MESSAGES.noCriteria,
    );
  });

  it("refuses instalments for private persons, both kinds of bounds, reversed ranges and odd values", () => {
    expect(
      messageOf({ ...valid, IsCompany: false, InstallmentBruttoTo: 2000, TotalPriceBruttoTo: 0 }),
    ).toMatch(/firmę/);
    expect(messageOf({ ...valid, InstallmentBruttoTo: 2000 })).toMatch(/nie oba/);
    expect(messageOf({ ...valid, TotalPriceBruttoFrom: 200000 })).toBe(ALERT_MESSAGES.rangeReversed);
    expect(messageOf({ ...valid, TotalPriceBruttoTo: -1 })).not.toBeNull();
    expect(messageOf({ ...valid, TotalPriceBruttoTo: 1_000_000_000 })).not.toBeNull();
    expect(messageOf({ ...valid, Makes: ["<script>"] })).not.toBeNull();
    expect(messageOf({ ...valid, Extra: 1 })).not.toBeNull();
  });

  it("checks e-mail addresses the usual way", () => {
    for (const ok of ["a@b.pl", "jan.kowalski+alert@firma.com.pl", "x_y-z@sub-domena.example.org"]) {
      expect(isAlertEmail(ok)).toBe(true);
    }
    for (const bad of [
      "",
      "jan",
      "jan@",
      "@firma.pl",
      "jan@firma",
      "jan@firma.p",
      "jan kowalski@firma.pl",
      "jan@-firma.pl",
    ]) {
      expect(isAlertEmail(bad)).toBe(false);
    }
  });

  it("page 5 gives one inline error per field", () => {
    expect(
      contactErrors({ email: "x", rulesAccepted: false, marketingAccepted: false, captcha: "" }),
    ).toEqual({
      email: ALERT_MESSAGES.badEmail,
      rulesAccepted: ALERT_MESSAGES.consentRequired,
      marketingAccepted: ALERT_MESSAGES.consentRequired,
      captcha: ALERT_MESSAGES.captcha,
    });
    expect(
      contactErrors({ email: " jan@firma.pl ", rulesAccepted: true, marketingAccepted: true, captcha: "p" }),
    ).toEqual({});
  });

  it("sends only the bounds of the chosen financing", () => {
    const c = {
      ...emptyCriteria(),
      buyerType: 1 as const,
      financing: 1 as const,
      installmentTo: "2500",
      priceTo: "9",
    };
    const r = toAlertRequest(c, {
      email: "a@b.pl",
      rulesAccepted: true,
      marketingAccepted: true,
      captcha: "x",
    });
    expect(r).toMatchObject({ InstallmentBruttoTo: 2500, TotalPriceBruttoTo: 0, IsCompany: true });
    expect(CarAlertRequestSchema.safeParse(r).success).toBe(true);
  });
});
