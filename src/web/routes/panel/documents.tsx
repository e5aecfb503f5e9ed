import { DOCUMENTS } from "../../../domain/documents";
import { formatDateTime } from "../../../domain/format";
import { startOfPolishDay } from "../../../domain/polish-time";
import { DOCUMENT_MAX_BYTES, documentUploadSchema } from "../../../domain/staff/documents";
import { SelectField, TextField } from "../../components/form/fields";
import { panelFileAction, requireStaff } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { PanelForm } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/documents";

export function meta() {
  return panelMeta("Panel: dokumenty");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  return {
    documents: await context.services.staff.documents.overview(),
    // The clock's time: a new version takes effect today or later, today as the server counts it.
    now: context.services.clock.now().toISOString(),
  };
}

/** A new version of a document: checked by the form's schema, then by its first bytes (a real PDF). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "content");
  return panelFileAction(
    request,
    { intent: "publish", maxBytes: DOCUMENT_MAX_BYTES, tooLarge: "Plik może mieć najwyżej 10 MB" },
    documentUploadSchema(context.services.clock.now()),
    async (v) => {
      const data = Buffer.from(await v.File.arrayBuffer());
      const from = v.EffectiveFrom ? startOfPolishDay(v.EffectiveFrom) : null;
      const { version, effectiveFrom } = await context.services.staff.documents.publish(
        v.Kind,
        data,
        from,
        member,
      );
      const doc = DOCUMENTS[v.Kind];
      return {
        notice: `Opublikowano ${doc.title.toLowerCase()} w wersji ${version}, obowiązuje od ${formatDateTime(effectiveFrom)}.`,
      };
    },
  );
}

const sizeKb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("pl-PL")} kB`;

/** The site's documents: each one's versions, the one in force, and a form for a new version. */
export default function PanelDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const form = usePanelForm(documentUploadSchema(new Date(loaderData.now)), {
    intent: "publish",
    answer: actionData,
    defaultValue: { Kind: "auctionRules" },
  });
  return (
    <PanelPage title="Dokumenty">
      <Panel title="Nowa wersja dokumentu">
        <PanelForm
          form={form}
          label="Nowa wersja dokumentu"
          columns={3}
          encType="multipart/form-data"
          submit="Opublikuj"
          whileSending="Wysyłanie pliku…"
          footer={
            <p className="mb-3 text-sm text-slate-700">
              Nowa wersja regulaminu aukcji oznacza, że każdy licytujący zaakceptuje ją przed kolejną ofertą.
            </p>
          }
        >
          <SelectField
            field={form.fields.Kind}
            label="Dokument"
            options={Object.entries(DOCUMENTS).map(([value, d]) => ({ value, name: d.title }))}
          />
          <TextField
            field={form.fields.File}
            label="Plik PDF (do 10 MB)"
            type="file"
            accept="application/pdf,.pdf"
            required
          />
          <TextField field={form.fields.EffectiveFrom} label="Obowiązuje od (puste: od razu)" type="date" />
        </PanelForm>
      </Panel>
      {loaderData.documents.map((d) => (
        <Panel key={d.key} title={d.title}>
          <DataTable
            label={`${d.title}: wersje`}
            columns={["Wersja", "Obowiązuje od", "Dodana", "Rozmiar"]}
            rows={d.versions}
            empty="Brak opublikowanych wersji."
            row={(v) => (
              <tr key={v.version}>
                <td className={cellClass}>
                  {v.version}
                  {v.version === d.inForce ? <strong className="ml-2">(obowiązuje)</strong> : null}
                  {v.scheduled ? <span className="ml-2">(zaplanowana)</span> : null}
                </td>
                <td className={cellClass}>{formatDateTime(new Date(v.effectiveFrom))}</td>
                <td className={cellClass}>{formatDateTime(new Date(v.createdAt))}</td>
                <td className={cellClass}>{sizeKb(v.bytes)}</td>
              </tr>
            )}
          />
          <p className="mt-3 text-sm">
            <a className="font-semibold text-brand-700 underline" href={d.url}>
              Pobierz wersję, którą widzi serwis
            </a>
          </p>
        </Panel>
      ))}
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
