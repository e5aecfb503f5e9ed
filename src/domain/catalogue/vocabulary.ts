/**
 * Polish names of the vehicle vocabulary stored on offers, for tiles, filters and the detail page.
 * The demo-data area owns the full vocabulary; until it is merged these names cover the common codes
 * and any other value is shown as stored.
 */
export interface Vocabulary {
  bodyTypeName(value: string): string;
  fuelTypeName(value: string): string;
  gearBoxName(value: string): string;
}

const FUEL: Record<string, string> = {
  EL: "elektryczny",
  PB: "benzyna",
  ON: "diesel",
  HEV: "hybryda",
  PHEV: "hybryda plug-in",
  LPG: "benzyna + LPG",
};
const GEARBOX: Record<string, string> = { A: "automatyczna", M: "manualna" };
const BODY: Record<string, string> = {
  sedan: "Sedan",
  hatchback: "Hatchback",
  kombi: "Kombi",
  suv: "SUV",
  bus: "Bus",
  van: "Van",
};

export const vocabulary: Vocabulary = {
  bodyTypeName: (v) => BODY[v] ?? v,
  fuelTypeName: (v) => FUEL[v] ?? v,
  gearBoxName: (v) => GEARBOX[v] ?? v,
};

export const isElectric = (fuelType: string): boolean => fuelType === "EL";
