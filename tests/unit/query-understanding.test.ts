import { describe, expect, it } from "vitest";
import {
  type CatalogueNames,
  equipmentVocabulary,
  searchWithout,
  understandSearch,
} from "../../src/domain/catalogue/query-understanding";
import { formatKm, formatPrice } from "../../src/domain/format";
import { typoDistance } from "../../src/domain/search-text";

/** A small catalogue of its own (not the demo's), so the rules are checked, not a list of queries. */
const names: CatalogueNames = {
  makes: [
    "Maserati",
    "Volkswagen",
    "Mercedes-Benz",
    "BMW",
    "Škoda",
    "Peugeot",
    "Nissan",
    "Alfa Romeo",
    "Hyundai",
    "Kia",
    "Audi",
    "Volvo",
  ],
  models: [
    { make: "Volkswagen", model: "T-Cross" },
    { make: "Volkswagen", model: "ID.7" },
    { make: "Volkswagen", model: "Arteon" },
    { make: "Mercedes-Benz", model: "Klasa E" },
    { make: "Mercedes-Benz", model: "Klasa S" },
    { make: "Mercedes-Benz", model: "GLC" },
    { make: "BMW", model: "Seria 7" },
    { make: "BMW", model: "Seria 2 Gran Coupe" },
    { make: "BMW", model: "iX3" },
    { make: "BMW", model: "Z4" },
    { make: "Škoda", model: "Scala" },
    { make: "Škoda", model: "Karoq" },
    { make: "Peugeot", model: "2008" },
    { make: "Peugeot", model: "e-208" },
    { make: "Peugeot", model: "5008" },
    { make: "Maserati", model: "MC20" },
    { make: "Nissan", model: "Juke" },
    { make: "Alfa Romeo", model: "Giulia" },
    { make: "Hyundai", model: "Santa Fe" },
    { make: "Kia", model: "XCeed" },
    { make: "Audi", model: "A3 Sportback" },
    { make: "Audi", model: "A4 Avant" },
    { make: "Audi", model: "Q5" },
    { make: "Volvo", model: "XC40" },
    { make: "Volvo", model: "XC60" },
    { make: "Volvo", model: "V60 Cross Country" },
  ],
  otherWords: ["skorzana", "tapicerka", "lusterka", "elektrycznie", "kamera", "cofania"],
};

const read = (q: string) =>
  understandSearch(q, names).filters.map((f) => `${f.kind}:${f.amount ?? f.values.join("|")}`);

