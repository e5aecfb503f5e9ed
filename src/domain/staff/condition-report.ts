import { z } from "zod";
import { optionalText, REQUIRED, requiredText } from "../account";
import { polishLocalTime } from "../polish-time";

/**
 * 'Opis stanu technicznego' as staff enter it after the inspection: the standard
 * parts of a car rated, the four tyres, the damages with a photo each, the inspection's photos. What
 * the form leaves empty is left out of the report (a part not rated, a tyre not measured).
 */

export const CONDITION_RATINGS = ["bardzo dobry", "dobry", "dostateczny", "wymaga naprawy"] as const;

export const REPORT_SECTIONS = [
  "Nadwozie i lakier",
  "Wnętrze",
  "Silnik i napęd",
  "Zawieszenie i hamulce",
  "Elektronika i wyposażenie",
] as const;
export const TYRE_POSITIONS = ["przednia lewa", "przednia prawa", "tylna lewa", "tylna prawa"] as const;
export const TYRE_SEASONS = ["letnia", "zimowa", "całoroczna"] as const;
/** Rows of the damage list in the form (a report may hold more, from the fleet API). */
export const DAMAGE_ROWS = 6;

const PHOTO_ID = /^[0-9a-f]{64}$/;

/** A tread depth as people write it: "5,5" or "5.5" mm. */
const depth = z
  .string()
  .trim()
  .regex(/^\d{1,2}([.,]\d{1,2})?$/, "Podaj głębokość w mm, np. 5,5")
  .transform((v) => Number(v.replace(",", ".")))
  .refine((v) => v <= 20, "Podaj najwyżej 20 mm")
  .optional();

/** The report's form; `now` is the clock's time (the inspection cannot be after it). */
export const conditionReportFormSchema = (now: Date) =>
  z
    .object({
      InspectedAt: z
        .string({ error: REQUIRED })
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Podaj datę i godzinę oględzin")
        .refine(
          (v) => polishLocalTime(v).getTime() <= now.getTime() + 60_000,
          "Oględziny nie mogą być w przyszłości",
        ),
      Inspector: requiredText(120),
      Mileage: z
        .number({ error: (i) => (i.input === undefined ? REQUIRED : "Podaj liczbę") })
        .int("Podaj liczbę całkowitą")
        .min(0, "Podaj co najmniej 0 km")
        .max(2_000_000, "Podaj najwyżej 2000000 km"),
      Summary: requiredText(2_000),
      Sections: z
        .array(
          z.object({
            Name: requiredText(80),
            Rating: z.enum(CONDITION_RATINGS, { error: "Wybierz ocenę z listy" }).optional(),
            Notes: optionalText(500),
          }),
        )
        .max(20)
        .optional()
        .default([]),
      Tyres: z
        .array(
          z.object({
            Position: requiredText(40),
            TreadDepthMm: depth,
            Season: z.enum(TYRE_SEASONS, { error: "Wybierz rodzaj opony" }).optional(),
            Notes: optionalText(300),
          }),
        )
        .max(8)
        .optional()
        .default([]),
      Damages: z
        .array(
          z.object({
            Place: optionalText(120),
            Description: optionalText(500),
            PhotoId: z.string().regex(PHOTO_ID, "Wybierz zdjęcie z listy").optional(),
          }),
        )
        .max(50)
        .optional()
        .default([]),
      PhotoIds: z.array(z.string().regex(PHOTO_ID, "Wybierz zdjęcie z listy")).max(40).optional().default([]),
    })
    .superRefine((v, ctx) => {
      if (!v.Sections.some((s) => s.Rating))
        ctx.addIssue({
          code: "custom",
          path: ["Sections", 0, "Rating"],
          message: "Oceń co najmniej jedną część samochodu",
        });
      v.Sections.forEach((s, i) => {
        if (!s.Rating && s.Notes)
          ctx.addIssue({
            code: "custom",
            path: ["Sections", i, "Rating"],
            message: "Oceń tę część albo usuń uwagi",
          });
      });
      v.Tyres.forEach((t, i) => {
        if (t.TreadDepthMm === undefined && (t.Season || t.Notes))
          ctx.addIssue({
            code: "custom",
            path: ["Tyres", i, "TreadDepthMm"],
            message: "Podaj głębokość bieżnika",
          });
        if (t.TreadDepthMm !== undefined && !t.Season)
          ctx.addIssue({ code: "custom", path: ["Tyres", i, "Season"], message: "Wybierz rodzaj opony" });
      });
      v.Damages.forEach((d, i) => {
        if (d.Place && !d.Description)
          ctx.addIssue({ code: "custom", path: ["Damages", i, "Description"], message: "Opisz uszkodzenie" });
        if (!d.Place && (d.Description || d.PhotoId))
          ctx.addIssue({
            code: "custom",
            path: ["Damages", i, "Place"],
            message: "Podaj, gdzie jest uszkodzenie",
          });
      });
    });
export type ConditionReportForm = z.output<ReturnType<typeof conditionReportFormSchema>>;

/** The report as the auction page and the fleet API keep it: only what the form filled in. */
export function reportFromForm(v: ConditionReportForm) {
  return {
    InspectedAt: polishLocalTime(v.InspectedAt).toISOString(),
    Inspector: v.Inspector,
    Mileage: v.Mileage,
    Summary: v.Summary,
    Sections: v.Sections.flatMap((s) =>
      s.Rating ? [{ Name: s.Name, Rating: s.Rating, Notes: s.Notes }] : [],
    ),
    Tyres: v.Tyres.flatMap((t) =>
      t.TreadDepthMm !== undefined && t.Season
        ? [{ Position: t.Position, TreadDepthMm: t.TreadDepthMm, Season: t.Season, Notes: t.Notes }]
        : [],
    ),
    Damages: v.Damages.flatMap((d) =>
      d.Place ? [{ Place: d.Place, Description: d.Description, PhotoId: d.PhotoId ?? null }] : [],
    ),
    PhotoIds: [...new Set(v.PhotoIds)],
  };
}
