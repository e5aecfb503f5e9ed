import { formatNumber } from "../format";
import { normalizeForSearch } from "../search-text";
import { bodyTypeName, COLORS, fuelTypeName, gearBoxTypeName } from "../vehicles";

/**
 * Names of the vehicle vocabulary stored on offers (src/domain/vehicles.ts), as tiles, filters and
 * the detail page show them; the offers service takes it so filter data names its values.
 */
export interface Vocabulary {
  bodyTypeName(value: string): string;
  fuelTypeName(value: string): string;
  gearBoxName(value: string): string;
}

export const vocabulary: Vocabulary = {
  bodyTypeName,
  fuelTypeName,
  gearBoxName: gearBoxTypeName,
};

export const isElectric = (fuelType: string): boolean => fuelType === "EL";

/**
 * "1 968 cm³", or for an electric car its battery, which EngineCapacity holds: "77 kWh". Null when it
 * is not known (0: the fleet system may send an electric car without its battery's capacity), so that
 * no page says "0 kWh".
 */
export function capacityText(fuelType: string, engineCapacity: number): string | null {
  if (!engineCapacity) return null;
  return `${formatNumber(engineCapacity)}\u00a0${isElectric(fuelType) ? "kWh" : "cm³"}`;
}

/**
 * Words buyers type for a filter value, as stems: a search word starting with a stem of five letters or more, or equal to a shorter one, means that value
 * ("automatyczna", "automatem" → automatic; "elektryczne" → EL). Normalised like the search (no
 * diacritics, lower case). Values are the stored codes of src/domain/vehicles.ts.
 */
