import { Link } from "react-router";
import { z } from "zod";
import { OFFER_IMPORT_MAX_BYTES, offerImportSchema, offerPanelPath } from "../../../domain/staff/offers";
import type { ImportReport } from "../../../server/staff/offer-import";
import { TextField } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { panelFileAction, requireStaff } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { PanelForm, RecordPage } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/offer-import";

export function meta() {
  return panelMeta("Panel: import ofert");
}

const importSchema = offerImportSchema.extend({ Mode: z.enum(["check", "import"]).default("check") });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "offers");
  return null;
}

/** Checks the file (`Mode=check`) or imports it (`Mode=import`): the same checks, all rows or none saved. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "offers");
  return panelFileAction(
    request,
    { intent: "import", maxBytes: OFFER_IMPORT_MAX_BYTES, tooLarge: "Plik może mieć najwyżej 5 MB" },
    importSchema,
    async (v): Promise<{ report: ImportReport }> => ({
      report: await context.services.staff.offerImport.run(v.File, { dryRun: v.Mode === "check" }, member),
    }),
    { keepValues: true },
  );
}

const COLUMNS =
  "SaleType, Make, Model, Version, BodyType, FuelType, GearBoxType, Color, Year, Mileage, EngineCapacity, PowerHp, VehicleRange, Doors, Seats, PlateNumber, Vin, Description, Equipment, IsCertified, IsPromoted, IsPicturePreviewOnly, PhotoIds, TotalPriceNetto, TotalPriceNettoDiscount, LeasePrice, RentPriceNetto";

/** What the check or the import found: the rows with problems, or the drafts it saved. */
function ReportView({ report }: { report: ImportReport }) {
  const problems = report.rows.filter((r) => r.problems.length);
  const link = "font-semibold text-brand-700 underline";
  return (
    <Panel title="Wynik">
      {report.saved ? (
        <Notice kind="success">
          {`Zaimportowano ofert: ${report.saved.length}. Są szkicami: dodaj zdjęcia i opublikuj każdą z nich.`}
        </Notice>
      ) : problems.length ? (
        <Notice kind="error">
          {`Wierszy z problemami: ${problems.length} z ${report.rows.length}. Nic nie zapisano: popraw plik i sprawdź go ponownie.`}
        </Notice>
      ) : (
        <Notice kind="success">
          {`Plik jest poprawny: ofert do importu: ${report.rows.length}. Nic jeszcze nie zapisano.`}
        </Notice>
      )}
      <div className={problems.length ? "mt-4" : undefined}>
        <DataTable
          label="Problemy w pliku"
          columns={["Miejsce w pliku", "Samochód", "Problemy"]}
          rows={problems}
          row={(r) => (
            <tr key={r.where}>
              <td className={`${cellClass} whitespace-nowrap`}>{r.where}</td>
              <td className={cellClass}>{r.title || "–"}</td>
              <td className={cellClass}>
                <ul className="list-disc pl-5">
                  {r.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </td>
            </tr>
          )}
        />
      </div>
      {report.saved ? (
        <ul className="mt-4 flex flex-wrap gap-3 text-sm">
          {report.saved.map((id) => (
            <li key={id}>
              <Link className={link} to={offerPanelPath(id)}>
                {`Oferta nr ${id}`}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}

/** Cars from a file of the fleet system: checked row by row first, then saved as drafts. */
export default function PanelOfferImport({ actionData }: Route.ComponentProps) {
  const form = usePanelForm(importSchema, { intent: "import", answer: actionData });
  const report = actionData && "report" in actionData ? (actionData.report as ImportReport) : null;
  return (
    <RecordPage title="Import ofert z pliku" back={{ to: "/panel/oferty", label: "Wróć do ofert" }}>
      <Panel title="Plik z systemu flotowego">
        <div className="mb-4 flex flex-col gap-2 text-sm text-slate-700">
          <p>
            Plik JSON z listą ofert w postaci, jaką przyjmuje POST /api/Admin/Offers, albo plik CSV z tymi
            polami jako kolumnami (nazwy w pierwszym wierszu). W CSV ceny są osobnymi kolumnami, a wyposażenie
            i zdjęcia rozdziela znak „|”.
          </p>
          <p>Kolumny CSV: {COLUMNS}.</p>
          <p>
            „Sprawdź plik” niczego nie zapisuje. „Importuj” zapisuje wszystkie oferty jako szkice albo żadnej,
            gdy choć jeden wiersz ma problem.
          </p>
        </div>
        <PanelForm form={form} label="Import ofert" encType="multipart/form-data" submit={null}>
          <TextField
            field={form.fields.File}
            label="Plik CSV lub JSON"
            type="file"
            accept=".csv,.json,text/csv,application/json"
          />
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="Mode"
              value="check"
              disabled={form.sending}
              className="rounded-lg border border-brand-700 bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
            >
              Sprawdź plik
            </button>
            <button
              type="submit"
              name="Mode"
              value="import"
              disabled={form.sending}
              className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              Importuj
            </button>
          </div>
        </PanelForm>
      </Panel>
      {report ? <ReportView report={report} /> : null}
    </RecordPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