describe("understanding a search", () => {
  it("reads nicknames and typos of makes, swapped letters too", () => {
    expect(read("merc")).toEqual(["make:Mercedes-Benz"]);
    expect(read("mb")).toEqual(["make:Mercedes-Benz"]);
    expect(read("szkoda")).toEqual(["make:Škoda"]);
    expect(read("nisan")).toEqual(["make:Nissan"]);
    expect(read("hyundia")).toEqual(["make:Hyundai"]); // swapped
    expect(read("peugoet")).toEqual(["make:Peugeot"]);
    expect(read("alfa romeo")).toEqual(["make:Alfa Romeo"]);
    expect(read("wolkswagem")).toEqual(["make:Volkswagen"]); // two letters off in a long name
  });

  it("reads models joined, split or without their dots and hyphens", () => {
    expect(read("tcross")).toEqual(["model:T-Cross"]);
    expect(read("t cross")).toEqual(["model:T-Cross"]);
    expect(read("id7")).toEqual(["model:ID.7"]);
    expect(read("ix 3")).toEqual(["model:iX3"]);
    expect(read("e208")).toEqual(["model:e-208"]);
    expect(read("santafe")).toEqual(["model:Santa Fe"]);
    expect(read("x ceed")).toEqual(["model:XCeed"]);
    expect(read("bmw 7")).toEqual(["make:BMW", "model:Seria 7"]);
    expect(read("mercedes e")).toEqual(["make:Mercedes-Benz", "model:Klasa E"]);
    expect(read("seria 2")).toEqual(["model:Seria 2 Gran Coupe"]);
    expect(read("karok")).toEqual(["model:Karoq"]);
    expect(read("guilia")).toEqual(["model:Giulia"]);
    expect(read("peugeot 2008")).toEqual(["make:Peugeot", "model:2008"]); // a model, not a year
  });

  it("does not read one letter as a model without its make", () => {
    expect(read("e")).toEqual([]);
    expect(understandSearch("e", names).rest).toEqual(["e"]);
  });

  it("reads one or two letters after a make as the start of its series ('audi a': A3, A4)", () => {
    expect(read("audi a")).toEqual(["make:Audi", "model:A3 Sportback|A4 Avant"]);
    expect(read("volvo xc")).toEqual(["make:Volvo", "model:XC40|XC60"]);
    expect(read("AUDI Q")).toEqual(["make:Audi", "model:Q5"]);
    expect(read("peugeot e")).toEqual(["make:Peugeot", "model:e-208"]);
    expect(read("nissan j")).toEqual(["make:Nissan", "model:Juke"]);
    // "z", "do", "od" are words of the search, not letters of a name: "bmw z automatem" has no Z4.
    expect(read("bmw z automatem")).toEqual(["make:BMW", "gearbox:automatic"]);
    expect(read("bmw z")).toEqual(["make:BMW"]);
    // Another make's series, a letter no series starts with, or no make: the words stay words.
    expect(read("kia a")).toEqual(["make:Kia"]);
    expect(understandSearch("volvo q", names).rest).toEqual(["q"]);
    expect(read("a")).toEqual([]);
  });

  it("reads how a car is sold from the lists' own words: new, ex-lease, auction", () => {
    expect(read("poleasingowa skoda")).toEqual(["sale:afterLease", "make:Škoda"]);
    expect(read("Nowe SUV")).toEqual(["sale:new", "body:suv"]);
    expect(read("leasing")).toEqual([]); // a way to pay, not an ex-lease car
    expect(understandSearch("leasing", names).rest).toEqual([]); // nor a word the cars' text must have
    expect(read("aukcje bmw")).toEqual(["sale:auction", "make:BMW"]);
    expect(read("używany kombi")).toEqual(["sale:afterLease", "body:kombi"]);
    expect(understandSearch("licytacja", names).filters[0].label).toBe("Oferta: aukcja");
  });

  it("turns filter words into filters, in any Polish form", () => {
    expect(read("automatyczna skrzynia biegów")).toEqual(["gearbox:automatic"]);
    expect(read("z manualną")).toEqual(["gearbox:manual"]);
    expect(read("na ropę")).toEqual(["fuel:ON"]);
    expect(read("benzynowy")).toEqual(["fuel:PB"]);
    expect(read("hybrydowy")).toEqual(["fuel:HEV|PHEV"]);
    expect(read("plug-in")).toEqual(["fuel:PHEV"]);
    expect(read("elektryczny")).toEqual(["fuel:EL"]);
    expect(read("terenowy")).toEqual(["body:suv"]);
    expect(read("dostawczak")).toEqual(["body:van"]);
    expect(read("limuzyna")).toEqual(["body:sedan"]);
  });

  it("reads years, prices and mileage", () => {
    expect(read("karoq od 2021")).toEqual(["model:Karoq", "yearFrom:2021"]);
    expect(read("juke 2020")).toEqual(["model:Juke", "yearFrom:2020"]);
    expect(read("do 2019")).toEqual(["yearTo:2019"]);
    expect(read("do 75 tys")).toEqual(["priceTo:75000"]);
    expect(read("60k")).toEqual(["priceTo:60000"]);
    expect(read("do 85 000 zł")).toEqual(["priceTo:85000"]);
    expect(read("od 40 tys zł")).toEqual(["priceFrom:40000"]);
    expect(read("do 30 tys km")).toEqual(["mileageTo:30000"]);
    expect(read("do 999999999999 tys")).toEqual([]); // no amount the filter could take
    expect(read("do 1.5")).toEqual([]); // an engine, not a price
  });

  it("reads a range with its unit written once, at its upper end", () => {
    expect(read("od 50 do 100 tys")).toEqual(["priceFrom:50000", "priceTo:100000"]);
    expect(read("cena od 50 do 100 tys")).toEqual(["priceFrom:50000", "priceTo:100000"]);
    expect(read("50-100 tys")).toEqual(["priceFrom:50000", "priceTo:100000"]);
    expect(read("karoq 2020-2023")).toEqual(["model:Karoq", "yearFrom:2020", "yearTo:2023"]);
    expect(read("przebieg 50-100 tys km")).toEqual(["mileageFrom:50000", "mileageTo:100000"]);
    expect(read("100-50 tys")).toEqual(["priceFrom:50000", "priceTo:100000"]); // the other way round
  });

  it("keeps equipment words for the text search, not as typos of names", () => {
    const u = understandSearch("scala skóra", names);
    expect(u.filters.map((f) => f.kind)).toEqual(["model"]);
    expect(u.rest).toEqual(["skora"]); // 'skora' is one letter from 'skoda', but a form of 'skorzana'
    // Among other equipment words "elektrycznie" is equipment; alone "elektryczny" is the fuel.
    expect(understandSearch("lusterka elektrycznie", names).filters).toEqual([]);
    // Equipment words next to each other are one condition to show (and remove); a name splits them.
    expect(understandSearch("kamera cofania karoq skórzana", names).equipment).toEqual([
      { text: "kamera cofania", tokens: [0, 1] },
      { text: "skórzana", tokens: [3] },
    ]);
  });

  it("leaves unknown words to the text search and drops words that carry no condition", () => {
    const u = understandSearch("samochód arteon r-line", names);
    expect(u.filters.map((f) => f.kind)).toEqual(["model"]);
    expect(u.rest).toEqual(["r-line"]);
  });

  it("removes one recognised filter and keeps the rest of the search as typed", () => {
    const q = "Škoda  Karoq automat do 100 tys";
    const { filters } = understandSearch(q, names);
    const price = filters.find((f) => f.kind === "priceTo");
    expect(price?.text).toBe("do 100 tys");
    expect(price && searchWithout(q, price)).toBe("Škoda Karoq automat");
    const gear = filters.find((f) => f.kind === "gearbox");
    expect(gear?.label).toBe("Skrzynia: automatyczna");
    expect(gear && searchWithout(q, gear)).toBe("Škoda Karoq do 100 tys");
  });

  it("while typing, takes the last word as the start of a name from two letters", () => {
    expect(understandSearch("ju", names, { typing: true }).filters.map((f) => f.values)).toEqual([["Juke"]]);
    expect(understandSearch("karo", names, { typing: true }).filters.map((f) => f.values)).toEqual([
      ["Karoq"],
    ]);
    expect(understandSearch("skoda kar", names, { typing: true }).filters.map((f) => f.values)).toEqual([
      ["Škoda"],
      ["Karoq"],
    ]);
  });
});

