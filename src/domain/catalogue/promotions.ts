import { z } from "zod";
import { maxMessage } from "../account";
import type { MarketingLabel, SpecialPromotion } from "./offer-types";

/**
 * An offer's marketing labels (chips over its photo: "Gwarancja 5 lat") and special promotions
 * (coloured lines under its price: "Opony zimowe gratis"), as the spec's offer entity has them
 * (MarketingLabels: Text and Color; SpecialPromotions: Text, TextColor, BackgroundColor, PhotoLink).
 * One set of rules for the fleet API and the panel: both check them with these schemas.
 */

export const MAX_MARKETING_LABELS = 5;
export const MAX_SPECIAL_PROMOTIONS = 3;
export const LABEL_TEXT_MAX = 40;
export const PROMOTION_TEXT_MAX = 80;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const hexColor = z
  .string({ error: "Podaj kolor w zapisie #RRGGBB" })
  .trim()
  .regex(HEX_COLOR, "Podaj kolor w zapisie #RRGGBB")
  .transform((v) => v.toLowerCase());

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG's contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The chips' small bold text needs WCAG AA's ratio for normal text: the public pages are checked with axe. */
const MIN_CONTRAST = 4.5;
export const LABEL_CONTRAST_MESSAGE =
  "Biały napis na tym kolorze byłby nieczytelny: wybierz ciemniejszy kolor";
export const PROMOTION_CONTRAST_MESSAGE = "Kolory napisu i tła są zbyt podobne: napis byłby nieczytelny";

const text = (max: number) =>
  z.string({ error: "Podaj tekst" }).trim().min(1, "Podaj tekst").max(max, maxMessage(max));

/** A label's chip has white text on its colour (features/catalogue/labels.tsx). */
export const marketingLabelRules = z
  .object({ Text: text(LABEL_TEXT_MAX), Color: hexColor })
  .superRefine((l, ctx) => {
    if (contrastRatio(l.Color, "#ffffff") < MIN_CONTRAST)
      ctx.addIssue({ code: "custom", path: ["Color"], message: LABEL_CONTRAST_MESSAGE });
  });

/** A promotion's icon: an address on this site ("/images/…") or an https one. */
const photoLink = z
  .string()
  .trim()
  .max(500, maxMessage(500))
  .regex(/^(https:\/\/|\/(?!\/))\S+$/, "Podaj adres obrazka zaczynający się od https:// albo /")
  .nullish()
  .transform((v) => v || null);

export const specialPromotionRules = z
  .object({
    Text: text(PROMOTION_TEXT_MAX),
    TextColor: hexColor,
    BackgroundColor: hexColor,
    PhotoLink: photoLink,
  })
  .superRefine((p, ctx) => {
    if (contrastRatio(p.TextColor, p.BackgroundColor) < MIN_CONTRAST)
      ctx.addIssue({ code: "custom", path: ["TextColor"], message: PROMOTION_CONTRAST_MESSAGE });
  });

/** Each text once: the pages tell the chips apart by their text. */
const uniqueTexts =
  (what: string) =>
  (list: { Text: string }[], ctx: z.RefinementCtx): void => {
    const seen = new Set<string>();
    for (const [i, item] of list.entries()) {
      const key = item.Text.toLocaleLowerCase("pl");
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: [i, "Text"],
          message: `${what} „${item.Text}” jest już na liście`,
        });
      seen.add(key);
    }
  };

export const marketingLabelsSchema = z
  .array(marketingLabelRules)
  .max(MAX_MARKETING_LABELS, `Oferta może mieć najwyżej ${MAX_MARKETING_LABELS} etykiet`)
  .superRefine(uniqueTexts("Etykieta"));

export const specialPromotionsSchema = z
  .array(specialPromotionRules)
  .max(MAX_SPECIAL_PROMOTIONS, `Oferta może mieć najwyżej ${MAX_SPECIAL_PROMOTIONS} promocje`)
  .superRefine(uniqueTexts("Promocja"));

export interface OfferMarketing {
  labels: MarketingLabel[];
  promotions: SpecialPromotion[];
}

/**
 * The panel's form of an offer's labels and promotions: a fixed number of rows of each (a row left
 * without text is no label), each row checked with the rules above and its problems shown at its fields.
 */
const optionalRow = <S extends z.ZodObject>(row: S, rules: z.ZodType) =>
  row.superRefine((value, ctx) => {
    if (!(value as { Text?: string }).Text) return;
    const checked = rules.safeParse(value);
    if (!checked.success)
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });

const rows = (row: z.ZodType, max: number) => z.array(row).max(max).optional().default([]);

export const offerMarketingFields = z
  .object({
    Labels: rows(
      optionalRow(
        z.object({ Text: z.string().trim().optional(), Color: z.string().optional() }),
        marketingLabelRules,
      ),
      MAX_MARKETING_LABELS,
    ),
    Promotions: rows(
      optionalRow(
        z.object({
          Text: z.string().trim().optional(),
          TextColor: z.string().optional(),
          BackgroundColor: z.string().optional(),
          PhotoLink: z.string().optional(),
        }),
        specialPromotionRules,
      ),
      MAX_SPECIAL_PROMOTIONS,
    ),
  })
  .superRefine((v, ctx) => {
    // A row left empty is no label: repeats are counted among the rows with text, at their own row.
    for (const [path, list, what] of [
      ["Labels", v.Labels, "Etykieta"],
      ["Promotions", v.Promotions, "Promocja"],
    ] as const) {
      const seen = new Set<string>();
      for (const [i, row] of (list as { Text?: string }[]).entries()) {
        if (!row.Text) continue;
        const key = row.Text.toLocaleLowerCase("pl");
        if (seen.has(key))
          ctx.addIssue({
            code: "custom",
            path: [path, i, "Text"],
            message: `${what} „${row.Text}” jest już na liście`,
          });
        seen.add(key);
      }
    }
  });

