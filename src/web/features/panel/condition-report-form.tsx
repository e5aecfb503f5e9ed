import type { ReactNode } from "react";
import { Form } from "react-router";
import { offerImageUrl } from "../../../domain/images";
import { polishLocalInput } from "../../../domain/polish-time";
import {
  CONDITION_RATINGS,
  DAMAGE_ROWS,
  REPORT_SECTIONS,
  TYRE_POSITIONS,
  TYRE_SEASONS,
} from "../../../domain/staff/condition-report";
import type { technicalReports } from "../../../server/db/schema/index";
import {
  type Field,
  FieldError,
  firstError,
  NumberField,
  SelectField,
  SubmitButton,
  TextArea,
  TextField,
} from "../../components/form/fields";
import { formRows, type usePanelForm } from "./panel-form";
import { PanelFormNotice } from "./ui";

type Report = typeof technicalReports.$inferSelect;
type PanelForm = ReturnType<typeof usePanelForm>;

/**
 * The form's values: a stored report as it was entered, else the standard parts and the four tyres
 * to fill in; the damage list always has empty rows to add more.
 */
export function conditionReportDefaults(report: Report | null) {
  const sections = REPORT_SECTIONS.map((name) => {
    const s = report?.sections.find((x) => x.Name === name);
    return { Name: name, Rating: s?.Rating ?? "", Notes: s?.Notes ?? "" };
  });
  const extra = (report?.sections ?? []).filter(
    (s) => !(REPORT_SECTIONS as readonly string[]).includes(s.Name),
  );
  const tyres = TYRE_POSITIONS.map((position) => {
    const t = report?.tyres.find((x) => x.Position === position);
    return {
      Position: position,
      TreadDepthMm: t ? String(t.TreadDepthMm).replace(".", ",") : "",
      Season: t?.Season ?? "",
      Notes: t?.Notes ?? "",
    };
  });
  const damages = [
    ...(report?.damages ?? []).map((d) => ({
      Place: d.Place,
      Description: d.Description,
      PhotoId: d.PhotoId ?? "",
    })),
    ...Array.from({ length: DAMAGE_ROWS }, () => ({ Place: "", Description: "", PhotoId: "" })),
  ].slice(0, Math.max(DAMAGE_ROWS, (report?.damages.length ?? 0) + 2));
  return {
    InspectedAt: report ? polishLocalInput(new Date(report.inspectedAt)) : "",
    Inspector: report?.inspector ?? "",
    Mileage: report ? String(report.mileage) : "",
    Summary: report?.summary ?? "",
    Sections: [...sections, ...extra.map((s) => ({ Name: s.Name, Rating: s.Rating, Notes: s.Notes }))],
    Tyres: tyres,
    Damages: damages,
    PhotoIds: report?.photoIds ?? [],
  };
}

const legend = "mb-2 text-sm font-semibold text-slate-800";