describe("understanding numbers and the words around them", () => {
  it("reads a number as a model only when it is the model's name, never by a typo or its start", () => {
    expect(read("5008")).toEqual(["model:5008"]);
    expect(read("peugeot 500")).toEqual(["make:Peugeot"]); // not the start of 5008
    expect(read("508")).toEqual([]); // not one letter off 5008 (nor 2008)
    expect(understandSearch("2009", names).filters.map((f) => f.kind)).toEqual(["yearFrom"]);
    expect(understandSearch("500", names, { typing: true }).filters).toEqual([]);
    expect(understandSearch("karoq 750", names).rest).toEqual(["750"]);
  });

  it("reads a name written twice as one filter, which takes both words away", () => {
    expect(read("bmw bmw bmw")).toEqual(["make:BMW"]);
    expect(searchWithout("bmw scala bmw", understandSearch("bmw scala bmw", names).filters[0])).toBe("scala");
  });

  it("does not read a family for a member the catalogue lacks ('klasa c' without a Klasa C)", () => {
    expect(read("mercedes klasa")).toEqual(["make:Mercedes-Benz", "model:Klasa E|Klasa S"]);
    const lacking = understandSearch("mercedes klasa c", names);
    expect(lacking.filters.map((f) => f.kind)).toEqual(["make"]);
    expect(lacking.rest).toEqual(["klasa", "c"]);
  });

  it("never forgives a typo in a model's digits: another number is another model", () => {
    expect(read("mc21")).toEqual([]); // not MC20
    expect(read("ix4")).toEqual([]); // not iX3
    expect(read("e208")).toEqual(["model:e-208"]);
    expect(read("e-280")).toEqual([]); // digits swapped: another number
    expect(read("giula")).toEqual(["model:Giulia"]); // letters still forgive a typo
  });

  it("lets the word next to an amount say what it bounds: instalment, mileage, year or price", () => {
    // Instalment words in any order and place, with or without "zł".
    expect(read("rata do 450")).toEqual(["installmentTo:450"]);
    expect(read("raty od 900 zł")).toEqual(["installmentFrom:900"]);
    expect(read("leasing juke do 1500")).toEqual(["installmentTo:1500", "model:Juke"]); // from its first word
    expect(read("scala do 700 zł na miesiąc")).toEqual(["model:Scala", "installmentTo:700"]);
    expect(read("do 650 miesięcznie")).toEqual(["installmentTo:650"]);
    expect(read("do 1200 zł/mies.")).toEqual(["installmentTo:1200"]);
    expect(read("najem do 2 tys")).toEqual(["installmentTo:2000"]);
    expect(read("ratą 800")).toEqual(["installmentTo:800"]);
    expect(read("leasing 5008")).toEqual(["model:5008"]); // a model's name stays the model
    expect(read("mc 20")).toEqual(["model:MC20"]); // "mc" (a month) and the number are a name
    // Mileage, year and price by their words; each range takes its nearest qualifier.
    expect(read("przebieg do 40 tys")).toEqual(["mileageTo:40000"]);
    expect(read("przebiegu od 20000")).toEqual(["mileageFrom:20000"]);
    expect(read("od 10 tys km")).toEqual(["mileageFrom:10000"]);
    expect(read("rocznik od 2018")).toEqual(["yearFrom:2018"]);
    expect(read("cena do 900")).toEqual(["priceTo:900"]);
    expect(read("przebieg do 60 tys cena do 70 tys")).toEqual(["mileageTo:60000", "priceTo:70000"]);
    expect(read("cena do 70 tys rata do 600")).toEqual(["priceTo:70000", "installmentTo:600"]);
    expect(read("do 70 tys")).toEqual(["priceTo:70000"]); // no qualifier: the cash price
  });

  it("names the instalment and mileage in Polish and takes the qualifier with the chip", () => {
    const q = "leasing juke do 1 500 zł";
    const f = understandSearch(q, names).filters.find((x) => x.kind === "installmentTo");
    expect(f?.label).toBe(`Rata do ${formatPrice(1500)}/mies.`); // "Rata do 1 500 zł/mies."
    expect(f && searchWithout(q, f)).toBe("juke");
    const km = understandSearch("przebieg do 40 tys", names).filters[0];
    expect(km.label).toBe(`Przebieg do ${formatKm(40_000)}`);
    expect(understandSearch("przebieg od 5 tys", names).filters[0].label).toBe(
      `Przebieg od ${formatKm(5000)}`,
    );
  });

  it("reads a model's name in either order of its words ('s klasa' is Klasa S)", () => {
    expect(read("s klasa")).toEqual(["model:Klasa S"]);
    expect(read("mercedes e klasa")).toEqual(["make:Mercedes-Benz", "model:Klasa E"]);
    expect(read("7 seria")).toEqual(["model:Seria 7"]);
  });
});

