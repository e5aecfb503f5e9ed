import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  callBackFormSchema,
  contactFormSchema,
  fieldErrors,
  MSG,
  maxMessage,
  minMessage,
  normalizePhone,
  sendMarketingMailSchema,
  sendQuestionSchema,
} from "./lead-forms";

const valid = {
  Name: "Zażółć",
  Surname: "Gęślą-Jaźń",
  Email: "jan.kowalski_1@example.com.pl",
  PhoneNumber: "600 700-800",
  MessageBody: "Proszę o kontakt.",
  TermsConsent: true,
  MarketingConsent: true,
  Captcha: "eyJ9",
};

const errorsOf = (over: Record<string, unknown>) => {
  const r = contactFormSchema.safeParse({ ...valid, ...over });
  return r.success ? {} : fieldErrors(r.error);
};

describe("contact form (spec section 5)", () => {
  it("accepts a valid form and removes spaces and dashes from the phone", () => {
    const r = contactFormSchema.parse(valid);
    expect(r.PhoneNumber).toBe("600700800");
    expect(r.Name).toBe("Zażółć");
  });
  it.each([
    ["Name", "", MSG.required],
    ["Name", "   ", MSG.required],
    ["Name", "A", minMessage(2)],
    ["Name", "A".repeat(31), maxMessage(30)],
    ["Name", "Jan2", MSG.name],
    ["Surname", undefined, MSG.required],
    ["Surname", "K", minMessage(2)],
    ["Surname", "K".repeat(51), maxMessage(50)],
    ["Surname", "Nowak Kowalski", MSG.surname],
    ["Email", "", MSG.required],
    ["Email", "a@b.p", minMessage(6)],
    ["Email", `${"a".repeat(40)}@example.com`, maxMessage(50)],
    ["Email", "jan@example.c", MSG.email],
    ["Email", "jan@example.comcom", MSG.email],
    ["Email", "jan+x@example.com", MSG.email],
    ["PhoneNumber", "", MSG.required],
    ["PhoneNumber", "600 700 80", minMessage(9)],
    ["PhoneNumber", "+48 600 700 800 1234", maxMessage(15)],
    ["PhoneNumber", "6007008001", MSG.phone],
    ["PhoneNumber", "60070080a", MSG.phone],
    ["MessageBody", "x".repeat(2001), maxMessage(2000)],
    ["TermsConsent", false, MSG.consent],
    ["MarketingConsent", undefined, MSG.consent],
    ["Captcha", "", MSG.captcha],
  ])("%s = %j -> %s", (field, value, message) => {
    expect(errorsOf({ [field]: value })[field]).toBe(message);
  });

  it("writes the generic messages in correct Polish", () => {
    expect(maxMessage(30)).toBe("Pole przyjmuje maksymalnie 30 znaków");
    expect(maxMessage(2)).toBe("Pole przyjmuje maksymalnie 2 znaki");
    expect(minMessage(9)).toBe("Pole wymaga minimum 9 znaków");
    expect(MSG.summary).toBe(
      "Formularz został źle wypełniony, prosimy o poprawienie pól zaznaczonych kolorem czerwonym.",
    );
  });

  it("accepts every phone of 9 or 11 digits with an optional plus, written with spaces and dashes", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.constantFrom(9, 11),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (plus, len, seed) => {
          const digits = String(seed).padStart(11, "7").slice(0, len);
          const written = `${plus ? "+" : ""}${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`;
          const r = contactFormSchema.safeParse({ ...valid, PhoneNumber: written });
          expect(r.success).toBe(true);
          if (r.success) expect(r.data.PhoneNumber).toBe(`${plus ? "+" : ""}${digits}`);
        },
      ),
    );
  });

  it("the server payloads add the offer, campaign, car and calculator data", () => {
    const r = sendQuestionSchema.parse({
      ...valid,
      AuctionId: 12,
      CampaignId: "zima",
      CarDetails: { Make: "Audi", Model: "Q7", ProductionYear: "2021" },
    });
    expect(r.AuctionId).toBe(12);
    expect(
      sendQuestionSchema.safeParse({
        ...valid,
        CarDetails: { Make: "Audi", Model: "Q7", ProductionYear: "21" },
      }).success,
    ).toBe(false);
    expect(sendMarketingMailSchema.safeParse({ ...valid, FormType: 2 }).success).toBe(true);
    expect(sendMarketingMailSchema.safeParse({ ...valid, FormType: 1 }).success).toBe(false);
  });
});

describe("call-back form", () => {
  it("strips spaces and dashes, needs the pattern and 9 characters, and the agreement", () => {
    expect(callBackFormSchema.parse({ PhoneNumber: "600-700 800", Agreement: true }).PhoneNumber).toBe(
      "600700800",
    );
    const bad = callBackFormSchema.safeParse({ PhoneNumber: "600 700", Agreement: false });
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(fieldErrors(bad.error)).toEqual({ PhoneNumber: MSG.callBackPhone, Agreement: MSG.required });
    }
    expect(normalizePhone(" +48 600-700-800 ")).toBe("+48600700800");
  });
});
