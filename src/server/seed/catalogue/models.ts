import type { BodyType, FuelType, GearBoxType } from "../../../domain/vehicles";

/**
 * Makes, models and versions of the demo catalogue: models really sold in Poland, with engines,
 * power and list prices (netto, whole złoty) close to Polish price lists of 2025/2026. Electric
 * versions carry the battery capacity (kWh) instead of the engine capacity, and a WLTP range.
 */
export interface VersionDef {
  name: string;
  fuel: FuelType;
  gearbox: GearBoxType;
  /** cm³, or battery kWh for fuel 'EL'. */
  engine: number;
  powerHp: number;
  priceNetto: number;
  rangeKm?: number;
}

export interface ModelDef {
  make: string;
  model: string;
  body: BodyType;
  versions: VersionDef[];
  /** The first model year on the Polish market: no demo car of this model is older. */
  since?: number;
}

/**
 * First model years of the models that came out within the demo's age range (up to 8 years): a 2018
 * Volvo EX30 (sold from 2023) must not appear. Models not listed have been sold long enough.
 */
const FIRST_MODEL_YEAR: Record<string, number> = {
  "Toyota bZ4X": 2022,
  "Škoda Enyaq": 2021,
  "Škoda Elroq": 2024,
  "Volkswagen ID.4": 2021,
  "Volkswagen ID.3": 2020,
  "Kia EV6": 2021,
  "Kia EV3": 2024,
  "Kia Niro": 2022,
  "Hyundai Kona Electric": 2018,
  "Hyundai Ioniq 5": 2021,
  "Hyundai Staria": 2021,
  "Dacia Jogger": 2022,
  "Dacia Spring": 2021,
  "Renault Megane E-Tech": 2022,
  "Renault Austral": 2022,
  "Opel Grandland": 2018,
  "Opel Corsa Electric": 2020,
  "Ford Mustang Mach-E": 2021,
  "Peugeot 208": 2019,
  "Peugeot 3008": 2017,
  "Citroën ë-C4": 2021,
  "Citroën C5 Aircross": 2019,
  "Citroën C5 X": 2022,
  "Fiat 500e": 2020,
  "BMW i4": 2021,
  "Mercedes-Benz EQA": 2021,
  "Audi Q4 e-tron": 2021,
  "Volvo EX30": 2023,
  "Mazda CX-60": 2022,
  "Nissan Primastar": 2022,
  "Cupra Formentor": 2020,
  "Cupra Born": 2021,
  "Cupra Leon": 2020,
  "Jeep Avenger": 2023,
  "MG MG4": 2022,
  "MG ZS": 2018,
  "MG HS": 2019,
  "Tesla Model 3": 2019,
  "Tesla Model Y": 2021,
  "BYD Seal": 2023,
  "BYD Atto 3": 2022,
  "BYD Dolphin": 2023,
  "BYD Seal U DM-i": 2024,
  "Alfa Romeo Tonale": 2022,
  "Land Rover Defender": 2020,
  "Lexus UX": 2019,
};

export interface MakeDef {
  make: string;
  /** Relative share of offers, roughly the make's share of Polish fleet registrations. */
  weight: number;
  /** World manufacturer identifier, the first three characters of the make's VINs. */
  wmi: string;
  models: ModelDef[];
}

type V = [
  name: string,
  fuel: FuelType,
  gearbox: "M" | "A",
  engine: number,
  hp: number,
  netto: number,
  range?: number,
];

const v = ([name, fuel, g, engine, powerHp, priceNetto, rangeKm]: V): VersionDef => ({
  name,
  fuel,
  gearbox: g === "M" ? "manual" : "automatic",
  engine,
  powerHp,
  priceNetto,
  ...(rangeKm ? { rangeKm } : {}),
});

function make(makeName: string, weight: number, wmi: string, models: [string, BodyType, V[]][]): MakeDef {
  return {
    make: makeName,
    weight,
    wmi,
    models: models.map(([model, body, versions]) => ({
      make: makeName,
      model,
      body,
      versions: versions.map(v),
      ...(FIRST_MODEL_YEAR[`${makeName} ${model}`]
        ? { since: FIRST_MODEL_YEAR[`${makeName} ${model}`] }
        : {}),
    })),
  };
}