/** The inspection's report: who and when, each part rated, the tyres, the damages, the photos. */
export function ConditionReportForm({ form, photos }: { form: PanelForm; photos: string[] }) {
  const f = form.fields as Record<string, Field>;
  return (
    <Form
      {...form.formProps}
      method="post"
      className="grid gap-4 md:grid-cols-2"
      aria-label="Opis stanu technicznego"
    >
      <input type="hidden" name="intent" value="report" />
      <div className="md:col-span-2">
        <PanelFormNotice form={form} />
      </div>
      <TextField field={f.InspectedAt} label="Oględziny (data i godzina)" type="datetime-local" required />
      <TextField field={f.Inspector} label="Kto oglądał (np. Jan Kowalczyk, rzeczoznawca)" required />
      <NumberField field={f.Mileage} label="Przebieg w dniu oględzin (km)" required />
      <div className="md:col-span-2">
        <TextArea field={f.Summary} label="Podsumowanie" maxLength={2_000} />
      </div>
      <RowsFieldset
        legend="Ocena części (pozostaw „nie oceniano”, aby pominąć)"
        field={f.Sections}
        rowClassName="md:grid-cols-[14rem_12rem_1fr]"
        row={(s) => {
          const name = String(s.Name.initialValue ?? "");
          return (
            <>
              <input type="hidden" name={s.Name.name} value={name} />
              <p className="self-center text-sm font-medium text-slate-800">{name}</p>
              <SelectField
                field={s.Rating}
                label={`${name}: ocena`}
                empty="nie oceniano"
                options={CONDITION_RATINGS}
              />
              <TextField field={s.Notes} label={`${name}: uwagi`} />
            </>
          );
        }}
      />
      <RowsFieldset
        legend="Opony (pozostaw głębokość pustą, aby pominąć)"
        field={f.Tyres}
        className="grid gap-3 md:grid-cols-2"
        rowClassName="sm:grid-cols-2"
        row={(t) => {
          const position = String(t.Position.initialValue ?? "");
          return (
            <>
              <input type="hidden" name={t.Position.name} value={position} />
              <NumberField field={t.TreadDepthMm} label={`Opona ${position}: bieżnik (mm)`} decimal />
              <SelectField
                field={t.Season}
                label={`Opona ${position}: rodzaj`}
                empty="wybierz"
                options={TYRE_SEASONS}
              />
            </>
          );
        }}
      />
      <RowsFieldset
        legend="Uszkodzenia (puste wiersze są pomijane)"
        field={f.Damages}
        rowClassName="md:grid-cols-3"
        row={(d, i) => (
          <>
            <TextField field={d.Place} label={`Uszkodzenie ${i + 1}: miejsce`} />
            <TextField field={d.Description} label={`Uszkodzenie ${i + 1}: opis`} />
            <SelectField
              field={d.PhotoId}
              label={`Uszkodzenie ${i + 1}: zdjęcie`}
              empty="bez zdjęcia"
              options={photos.map((id) => ({ value: id, name: photoLabel(photos, id) }))}
            />
          </>
        )}
      />
      {photos.length ? <InspectionPhotos field={f.PhotoIds} photos={photos} /> : null}
      <div className="md:col-span-2">
        <SubmitButton sending={form.sending} whileSending="Zapisywanie…">
          Zapisz opis stanu
        </SubmitButton>
      </div>
    </Form>
  );
}

/** A photo of the auction as the report's fields name it, by its place in the auction's order. */
const photoLabel = (photos: string[], id: string) => `Zdjęcie ${photos.indexOf(id) + 1}`;

/** The photos of the inspection, ticked among the auction's photos (the stored report's ticked already). */
function InspectionPhotos({ field, photos }: { field: Field; photos: string[] }) {
  const chosen = new Set((field.initialValue as string[] | undefined) ?? []);
  return (
    <fieldset className="md:col-span-2" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className={legend}>Zdjęcia z oględzin (spośród zdjęć aukcji)</legend>
      <ul className="flex flex-wrap gap-3">
        {photos.map((id) => (
          <li key={id}>
            <label className="flex flex-col items-center gap-1 text-xs">
              <img
                src={offerImageUrl(id, { width: 160 })}
                alt=""
                width={160}
                height={120}
                className="rounded"
              />
              <span className="flex items-center gap-1">
                <input type="checkbox" name={field.name} value={id} defaultChecked={chosen.has(id)} />
                {photoLabel(photos, id)}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <FieldError id={field.errorId} message={firstError(field)} />
    </fieldset>
  );
}

/** A list field's rows under its legend, each row's fields (`row`) in a box of their own. */
function RowsFieldset({
  legend: title,
  field,
  className = "grid gap-3",
  rowClassName,
  row,
}: {
  legend: string;
  field: Field;
  className?: string;
  rowClassName: string;
  row: (fields: Record<string, Field>, i: number) => ReactNode;
}) {
  return (
    <fieldset className="md:col-span-2">
      <legend className={legend}>{title}</legend>
      <div className={className}>
        {formRows(field).map((item, i) => (
          <div key={item.key} className={`grid gap-2 rounded-md border border-slate-200 p-3 ${rowClassName}`}>
            {row(item.fields, i)}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