describe("understanding colours", () => {
  it("reads a colour in every form, with or without diacritics, as the stored colour", () => {
    const forms: Record<string, string[]> = {
      srebrny: ["srebrny", "srebrna", "srebrne", "srebrnych", "srebrnym", "srebrnego", "srebro"],
      czarny: ["czarny", "czarna", "czarne", "czarnych", "CZARNY"],
      biały: ["biały", "biała", "białe", "białych", "bialy", "biala", "biale"],
      szary: ["szary", "szara", "szare", "szarych"],
      grafitowy: ["grafitowy", "grafitowa", "grafit"],
      niebieski: ["niebieski", "niebieska", "niebieskie", "niebieskich"],
      granatowy: ["granatowy", "granatowe"],
      zielony: ["zielony", "zielona", "zielone"],
      czerwony: ["czerwony", "czerwona", "czerwone", "czerwonych"],
      brązowy: ["brązowy", "brazowa"],
      beżowy: ["beżowy", "bezowa", "beżowe"],
      bordowy: ["bordowy", "bordo"],
      złoty: ["złoty", "złota", "zlote"],
      pomarańczowy: ["pomarańczowy", "pomaranczowa"],
      żółty: ["żółty", "zolta", "żółte"],
    };
    for (const [colour, words] of Object.entries(forms))
      for (const word of words) expect(read(word), word).toEqual([`color:${colour}`]);
  });

  it("reads a colour beside a name and other filter words, shows it and removes it", () => {
    expect(read("biała skoda")).toEqual(["color:biały", "make:Škoda"]);
    expect(read("srebrna scala automat")).toEqual(["color:srebrny", "model:Scala", "gearbox:automatic"]);
    expect(read("czarne lub białe")).toEqual(["color:czarny", "color:biały"]);
    expect(read("czerowny juke")).toEqual(["color:czerwony", "model:Juke"]); // a typo
    const understood = understandSearch("srebrna skoda", names);
    expect(understood.rest).toEqual([]);
    const colour = understood.filters[0];
    expect(colour.label).toBe("Kolor: srebrny");
    expect(searchWithout("srebrna skoda", colour)).toBe("skoda");
  });

  it("reads 'złoty' after an amount as the currency, alone as the paint; 'bez' is no colour", () => {
    expect(read("do 80 tys złoty")).toEqual(["priceTo:80000"]);
    expect(read("złoty juke")).toEqual(["color:złoty", "model:Juke"]);
    expect(read("juke bez").filter((f) => f.startsWith("color"))).toEqual([]);
  });
});