export const FILTER_WORDS = {
  gearbox: {
    automatic: ["automat", "dsg", "cvt", "tiptronic", "steptronic"],
    manual: ["manual", "manualn", "reczna", "reczny", "recznej"],
  },
  fuel: {
    PB: ["benzyn", "pb", "petrol"],
    ON: ["diesel", "disel", "ropa", "rope", "ropy", "ropie", "ropniak"],
    HEV: ["hybryd", "hybrid", "hev"],
    PHEV: ["hybryd", "hybrid", "phev", "plugin", "wtyczk"],
    EL: ["elektr", "ev", "bev", "pradem"],
    LPG: ["lpg", "gaz", "gazie"],
  },
  // How the car is sold: the words of the lists' own names ("poleasingowy", "nowe", "aukcja").
  sale: {
    new: ["nowy", "nowe", "nowa", "nowych", "nowego", "fabrycz", "salonow"],
    afterLease: ["poleasing", "uzywan"],
    auction: ["aukcj", "aukcyj", "licytacj"],
  },
  body: {
    kombi: ["kombi", "estate"],
    suv: ["suv", "terenow", "crossover"],
    van: ["van", "dostawcz", "furgon"],
    bus: ["bus", "busy", "minibus"],
    sedan: ["sedan", "limuzyn"],
    hatchback: ["hatchback", "hatch"],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

/**
 * Paints a search word may name: the stored colours (COLORS: the demo, the panel's and the fleet's
 * names) and gold, which a fleet offer may carry though the demo has none. Keyed by the stored name.
 */
const COLOUR_NAMES = [...COLORS.map((c) => c.name as string), "złoty"];

/** Nouns and short forms people type for a paint ("grafit", "bordo"), normalised, to its stored name. */
const COLOUR_NOUNS: Record<string, string> = {
  srebro: "srebrny",
  srebrzysty: "srebrny",
  czern: "czarny",
  biel: "biały",
  grafit: "grafitowy",
  granat: "granatowy",
  bordo: "bordowy",
  czerwien: "czerwony",
  zielen: "zielony",
  zloto: "złoty",
  pomarancz: "pomarańczowy",
};

/**
 * Every form of a colour adjective, normalised like the search: masculine, feminine, neuter and
 * plural in each case ("srebrny", "srebrna", "srebrne", "srebrnych", "srebrnym"…). Adjectives in
 * -y take the hard endings, those in -i ("niebieski") the soft ones. ("beż" is left out: without its
 * diacritic it is "bez", a word of almost every search.)
 */
function adjectiveForms(name: string): string[] {
  const word = normalizeForSearch(name);
  const stem = word.slice(0, -1);
  const endings = word.endsWith("i")
    ? ["i", "a", "ie", "iego", "iej", "iemu", "im", "ich", "imi"]
    : ["y", "a", "e", "ego", "ej", "emu", "ym", "ych", "ymi", "i"];
  return endings.map((e) => stem + e);
}

/** The words that mean each colour, normalised, keyed by the stored name ("srebrny": srebrna, srebrne…). */
export const COLOUR_WORDS: ReadonlyMap<string, readonly string[]> = new Map(
  COLOUR_NAMES.map((name) => [
    name,
    [
      ...adjectiveForms(name),
      ...Object.entries(COLOUR_NOUNS)
        .filter(([, colour]) => colour === name)
        .map(([noun]) => noun),
    ],
  ]),
);

/** The stored colour a search word names ("biała", "bialych", "grafit"), if any. */
export function colourOfWord(word: string): string | undefined {
  for (const [name, words] of COLOUR_WORDS) if (words.includes(word)) return name;
  return undefined;
}

/**
 * Everyday names of makes that are neither their spelling nor a typo of it ("vw", "merc", "beemka"):
 * domain knowledge, a short list. Keys are normalised words, values stored make names.
 */
export const MAKE_NICKNAMES: Record<string, string> = {
  vw: "Volkswagen",
  volks: "Volkswagen",
  merc: "Mercedes-Benz",
  mercedes: "Mercedes-Benz",
  mercedesy: "Mercedes-Benz",
  benz: "Mercedes-Benz",
  mb: "Mercedes-Benz",
  mesio: "Mercedes-Benz",
  beemka: "BMW",
  bemka: "BMW",
  bmka: "BMW",
  beemwica: "BMW",
  szkoda: "Škoda",
  skodzia: "Škoda",
  alfa: "Alfa Romeo",
  landrover: "Land Rover",
  rangerover: "Land Rover",
  lr: "Land Rover",
  citroen: "Citroën",
  cytryna: "Citroën",
  vwagen: "Volkswagen",
  mitsu: "Mitsubishi",
  toyka: "Toyota",
  hyundaj: "Hyundai",
  pezot: "Peugeot",
  peugot: "Peugeot",
};

/**
 * Words that carry no condition in a car search ("samochód elektryczny", "skrzynia automatyczna",
 * "kombi z 2022"): left out of the text search so that they do not demand a word no car has.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  // The ways a company pays, which every list offers ("leasing golf"): no word a car's text has.
  "leasing",
  "leasingu",
  "najem",
  "najmu",
  "wynajem",
  "samochod",
  "samochody",
  "samochodu",
  "auto",
  "auta",
  "autem",
  "pojazd",
  "skrzynia",
  "skrzynie",
  "skrzynia",
  "biegow",
  "biegi",
  "silnik",
  "silnikiem",
  "naped",
  "nadwozie",
  "paliwo",
  "rocznik",
  "rok",
  "roku",
  "cena",
  "z",
  "ze",
  "w",
  "i",
  "oraz",
  "na",
  "do",
  "od",
  "dla",
  "typu",
]);

/**
 * Words that say what an amount bounds ("przebieg do 50 tys", "rata do 300", "leasing do 1500 zł"):
 * the qualifier decides the kind of a range; without one a range is the cash price (or a year).
 * Normalised like the search. "zł" alone says money, which the instalment words make monthly.
 */
export const RANGE_WORDS = {
  mileage: ["przebieg", "przebiegu", "przebiegiem", "km"],
  year: ["rocznik", "rocznika", "rok", "roku"],
  installment: [
    "rata",
    "raty",
    "rat",
    "rate",
    "ratach",
    "ratami",
    "ratalnie",
    "miesiecznie",
    "mies",
    "mc",
    "msc",
    "miesiac",
    "leasing",
    "leasingu",
    "leasingiem",
    "najem",
    "najmu",
    "najmem",
    "wynajem",
    "abonament",
  ],
  price: ["cena", "ceny", "cenie", "cene", "gotowka", "gotowke", "gotowce", "kwota"],
} as const satisfies Record<string, readonly string[]>;
