import { BODY_TYPES, FUEL_TYPES, GEARBOX_TYPES } from "../../../domain/vehicles";
import type { offers } from "../../../server/db/schema/index";
import {
  CheckboxField,
  type Field,
  NumberField,
  SelectField,
  TextArea,
  TextField,
} from "../../components/form/fields";

type CarField =
  | "Make"
  | "Model"
  | "Version"
  | "BodyType"
  | "FuelType"
  | "GearBoxType"
  | "Color"
  | "Year"
  | "Mileage"
  | "EngineCapacity"
  | "PowerHp"
  | "VehicleRange"
  | "Doors"
  | "Seats"
  | "PlateNumber"
  | "Vin"
  | "Description"
  | "Equipment"
  | "IsCertified"
  | "IsPromoted"
  | "IsPicturePreviewOnly";

/**
 * The car's own fields (domain/staff/offers.ts `carFields`) in a panel form's grid: the offer form and
 * the auction form around them add the prices or the auction's terms.
 */
export function CarFields({ fields }: { fields: Record<CarField, Field> }) {
  return (
    <>
      <TextField field={fields.Make} label="Marka" required />
      <TextField field={fields.Model} label="Model" required />
      <TextField field={fields.Version} label="Wersja" />
      <SelectField field={fields.BodyType} label="Nadwozie" empty="Wybierz" options={BODY_TYPES} />
      <SelectField field={fields.FuelType} label="Paliwo" empty="Wybierz" options={FUEL_TYPES} />
      <SelectField
        field={fields.GearBoxType}
        label="Skrzynia biegów"
        empty="Wybierz"
        options={GEARBOX_TYPES}
      />
      <TextField field={fields.Color} label="Kolor" required />
      <NumberField field={fields.Year} label="Rocznik" required />
      <NumberField field={fields.Mileage} label="Przebieg (km)" required />
      <NumberField
        field={fields.EngineCapacity}
        label="Pojemność silnika (cm³; 0 dla elektrycznych)"
        required
      />
      <NumberField field={fields.PowerHp} label="Moc (KM)" required />
      <NumberField field={fields.VehicleRange} label="Zasięg (km; elektryczne i hybrydy plug-in)" />
      <NumberField field={fields.Doors} label="Liczba drzwi" required />
      <NumberField field={fields.Seats} label="Liczba miejsc" required />
      <TextField field={fields.PlateNumber} label="Numer rejestracyjny (widoczny na stronie oferty)" />
      <TextField field={fields.Vin} label="VIN (widoczny w wydruku oferty aukcyjnej)" />
      <div className="md:col-span-2 lg:col-span-3">
        <TextArea field={fields.Description} label="Opis" maxLength={10_000} />
      </div>
      <div className="md:col-span-2 lg:col-span-3">
        <TextArea field={fields.Equipment} label="Wyposażenie (jedna pozycja w wierszu)" />
      </div>
      <fieldset className="flex flex-col gap-2 md:col-span-2 lg:col-span-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Oznaczenia</legend>
        <CheckboxField field={fields.IsCertified}>Samochód certyfikowany</CheckboxField>
        <CheckboxField field={fields.IsPromoted}>Oferta promowana</CheckboxField>
        <CheckboxField field={fields.IsPicturePreviewOnly}>Zdjęcia poglądowe</CheckboxField>
      </fieldset>
    </>
  );
}

/** The car fields' values of a stored car, as the inputs show them. */
export function carFormValues(
  o: typeof offers.$inferSelect,
  texts: { description: string; equipment: string[] },
): Record<CarField, string | boolean> {
  const n = (v: number | null) => (v === null ? "" : String(v));
  return {
    Make: o.make,
    Model: o.model,
    Version: o.version,
    BodyType: o.bodyType,
    FuelType: o.fuelType,
    GearBoxType: o.gearBoxType,
    Color: o.color,
    Year: n(o.year),
    Mileage: n(o.mileage),
    EngineCapacity: n(o.engineCapacity),
    PowerHp: n(o.powerHp),
    VehicleRange: n(o.vehicleRange),
    Doors: n(o.doors),
    Seats: n(o.seats),
    PlateNumber: o.plateNumber ?? "",
    Vin: o.vin ?? "",
    Description: texts.description,
    Equipment: texts.equipment.join("\n"),
    IsCertified: o.isCertified,
    IsPromoted: o.isPromoted,
    IsPicturePreviewOnly: o.isPicturePreviewOnly,
  };
}
