import { bodyTypeName, fuelTypeName, gearBoxTypeName } from "../vehicles";

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