export const MAKES: MakeDef[] = [
  make("Toyota", 14, "SB1", [
    [
      "Corolla",
      "sedan",
      [
        ["1.5 Comfort", "PB", "M", 1490, 125, 82000],
        ["1.8 Hybrid Comfort", "HEV", "A", 1798, 140, 95000],
        ["2.0 Hybrid Executive", "HEV", "A", 1987, 196, 118000],
      ],
    ],
    [
      "Corolla Touring Sports",
      "kombi",
      [
        ["1.8 Hybrid Style", "HEV", "A", 1798, 140, 103000],
        ["2.0 Hybrid GR Sport", "HEV", "A", 1987, 196, 124000],
      ],
    ],
    [
      "Yaris",
      "hatchback",
      [
        ["1.5 Comfort", "PB", "M", 1490, 125, 64000],
        ["1.5 Hybrid Executive", "HEV", "A", 1490, 116, 82000],
      ],
    ],
    [
      "RAV4",
      "suv",
      [
        ["2.5 Hybrid Comfort", "HEV", "A", 2487, 218, 142000],
        ["2.5 Plug-in Hybrid Selection", "PHEV", "A", 2487, 306, 198000],
      ],
    ],
    ["bZ4X", "suv", [["Comfort", "EL", "A", 71, 204, 170000, 516]]],
    ["Proace City Verso", "bus", [["1.5 D-4D Family", "ON", "M", 1499, 130, 98000]]],
    ["Proace", "van", [["2.0 D-4D Furgon Long", "ON", "M", 1997, 145, 124000]]],
  ]),
  make("Škoda", 12, "TMB", [
    [
      "Octavia",
      "hatchback",
      [
        ["1.5 TSI Ambition", "PB", "M", 1498, 150, 98000],
        ["2.0 TDI Style", "ON", "A", 1968, 150, 122000],
      ],
    ],
    [
      "Octavia Combi",
      "kombi",
      [
        ["1.5 TSI Ambition", "PB", "M", 1498, 150, 102000],
        ["2.0 TDI Style", "ON", "A", 1968, 150, 126000],
        ["2.0 TSI RS", "PB", "A", 1984, 265, 160000],
      ],
    ],
    [
      "Superb",
      "sedan",
      [
        ["1.5 TSI Selection", "PB", "A", 1498, 150, 145000],
        ["2.0 TDI Laurin & Klement", "ON", "A", 1968, 193, 185000],
      ],
    ],
    ["Fabia", "hatchback", [["1.0 TSI Selection", "PB", "M", 999, 95, 62000]]],
    [
      "Kodiaq",
      "suv",
      [
        ["1.5 TSI Selection", "PB", "A", 1498, 150, 150000],
        ["2.0 TDI 4x4 Style", "ON", "A", 1968, 193, 190000],
      ],
    ],
    ["Enyaq", "suv", [["85", "EL", "A", 77, 286, 190000, 580]]],
    ["Elroq", "suv", [["60", "EL", "A", 63, 204, 145000, 405]]],
  ]),
  make("Volkswagen", 11, "WVW", [
    [
      "Golf",
      "hatchback",
      [
        ["1.5 TSI Life", "PB", "M", 1498, 116, 92000],
        ["1.5 eTSI Style", "PB", "A", 1498, 150, 110000],
      ],
    ],
    [
      "Passat",
      "kombi",
      [
        ["2.0 TDI Business", "ON", "A", 1968, 150, 150000],
        ["1.5 eHybrid Elegance", "PHEV", "A", 1498, 204, 178000],
      ],
    ],
    [
      "Tiguan",
      "suv",
      [
        ["1.5 eTSI Life", "PB", "A", 1498, 150, 135000],
        ["2.0 TDI 4MOTION R-Line", "ON", "A", 1968, 193, 185000],
      ],
    ],
    ["T-Roc", "suv", [["1.0 TSI Life", "PB", "M", 999, 115, 92000]]],
    ["ID.4", "suv", [["Pro", "EL", "A", 77, 286, 170000, 550]]],
    ["ID.3", "hatchback", [["Pro S", "EL", "A", 77, 231, 145000, 559]]],
    [
      "Multivan",
      "bus",
      [
        ["2.0 TDI Life", "ON", "A", 1968, 150, 215000],
        ["1.4 eHybrid Style", "PHEV", "A", 1395, 218, 250000],
      ],
    ],
    ["Caddy", "van", [["2.0 TDI Cargo", "ON", "M", 1968, 102, 88000]]],
    ["Crafter", "van", [["2.0 TDI Furgon L3H3", "ON", "M", 1968, 140, 160000]]],
  ]),
  make("Kia", 6, "U5Y", [
    ["Ceed", "hatchback", [["1.5 T-GDI M", "PB", "M", 1482, 140, 82000]]],
    ["Ceed SW", "kombi", [["1.5 T-GDI L", "PB", "A", 1482, 140, 96000]]],
    [
      "Sportage",
      "suv",
      [
        ["1.6 T-GDI M", "PB", "M", 1598, 150, 112000],
        ["1.6 T-GDI HEV Business Line", "HEV", "A", 1598, 230, 145000],
      ],
    ],
    ["Niro", "suv", [["1.6 GDI HEV L", "HEV", "A", 1580, 141, 115000]]],
    ["EV6", "suv", [["GT-Line AWD", "EL", "A", 84, 325, 215000, 494]]],
    ["EV3", "suv", [["Long Range Earth", "EL", "A", 81, 204, 145000, 600]]],
  ]),
  make("Hyundai", 6, "TMA", [
    ["i30", "hatchback", [["1.5 T-GDI Smart", "PB", "M", 1482, 140, 80000]]],
    ["i30 Wagon", "kombi", [["1.5 T-GDI Modern", "PB", "M", 1482, 140, 86000]]],
    [
      "Tucson",
      "suv",
      [
        ["1.6 T-GDI Smart", "PB", "M", 1598, 160, 112000],
        ["1.6 T-GDI HEV Platinum", "HEV", "A", 1598, 215, 155000],
      ],
    ],
    ["Kona Electric", "suv", [["65 kWh Executive", "EL", "A", 65, 218, 160000, 514]]],
    ["Ioniq 5", "suv", [["84 kWh Techniq", "EL", "A", 84, 229, 190000, 570]]],
    ["Staria", "bus", [["2.2 CRDi Platinum", "ON", "A", 2199, 177, 210000]]],
  ]),
  make("Dacia", 5, "UU1", [
    [
      "Sandero Stepway",
      "hatchback",
      [
        ["1.0 TCe Expression", "PB", "M", 999, 90, 58000],
        ["1.0 TCe LPG Expression", "LPG", "M", 999, 100, 60000],
      ],
    ],
    [
      "Duster",
      "suv",
      [
        ["1.0 TCe LPG Expression", "LPG", "M", 999, 100, 72000],
        ["1.2 TCe 4x4 Journey", "PB", "M", 1199, 130, 82000],
      ],
    ],
    ["Jogger", "kombi", [["1.0 TCe LPG Extreme", "LPG", "M", 999, 100, 72000]]],
    ["Spring", "hatchback", [["Expression", "EL", "A", 27, 65, 60000, 225]]],
  ]),
  make("Renault", 4, "VF1", [
    [
      "Clio",
      "hatchback",
      [
        ["1.0 TCe Evolution", "PB", "M", 999, 90, 62000],
        ["1.6 E-Tech Full Hybrid Techno", "HEV", "A", 1598, 145, 80000],
      ],
    ],
    ["Megane E-Tech", "suv", [["EV60 Techno", "EL", "A", 60, 220, 155000, 470]]],
    ["Austral", "suv", [["1.2 E-Tech Full Hybrid Techno", "HEV", "A", 1199, 200, 140000]]],
    ["Trafic", "bus", [["2.0 Blue dCi Passenger", "ON", "M", 1997, 150, 150000]]],
    ["Master", "van", [["2.0 Blue dCi Furgon L3H2", "ON", "M", 1997, 150, 145000]]],
    ["Kangoo", "van", [["1.5 Blue dCi Van", "ON", "M", 1461, 95, 80000]]],
  ]),
  make("Opel", 4, "W0V", [
    ["Astra", "hatchback", [["1.2 Turbo Edition", "PB", "M", 1199, 130, 82000]]],
    ["Astra Sports Tourer", "kombi", [["1.5 Diesel GS", "ON", "A", 1499, 130, 100000]]],
    ["Grandland", "suv", [["1.2 Hybrid GS", "HEV", "A", 1199, 145, 120000]]],
    ["Corsa Electric", "hatchback", [["GS", "EL", "A", 51, 156, 110000, 402]]],
    ["Vivaro", "van", [["2.0 Diesel Furgon L", "ON", "M", 1997, 145, 120000]]],
  ]),
  make("Ford", 4, "WF0", [
    ["Focus", "hatchback", [["1.0 EcoBoost Titanium", "PB", "M", 999, 125, 88000]]],
    ["Focus Kombi", "kombi", [["1.0 EcoBoost mHEV ST-Line", "PB", "A", 999, 155, 100000]]],
    [
      "Kuga",
      "suv",
      [
        ["1.5 EcoBoost Titanium", "PB", "M", 1497, 150, 118000],
        ["2.5 PHEV ST-Line", "PHEV", "A", 2488, 243, 160000],
      ],
    ],
    ["Mustang Mach-E", "suv", [["Extended Range AWD", "EL", "A", 91, 351, 230000, 550]]],
    [
      "Transit Custom",
      "van",
      [
        ["2.0 EcoBlue Trend L2", "ON", "M", 1995, 136, 135000],
        ["2.0 EcoBlue Limited L1", "ON", "A", 1995, 170, 155000],
      ],
    ],
    ["Transit", "van", [["2.0 EcoBlue Furgon L3H2", "ON", "M", 1995, 130, 140000]]],
    ["Tourneo Custom", "bus", [["2.0 EcoBlue Titanium", "ON", "A", 1995, 170, 200000]]],
  ]),
  make("Peugeot", 3, "VF3", [
    [
      "208",
      "hatchback",
      [
        ["1.2 PureTech Active", "PB", "M", 1199, 100, 65000],
        ["e-208 Allure", "EL", "A", 51, 156, 115000, 410],
      ],
    ],
    ["308", "hatchback", [["1.2 Hybrid Allure", "HEV", "A", 1199, 136, 100000]]],
    ["308 SW", "kombi", [["1.5 BlueHDi Allure", "ON", "A", 1499, 130, 108000]]],
    [
      "3008",
      "suv",
      [
        ["1.2 Hybrid GT", "HEV", "A", 1199, 136, 130000],
        ["E-3008 GT", "EL", "A", 73, 210, 180000, 525],
      ],
    ],
    ["508", "sedan", [["1.6 Plug-in Hybrid GT", "PHEV", "A", 1598, 225, 170000]]],
    ["Expert", "van", [["2.0 BlueHDi Furgon L3", "ON", "M", 1997, 145, 118000]]],
    ["Partner", "van", [["1.5 BlueHDi Furgon", "ON", "M", 1499, 100, 80000]]],
  ]),
  make("Citroën", 2, "VF7", [
    ["C3", "hatchback", [["1.2 PureTech Plus", "PB", "M", 1199, 100, 62000]]],
    ["ë-C4", "hatchback", [["Max", "EL", "A", 54, 156, 125000, 420]]],
    ["C5 Aircross", "suv", [["1.2 Hybrid Max", "HEV", "A", 1199, 136, 120000]]],
    ["C5 X", "kombi", [["1.6 Plug-in Hybrid Shine", "PHEV", "A", 1598, 225, 165000]]],
    ["Berlingo", "bus", [["1.5 BlueHDi Max", "ON", "M", 1499, 130, 95000]]],
    ["Jumpy", "van", [["2.0 BlueHDi Furgon XL", "ON", "M", 1997, 145, 115000]]],
  ]),
  make("Fiat", 2, "ZFA", [
    ["500e", "hatchback", [["La Prima", "EL", "A", 42, 118, 110000, 320]]],
    [
      "Tipo",
      "sedan",
      [
        ["1.0 T3 City Life", "PB", "M", 999, 100, 60000],
        ["1.6 MultiJet Cross", "ON", "M", 1598, 130, 72000],
      ],
    ],
    ["Ducato", "van", [["2.2 MultiJet Furgon L3H2", "ON", "M", 2184, 140, 135000]]],
    ["Doblo", "van", [["1.5 BlueHDi Cargo", "ON", "M", 1499, 100, 78000]]],
  ]),
  make("BMW", 5, "WBA", [
    [
      "Seria 3",
      "sedan",
      [
        ["320i M Sport", "PB", "A", 1998, 184, 190000],
        ["320d xDrive", "ON", "A", 1995, 190, 205000],
        ["330e", "PHEV", "A", 1998, 292, 220000],
      ],
    ],
    ["Seria 3 Touring", "kombi", [["320d M Sport", "ON", "A", 1995, 190, 212000]]],
    [
      "Seria 5",
      "sedan",
      [
        ["520d xDrive", "ON", "A", 1995, 197, 260000],
        ["i5 eDrive40", "EL", "A", 84, 340, 300000, 582],
      ],
    ],
    [
      "X1",
      "suv",
      [
        ["sDrive18i", "PB", "A", 1499, 136, 165000],
        ["iX1 eDrive20", "EL", "A", 65, 204, 190000, 475],
      ],
    ],
    [
      "X3",
      "suv",
      [
        ["20 xDrive", "PB", "A", 1998, 208, 245000],
        ["20d xDrive", "ON", "A", 1995, 197, 255000],
      ],
    ],
    ["i4", "sedan", [["eDrive40", "EL", "A", 81, 340, 250000, 590]]],
    ["Seria 1", "hatchback", [["118i", "PB", "A", 1499, 136, 135000]]],
  ]),
  make("Mercedes-Benz", 5, "W1K", [
    [
      "Klasa C",
      "sedan",
      [
        ["C 200 Avantgarde", "PB", "A", 1496, 204, 200000],
        ["C 220 d AMG Line", "ON", "A", 1993, 200, 215000],
      ],
    ],
    ["Klasa C Kombi", "kombi", [["C 220 d 4MATIC", "ON", "A", 1993, 200, 225000]]],
    [
      "Klasa E",
      "sedan",
      [
        ["E 220 d", "ON", "A", 1993, 197, 260000],
        ["E 300 e", "PHEV", "A", 1999, 313, 300000],
      ],
    ],
    [
      "GLC",
      "suv",
      [
        ["GLC 220 d 4MATIC", "ON", "A", 1993, 197, 260000],
        ["GLC 300 e 4MATIC", "PHEV", "A", 1999, 313, 290000],
      ],
    ],
    ["Klasa A", "hatchback", [["A 180", "PB", "A", 1332, 136, 135000]]],
    ["EQA", "suv", [["EQA 250+", "EL", "A", 70, 190, 200000, 560]]],
    ["Vito", "van", [["114 CDI Furgon Long", "ON", "M", 1950, 136, 150000]]],
    ["Sprinter", "van", [["317 CDI Furgon L3H2", "ON", "A", 1950, 170, 190000]]],
    ["Klasa V", "bus", [["V 220 d Avantgarde", "ON", "A", 1950, 163, 260000]]],
  ]),
  make("Audi", 4, "WAU", [
    ["A4", "sedan", [["35 TFSI S tronic", "PB", "A", 1984, 150, 170000]]],
    ["A4 Avant", "kombi", [["40 TDI quattro S line", "ON", "A", 1968, 204, 210000]]],
    ["A6", "sedan", [["40 TDI quattro", "ON", "A", 1968, 204, 240000]]],
    [
      "A3 Sportback",
      "hatchback",
      [
        ["30 TFSI Advanced", "PB", "M", 999, 110, 120000],
        ["35 TDI S tronic", "ON", "A", 1968, 150, 140000],
      ],
    ],
    ["Q3", "suv", [["35 TFSI S tronic", "PB", "A", 1498, 150, 160000]]],
    [
      "Q5",
      "suv",
      [
        ["40 TDI quattro", "ON", "A", 1968, 204, 240000],
        ["55 TFSI e quattro", "PHEV", "A", 1984, 367, 300000],
      ],
    ],
    ["Q4 e-tron", "suv", [["45 e-tron quattro", "EL", "A", 82, 285, 230000, 520]]],
  ]),
  make("Volvo", 3, "YV1", [
    [
      "XC60",
      "suv",
      [
        ["B5 AWD Plus", "PB", "A", 1969, 250, 230000],
        ["T6 AWD Plug-In Ultimate", "PHEV", "A", 1969, 350, 280000],
      ],
    ],
    ["XC40", "suv", [["B3 Core", "PB", "A", 1969, 163, 150000]]],
    ["EX30", "suv", [["Single Motor Extended Range Plus", "EL", "A", 69, 272, 160000, 476]]],
    ["V60", "kombi", [["B4 Plus", "PB", "A", 1969, 197, 185000]]],
    ["S90", "sedan", [["B5 Ultimate", "PB", "A", 1969, 250, 250000]]],
  ]),
  make("Mazda", 2, "JMZ", [
    ["Mazda3", "hatchback", [["2.0 e-Skyactiv G Exclusive-Line", "PB", "M", 1998, 150, 95000]]],
    [
      "CX-5",
      "suv",
      [
        ["2.0 e-Skyactiv G Centre-Line", "PB", "M", 1998, 165, 120000],
        ["2.5 e-Skyactiv G AWD Homura", "PB", "A", 2488, 194, 150000],
      ],
    ],
    ["CX-60", "suv", [["2.5 PHEV AWD Homura", "PHEV", "A", 2488, 327, 210000]]],
    ["Mazda6 Kombi", "kombi", [["2.5 Skypassion", "PB", "A", 2488, 194, 150000]]],
  ]),
  make("Nissan", 2, "SJN", [
    [
      "Qashqai",
      "suv",
      [
        ["1.3 DIG-T mHEV N-Connecta", "PB", "M", 1332, 140, 110000],
        ["1.5 e-Power Tekna", "HEV", "A", 1497, 190, 140000],
      ],
    ],
    ["Juke", "suv", [["1.0 DIG-T Acenta", "PB", "M", 999, 114, 85000]]],
    ["X-Trail", "suv", [["1.5 e-Power e-4orce Tekna", "HEV", "A", 1497, 213, 170000]]],
    ["Leaf", "hatchback", [["e+ Tekna", "EL", "A", 59, 217, 140000, 385]]],
    ["Primastar", "van", [["2.0 dCi Furgon L2", "ON", "M", 1997, 150, 130000]]],
  ]),
  make("Seat", 2, "VSS", [
    ["Leon", "hatchback", [["1.5 TSI FR", "PB", "M", 1498, 150, 95000]]],
    ["Leon Sportstourer", "kombi", [["2.0 TDI Style", "ON", "A", 1968, 150, 112000]]],
    ["Ateca", "suv", [["1.5 TSI Xperience", "PB", "A", 1498, 150, 125000]]],
    ["Ibiza", "hatchback", [["1.0 TSI Style", "PB", "M", 999, 95, 65000]]],
  ]),
  make("Cupra", 2, "VSS", [
    [
      "Formentor",
      "suv",
      [
        ["1.5 e-Hybrid", "PHEV", "A", 1395, 204, 160000],
        ["2.0 TSI 4Drive VZ", "PB", "A", 1984, 310, 190000],
      ],
    ],
    ["Born", "hatchback", [["77 kWh", "EL", "A", 77, 231, 160000, 548]]],
    ["Leon", "hatchback", [["1.5 eTSI", "PB", "A", 1498, 150, 115000]]],
  ]),
  make("Suzuki", 2, "TSM", [
    ["Vitara", "suv", [["1.4 Boosterjet Hybrid Premium", "HEV", "M", 1373, 129, 88000]]],
    ["Swift", "hatchback", [["1.2 Hybrid Premium", "HEV", "M", 1197, 83, 60000]]],
    ["S-Cross", "suv", [["1.4 Boosterjet Hybrid Elegance", "HEV", "A", 1373, 129, 105000]]],
  ]),
  make("Mitsubishi", 1, "JMB", [
    ["Outlander", "suv", [["2.4 PHEV Instyle", "PHEV", "A", 2360, 306, 180000]]],
    ["ASX", "suv", [["1.6 HEV Intense", "HEV", "A", 1598, 143, 105000]]],
    ["Space Star", "hatchback", [["1.2 Invite", "PB", "M", 1193, 71, 50000]]],
  ]),
  make("Honda", 1, "SHH", [
    ["Civic", "hatchback", [["2.0 e:HEV Sport", "HEV", "A", 1993, 184, 125000]]],
    [
      "CR-V",
      "suv",
      [
        ["2.0 e:HEV AWD Elegance", "HEV", "A", 1993, 184, 170000],
        ["2.0 e:PHEV Advance Tech", "PHEV", "A", 1993, 184, 200000],
      ],
    ],
    ["HR-V", "suv", [["1.5 e:HEV Elegance", "HEV", "A", 1498, 131, 120000]]],
    ["Jazz", "hatchback", [["1.5 e:HEV Crosstar", "HEV", "A", 1498, 122, 95000]]],
  ]),
  make("Lexus", 2, "JTH", [
    [
      "NX",
      "suv",
      [
        ["350h AWD Prestige", "HEV", "A", 2487, 244, 220000],
        ["450h+ AWD F Sport", "PHEV", "A", 2487, 309, 290000],
      ],
    ],
    ["ES", "sedan", [["300h Business", "HEV", "A", 2487, 218, 200000]]],
    ["UX", "suv", [["300h Elegance", "HEV", "A", 1987, 199, 165000]]],
    ["RX", "suv", [["350h AWD", "HEV", "A", 2487, 250, 280000]]],
  ]),
  make("Jeep", 1, "1C4", [
    [
      "Compass",
      "suv",
      [
        ["1.5 e-Hybrid Limited", "HEV", "A", 1469, 130, 125000],
        ["1.3 PHEV 4xe S", "PHEV", "A", 1332, 240, 165000],
      ],
    ],
    [
      "Avenger",
      "suv",
      [
        ["1.2 Altitude", "PB", "M", 1199, 100, 82000],
        ["Electric Summit", "EL", "A", 54, 156, 135000, 400],
      ],
    ],
    ["Renegade", "suv", [["1.5 e-Hybrid Limited", "HEV", "A", 1469, 130, 110000]]],
  ]),
  make("MG", 2, "LSJ", [
    [
      "ZS",
      "suv",
      [
        ["1.5 Comfort", "PB", "M", 1498, 106, 68000],
        ["1.5 Hybrid+ Luxury", "HEV", "A", 1498, 197, 90000],
      ],
    ],
    ["MG4", "hatchback", [["Comfort 64 kWh", "EL", "A", 64, 204, 110000, 435]]],
    ["HS", "suv", [["1.5 T-GDI PHEV Luxury", "PHEV", "A", 1490, 258, 130000]]],
  ]),
  make("Tesla", 2, "LRW", [
    [
      "Model 3",
      "sedan",
      [
        ["RWD", "EL", "A", 60, 283, 150000, 554],
        ["Long Range AWD", "EL", "A", 79, 498, 180000, 629],
      ],
    ],
    [
      "Model Y",
      "suv",
      [
        ["RWD", "EL", "A", 60, 299, 160000, 500],
        ["Long Range AWD", "EL", "A", 79, 514, 190000, 586],
      ],
    ],
  ]),
  make("BYD", 1, "LGX", [
    ["Seal", "sedan", [["Design AWD", "EL", "A", 82, 530, 190000, 520]]],
    ["Atto 3", "suv", [["Comfort", "EL", "A", 60, 204, 140000, 420]]],
    ["Dolphin", "hatchback", [["Comfort", "EL", "A", 60, 204, 115000, 427]]],
    ["Seal U DM-i", "suv", [["Boost", "PHEV", "A", 1498, 218, 145000]]],
  ]),
  make("Alfa Romeo", 1, "ZAR", [
    [
      "Giulia",
      "sedan",
      [
        ["2.2 JTD Sprint", "ON", "A", 2143, 160, 170000],
        ["2.0 Turbo Veloce Q4", "PB", "A", 1995, 280, 220000],
      ],
    ],
    ["Stelvio", "suv", [["2.2 JTD Q4 Veloce", "ON", "A", 2143, 210, 230000]]],
    [
      "Tonale",
      "suv",
      [
        ["1.5 Hybrid Ti", "HEV", "A", 1469, 160, 145000],
        ["1.3 PHEV Q4 Veloce", "PHEV", "A", 1332, 280, 190000],
      ],
    ],
  ]),
  make("Mini", 1, "WMW", [
    [
      "Cooper",
      "hatchback",
      [
        ["C Classic", "PB", "A", 1499, 156, 110000],
        ["E Favoured", "EL", "A", 41, 184, 125000, 305],
      ],
    ],
    ["Countryman", "suv", [["C Classic", "PB", "A", 1499, 170, 145000]]],
  ]),
  make("Land Rover", 1, "SAL", [
    ["Range Rover Evoque", "suv", [["P300e Dynamic SE", "PHEV", "A", 1497, 309, 230000]]],
    ["Discovery Sport", "suv", [["D200 AWD S", "ON", "A", 1997, 204, 220000]]],
    ["Defender", "suv", [["110 D250 SE", "ON", "A", 2997, 249, 320000]]],
  ]),
  make("Subaru", 1, "JF1", [
    ["Forester", "suv", [["2.0i e-Boxer Platinum", "HEV", "A", 1995, 150, 150000]]],
    ["Outback", "kombi", [["2.5i Platinum", "PB", "A", 2498, 169, 175000]]],
  ]),
];
