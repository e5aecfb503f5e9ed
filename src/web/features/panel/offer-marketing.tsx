import { useId } from "react";
import type { MarketingLabel, SpecialPromotion } from "../../../domain/catalogue/offer-types";
import {
  MARKETING_OPERATIONS,
  MAX_MARKETING_LABELS,
  MAX_SPECIAL_PROMOTIONS,
  type MarketingChange,
  type offerMarketingFields,
} from "../../../domain/catalogue/promotions";
import type { MarketingLine } from "../../../server/staff/offers";
import { type Field, TextField } from "../../components/form/fields";
import { formRows, type usePanelForm } from "./panel-form";
import { BulkForm, BulkPreviewPanel, bulkButtonClass, useListAnswer } from "./panel-table";
import { PanelForm } from "./record-page";

/** The colours a new row starts with: a dark blue chip, white on dark green for a promotion. */
const LABEL_COLOR = "#1d4ed8";
const PROMOTION_COLORS = { TextColor: "#ffffff", BackgroundColor: "#047857" };

/**
 * The form's values of an offer's labels and promotions, padded with empty rows up to the most an
 * offer takes (a row left without text is no label), so the form works without scripts.
 */
export function marketingFormValues(labels: MarketingLabel[], promotions: SpecialPromotion[]) {
  const pad = <T,>(list: T[], max: number, empty: T) => [
    ...list,
    ...Array.from({ length: Math.max(0, max - list.length) }, () => empty),
  ];
  return {
    Labels: pad(
      labels.map((l) => ({ Text: l.Text, Color: l.Color })),
      MAX_MARKETING_LABELS,
      { Text: "", Color: LABEL_COLOR },
    ),
    Promotions: pad(
      promotions.map((p) => ({ ...p, PhotoLink: p.PhotoLink ?? "" })),
      MAX_SPECIAL_PROMOTIONS,
      { Text: "", ...PROMOTION_COLORS, PhotoLink: "" },
    ),
  };
}

type MarketingForm = ReturnType<typeof usePanelForm<typeof offerMarketingFields>>;

const legend = "mb-2 text-sm font-semibold text-slate-800";
const rowClass = "grid gap-2 rounded-md border border-slate-200 p-3";

/** An offer's labels (chips over its photo) and special promotions (lines under its price). */
export function OfferMarketingForm({ form }: { form: MarketingForm }) {
  const fields = form.fields as unknown as { Labels: Field; Promotions: Field };
  return (
    <PanelForm form={form} label="Etykiety i promocje" submit="Zapisz etykiety i promocje" columns={2}>
      <fieldset>
        <legend className={legend}>{`Etykiety marketingowe (najwyżej ${MAX_MARKETING_LABELS})`}</legend>
        <p className="mb-2 text-sm text-slate-700">
          Biały napis na kolorowym tle, na zdjęciu oferty. Puste pole: bez etykiety.
        </p>
        <div className="grid gap-2">
          {formRows(fields.Labels).map((row, i) => (
            <div key={row.key} className={`${rowClass} grid-cols-[1fr_6rem]`}>
              <TextField field={row.fields.Text} label={`Etykieta ${i + 1}`} maxLength={40} />
              <TextField field={row.fields.Color} label="Kolor tła" type="color" />
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={legend}>{`Promocje specjalne (najwyżej ${MAX_SPECIAL_PROMOTIONS})`}</legend>
        <p className="mb-2 text-sm text-slate-700">Pod ceną oferty, na kafelku i na stronie oferty.</p>
        <div className="grid gap-2">
          {formRows(fields.Promotions).map((row, i) => (
            <div key={row.key} className={`${rowClass} grid-cols-2`}>
              <div className="col-span-2">
                <TextField field={row.fields.Text} label={`Promocja ${i + 1}`} maxLength={80} />
              </div>
              <TextField field={row.fields.TextColor} label="Kolor napisu" type="color" />
              <TextField field={row.fields.BackgroundColor} label="Kolor tła" type="color" />
              <div className="col-span-2">
                <TextField
                  field={row.fields.PhotoLink}
                  label="Adres ikony (https:// albo /; może być pusty)"
                  maxLength={500}
                />
              </div>
            </div>
          ))}
        </div>
      </fieldset>
    </PanelForm>
  );
}

const fieldClass = "rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm";

/** The offer list's labels change: an operation, the text and its colours; shown for each car before it is made. */
export function MarketingBulkForm({ ids }: { ids: number[] }) {
  const id = useId();
  return (
    <BulkForm intent="marketing-preview" ids={ids} label="Zmień etykiety lub promocje zaznaczonych">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-o`} className="text-sm font-medium text-slate-800">
          Etykiety i promocje
        </label>
        <select id={`${id}-o`} name="Operation" className={fieldClass} defaultValue="add-label">
          {Object.entries(MARKETING_OPERATIONS).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-t`} className="text-sm font-medium text-slate-800">
          Tekst
        </label>
        <input id={`${id}-t`} name="Text" required maxLength={80} className={`${fieldClass} w-48`} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-c`} className="text-sm font-medium text-slate-800">
          Kolor tła
        </label>
        <input id={`${id}-c`} name="Color" type="color" defaultValue={LABEL_COLOR} className="h-9 w-14" />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-x`} className="text-sm font-medium text-slate-800">
          Kolor napisu promocji
        </label>
        <input
          id={`${id}-x`}
          name="TextColor"
          type="color"
          defaultValue={PROMOTION_COLORS.TextColor}
          className="h-9 w-14"
        />
      </div>
      <button type="submit" className={bulkButtonClass} disabled={ids.length === 0}>
        Pokaż zmiany
      </button>
    </BulkForm>
  );
}

interface MarketingPreview {
  lines: MarketingLine[];
  change: MarketingChange;
}

/** The list page's answer to a labels preview, if it was the last post. */
export function useMarketingPreview(): MarketingPreview | undefined {
  const { answer } = useListAnswer();
  return answer?.intent === "marketing-preview"
    ? (answer.preview as MarketingPreview | undefined)
    : undefined;
}

/** Each car's labels and promotions before and after the change, and the button that makes it. */
export function MarketingPreviewPanel({ preview }: { preview: MarketingPreview }) {
  const { lines, change } = preview;
  return (
    <BulkPreviewPanel
      label="Zmiana etykiet i promocji"
      title={`${MARKETING_OPERATIONS[change.Operation]} „${change.Text}”`}
      tableLabel="Etykiety i promocje przed zmianą i po niej"
      nowHeading="Teraz"
      lines={lines.map((l) => ({
        id: l.id,
        title: l.title,
        now: l.before,
        after: l.after,
        unchanged: `bez zmiany: ${l.refusal}`,
      }))}
      intent="bulk-marketing"
      confirmLabel="Zatwierdź zmianę etykiet i promocji"
      fields={{
        Operation: change.Operation,
        Text: change.Text,
        Color: change.Color,
        TextColor: change.TextColor,
      }}
      button="Zatwierdź"
    />
  );
}