describe("typo distance", () => {
  it("counts a swap of two letters as one edit", () => {
    expect(typoDistance("glof", "golf")).toBe(1);
    expect(typoDistance("tesal", "tesla")).toBe(1);
    expect(typoDistance("abc", "xyz")).toBe(3);
  });
});

describe("equipment words", () => {
  it("shows any word the catalogue's equipment is named by as a chip, short ones too", () => {
    // The catalogue's own equipment words, as the lexicon holds them (numbers and small words too).
    const withShort: CatalogueNames = {
      ...names,
      models: [...names.models, { make: "Audi", model: "ES" }],
      otherWords: equipmentVocabulary([
        "hak",
        "holowniczy",
        "abs",
        "esp",
        "led",
        "17",
        "do",
        "na",
        "dla",
        "dc",
      ]),
    };
    const equipment = (q: string) => understandSearch(q, withShort).equipment.map((e) => e.text);
    expect(equipment("hak")).toEqual(["hak"]);
    expect(equipment("Hak holowniczy")).toEqual(["Hak holowniczy"]);
    expect(equipment("karoq abs led")).toEqual(["abs led"]);
    // A word of equipment is no typo of a name: "esp" is not the model "ES".
    expect(understandSearch("esp", withShort).filters).toEqual([]);
    expect(equipment("esp")).toEqual(["esp"]);
    // A number stays an amount, a small word carries no condition, two letters name no equipment.
    expect(equipment("karoq do 17 tys")).toEqual([]);
    expect(equipment("ladowanie dc")).toEqual([]);
  });
});