/** The form's values as an offer keeps them: the rows with text, in their order. */
export const offerMarketingFormSchema = offerMarketingFields.transform(
  (v): OfferMarketing => ({
    labels: (v.Labels as { Text?: string }[]).filter((r) => r.Text).map((r) => marketingLabelRules.parse(r)),
    promotions: (v.Promotions as { Text?: string }[])
      .filter((r) => r.Text)
      .map((r) => specialPromotionRules.parse(r)),
  }),
);

/** What a bulk change does to each ticked offer's labels or promotions. */
export const MARKETING_OPERATIONS = {
  "add-label": "Dodaj etykietę",
  "remove-label": "Usuń etykietę",
  "add-promotion": "Dodaj promocję",
  "remove-promotion": "Usuń promocję",
} as const;
type MarketingOperation = keyof typeof MARKETING_OPERATIONS;

/**
 * A change of many offers' labels or promotions: an operation and the label's or promotion's text;
 * adding takes its colour (a promotion's background) and a promotion's text colour, checked as above.
 */
export const marketingChangeSchema = z
  .object({
    Operation: z.enum(Object.keys(MARKETING_OPERATIONS) as [MarketingOperation, ...MarketingOperation[]], {
      error: "Wybierz, co zmienić",
    }),
    Text: text(PROMOTION_TEXT_MAX),
    Color: z.string().trim().optional().default(""),
    TextColor: z.string().trim().optional().default(""),
  })
  .superRefine((c, ctx) => {
    const checked =
      c.Operation === "add-label"
        ? marketingLabelRules.safeParse({ Text: c.Text, Color: c.Color })
        : c.Operation === "add-promotion"
          ? specialPromotionRules.safeParse({
              Text: c.Text,
              TextColor: c.TextColor,
              BackgroundColor: c.Color,
            })
          : null;
    if (checked && !checked.success)
      for (const issue of checked.error.issues)
        ctx.addIssue({
          code: "custom",
          path: issue.path.map((p) => (p === "BackgroundColor" ? "Color" : p)),
          message: issue.message,
        });
  });
export type MarketingChange = z.output<typeof marketingChangeSchema>;

const sameText = (a: string, b: string) => a.toLocaleLowerCase("pl") === b.toLocaleLowerCase("pl");

/**
 * An offer's labels and promotions after `change`, or why it cannot take it (a sentence). Adding a
 * label or promotion the offer has already changes its colours in place (a promotion keeps its icon).
 */
export function changedMarketing(current: OfferMarketing, change: MarketingChange): OfferMarketing | string {
  const { Operation: op, Text } = change;
  if (op === "remove-label" || op === "remove-promotion") {
    const isLabel = op === "remove-label";
    const list: { Text: string }[] = isLabel ? current.labels : current.promotions;
    if (!list.some((x) => sameText(x.Text, Text)))
      return isLabel ? `Oferta nie ma etykiety „${Text}”.` : `Oferta nie ma promocji „${Text}”.`;
    return isLabel
      ? { ...current, labels: current.labels.filter((l) => !sameText(l.Text, Text)) }
      : { ...current, promotions: current.promotions.filter((p) => !sameText(p.Text, Text)) };
  }
  if (op === "add-label") {
    const label = marketingLabelRules.parse({ Text, Color: change.Color });
    const at = current.labels.findIndex((l) => sameText(l.Text, Text));
    if (at < 0 && current.labels.length >= MAX_MARKETING_LABELS)
      return `Oferta ma już ${MAX_MARKETING_LABELS} etykiet.`;
    if (at >= 0 && current.labels[at].Color === label.Color && current.labels[at].Text === label.Text)
      return "Oferta ma już tę etykietę.";
    const labels = at < 0 ? [...current.labels, label] : current.labels.map((l, i) => (i === at ? label : l));
    return { ...current, labels };
  }
  const at = current.promotions.findIndex((p) => sameText(p.Text, Text));
  const promotion = specialPromotionRules.parse({
    Text,
    TextColor: change.TextColor,
    BackgroundColor: change.Color,
    PhotoLink: at < 0 ? null : current.promotions[at].PhotoLink,
  });
  if (at < 0 && current.promotions.length >= MAX_SPECIAL_PROMOTIONS)
    return `Oferta ma już ${MAX_SPECIAL_PROMOTIONS} promocje.`;
  if (at >= 0 && JSON.stringify(current.promotions[at]) === JSON.stringify(promotion))
    return "Oferta ma już tę promocję.";
  const promotions =
    at < 0
      ? [...current.promotions, promotion]
      : current.promotions.map((p, i) => (i === at ? promotion : p));
  return { ...current, promotions };
}

/** How a bulk change reads in a notice: "Dodaj etykietę „Niski przebieg”". */
export const marketingChangeName = (change: MarketingChange) =>
  `${MARKETING_OPERATIONS[change.Operation]} „${change.Text}”`;
