import { describe, expect, it } from "vitest";
import {
  alertHrefFromListQuery,
  alertQueryFromListQuery,
  criteriaFromQuery,
  listQueryFromCriteria,
} from "./prefill";

const q = (s: string) => new URLSearchParams(s);

describe("alert pre-fill from the URL query", () => {
  it("reads every key of the spec, lists comma separated", () => {
    const c = criteriaFromQuery(
      q(
        "isCompany=true&financialMethod=cash&priceFrom=50000&priceTo=150000&bodyType=suv,kombi&fuelType=EL&gearBoxType=automatic&makes=Audi,BMW",
      ),
    );
    expect(c).toEqual({
      buyerType: 1,
      financing: 2,
      priceFrom: "50000",
      priceTo: "150000",
      installmentFrom: "",
      installmentTo: "",
      bodyTypes: ["suv", "kombi"],
      fuelTypes: ["EL"],
      gearboxTypes: ["automatic"],
      makes: ["Audi", "BMW"],
    });
  });

  it("any financial method other than cash means instalments, and only instalment bounds are kept", () => {
    const c = criteriaFromQuery(q("isCompany=true&financialMethod=installment&installmentTo=2500&priceTo=9"));
    expect(c).toMatchObject({ financing: 1, installmentTo: "2500", priceTo: "" });
  });

  it("a private person gets cash financing whatever the link says", () => {
    expect(criteriaFromQuery(q("isCompany=false&financialMethod=installment&priceTo=80000"))).toMatchObject({
      buyerType: 2,
      financing: 2,
      priceTo: "80000",
    });
  });

  it("ignores what it cannot read and keeps only offered values, spelled as offered", () => {
    const c = criteriaFromQuery(q("isCompany=maybe&priceTo=abc&makes=audi,Nieznana,,AUDI&bodyType=suv"), {
      bodyTypes: ["suv"],
      fuelTypes: [],
      gearboxTypes: [],
      makes: ["Audi", "BMW"],
    });
    expect(c).toMatchObject({ buyerType: 0, financing: 0, priceTo: "", makes: ["Audi"], bodyTypes: ["suv"] });
  });

  it("takes a make in every spelling the vehicle list takes (skoda, SKODA, škoda are Škoda)", () => {
    const offered = {
      bodyTypes: [],
      fuelTypes: [],
      gearboxTypes: [],
      makes: ["Citroën", "Škoda", "Volkswagen"],
    };
    // The list finds Škoda's cars for ?makes=skoda, and its alert link carries the make as typed.
    const fromList = alertQueryFromListQuery(q("makes=skoda"));
    expect(criteriaFromQuery(fromList, offered).makes).toEqual(["Škoda"]);
    expect(criteriaFromQuery(q("makes=SKODA,škoda,citroen"), offered).makes).toEqual(["Škoda", "Citroën"]);
  });

  it("accepts repeated keys as well as comma lists, and cuts long numbers to 9 digits", () => {
    const c = criteriaFromQuery(q("makes=Audi&makes=BMW,Kia&financialMethod=cash&priceTo=12345678901"));
    expect(c.makes).toEqual(["Audi", "BMW", "Kia"]);
    expect(c.priceTo).toBe("123456789");
  });
});

describe("the vehicle list's 'set an alert for this search'", () => {
  it("carries the list's filters over and drops what an alert does not know", () => {
    const out = alertQueryFromListQuery(
      q(
        "makes=Audi,BMW&models=A4&bodyType=suv&fuelType=EL&gearBoxType=automatic&priceTo=150000&selectedSortingValue=2&page=3",
      ),
    );
    expect(Object.fromEntries(out)).toEqual({
      isCompany: "true",
      financialMethod: "cash",
      priceTo: "150000",
      bodyType: "suv",
      fuelType: "EL",
      gearBoxType: "automatic",
      makes: "Audi,BMW",
    });
  });

  it("turns the list's 'all' into instalments when only instalment bounds are set", () => {
    expect(Object.fromEntries(alertQueryFromListQuery(q("installmentTo=2000&financialMethod=all")))).toEqual({
      isCompany: "true",
      financialMethod: "installment",
      installmentTo: "2000",
    });
  });

  it("private persons always get cash and keep their brutto prices", () => {
    expect(
      Object.fromEntries(alertQueryFromListQuery(q("isCompany=false&installmentTo=2000&priceFrom=30000"))),
    ).toEqual({
      isCompany: "false",
      financialMethod: "cash",
      priceFrom: "30000",
    });
  });

  it("round-trips through the wizard's pre-fill", () => {
    const href = alertHrefFromListQuery(
      q("isCompany=true&financialMethod=installment&installmentFrom=900&makes=Kia"),
    );
    expect(href).toBe("/alert?isCompany=true&financialMethod=installment&installmentFrom=900&makes=Kia");
    const c = criteriaFromQuery(new URL(href, "http://x").searchParams);
    expect(c).toMatchObject({ buyerType: 1, financing: 1, installmentFrom: "900", makes: ["Kia"] });
  });

  it("an empty list filter still opens the wizard for a company", () => {
    expect(alertHrefFromListQuery(q(""))).toBe("/alert?isCompany=true");
  });
});

describe("from an alert back to the vehicle list", () => {
  it("writes the alert's criteria with the list's keys, and the pre-fill reads them back", () => {
    const c = criteriaFromQuery(
      q("isCompany=true&financialMethod=installment&installmentTo=2500&bodyType=suv&makes=Audi,Kia"),
    );
    const list = listQueryFromCriteria(c);
    expect(list.toString()).toBe(
      "isCompany=true&financialMethod=installment&installmentTo=2500&bodyType=suv&makes=Audi%2CKia",
    );
    expect(criteriaFromQuery(list)).toEqual(c);
  });
});
