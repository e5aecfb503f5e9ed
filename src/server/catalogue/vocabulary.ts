import type { Vocabulary } from "./offers-service";

/**
 * Polish names of the vehicle vocabulary stored on offers. The demo-data area owns the full
 * vocabulary (src/domain); until it is merged, these names cover the common codes and any other value
 * is shown as stored.
 */
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

export const fallbackVocabulary: Vocabulary = {
  bodyTypeName: (v) => BODY[v] ?? v,
  fuelTypeName: (v) => FUEL[v] ?? v,
  gearBoxName: (v) => GEARBOX[v] ?? v,
};
