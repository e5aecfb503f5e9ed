import { describe, expect, it } from "vitest";
import {
  acceptRulesSchema,
  changePasswordSchema,
  fieldErrors,
  missingProfileFields,
  personSchema,
  registerSchema,
} from "./account";

const valid = {
  Nip: "123-456-32-18",
  CompanyName: "Transport Nowak sp. z o.o.",
  Regon: "",
  Street: "ul. Długa 5",
  PostalCode: "00-950",
  City: "Łódź",
  Email: "jan.nowak@firma.pl",
  Password: "Bezpieczne1haslo",
  RepeatPassword: "Bezpieczne1haslo",
  AcceptSiteRules: true,
  AcceptAuctionRules: true,
};

describe("registration form", () => {
  it("accepts a complete form and normalizes the NIP", () => {
    const r = registerSchema.parse(valid);
    expect(r.Nip).toBe("1234563218");
    expect(r.MarketingEmail).toBe(false);
  });

  it("names every wrong field with a Polish message", () => {
    const r = registerSchema.safeParse({
      ...valid,
      Nip: "1234563219",
      Email: "jan@firma",
      Password: "krotkie",
      AcceptAuctionRules: false,
      PostalCode: "00950",
    });
    expect(r.success).toBe(false);
    const e = fieldErrors(r.error!);
    expect(e.Nip).toMatch(/NIP jest nieprawidłowy/);
    expect(e.Email).toBe("Email jest nieprawidłowy");
    expect(e.Password).toBe("Hasło musi mieć co najmniej 10 znaków");
    expect(e.AcceptAuctionRules).toBe("Zgoda jest wymagana");
    expect(e.PostalCode).toBe("Kod pocztowy ma postać 00-000");
  });

  it("requires the repeated password to match and rejects unknown fields", () => {
    expect(
      fieldErrors(registerSchema.safeParse({ ...valid, RepeatPassword: "Inne1hasloxx" }).error!),
    ).toEqual({
      RepeatPassword: "Hasła nie są takie same",
    });
    expect(registerSchema.safeParse({ ...valid, Status: "active" }).success).toBe(false);
  });
});

describe("settings forms", () => {
  it("strips spaces and dashes from the phone and checks the pattern", () => {
    expect(
      personSchema.parse({
        FirstName: "Żaneta",
        LastName: "Kowalska-Wiśniewska",
        PhoneNumber: "600 700-800",
      }),
    ).toEqual({ FirstName: "Żaneta", LastName: "Kowalska-Wiśniewska", PhoneNumber: "600700800" });
    const r = personSchema.safeParse({ FirstName: "J", LastName: "K", PhoneNumber: "12345" });
    expect(fieldErrors(r.error!)).toEqual({
      FirstName: "Pole wymaga minimum 2 znaków",
      LastName: "Pole wymaga minimum 2 znaków",
      PhoneNumber: "Pole wymaga minimum 9 znaków",
    });
  });

  it("refuses a new password equal to the current one", () => {
    const r = changePasswordSchema.safeParse({
      CurrentPassword: "Stare1hasloo",
      NewPassword: "Stare1hasloo",
      RepeatPassword: "Stare1hasloo",
    });
    expect(fieldErrors(r.error!).NewPassword).toBe("Nowe hasło musi się różnić od obecnego");
  });

  it("accepts the rules only with 'tak'", () => {
    expect(acceptRulesSchema.safeParse({ Accept: "tak" }).success).toBe(true);
    for (const Accept of ["nie", "", "TAK"]) {
      expect(fieldErrors(acceptRulesSchema.safeParse({ Accept }).error!).Accept).toBe(
        "Akceptacja jest obligatoryjna",
      );
    }
  });

  it("lists what a profile still lacks", () => {
    const base = {
      FirstName: "Jan",
      LastName: "Nowak",
      PhoneNumber: "600700800",
      CompanyName: "Firma",
      Street: "Długa 5",
      PostalCode: "00-950",
      City: "Łódź",
      StatementAccepted: true,
    };
    expect(missingProfileFields(base)).toEqual([]);
    expect(missingProfileFields({ ...base, PhoneNumber: "", StatementAccepted: false })).toEqual([
      "PhoneNumber",
      "Statement",
    ]);
  });
});
