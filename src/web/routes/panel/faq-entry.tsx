import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { FAQ_SECTIONS } from "../../../domain/faq";
import { faqEntrySchema } from "../../../domain/staff/faq";
import { SelectField, SubmitButton, TextArea, TextField } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { AuditTable } from "../../features/panel/audit-table";
import { PANEL_HEADERS, panelFormAction, recordParam, requireStaff } from "../../features/panel/panel.server";
import { buttonOnly, usePanelForm } from "../../features/panel/panel-form";
import { Panel, PanelFormNotice, PanelPage, panelMeta, RemovePanel } from "../../features/panel/ui";
import type { Route } from "./+types/faq-entry";

export function meta({ params }: Route.MetaArgs) {
  return panelMeta(params.id === "nowe" ? "Panel: nowe pytanie" : `Panel: pytanie nr ${params.id}`);
}

const NOT_FOUND = "Nie ma takiego pytania.";
const entryId = (id: string) => recordParam(id, "nowe", NOT_FOUND);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const id = entryId(params.id);
  if (id === null) return { entry: null, audit: [] };
  const { faq, audit } = context.services.staff;
  const entry = await faq.get(id);
  if (!entry) throw data(NOT_FOUND, { status: 404, headers: PANEL_HEADERS });
  return { entry, audit: (await audit({ entity: "faq", entityId: String(id) })).entries };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "content");
  const id = entryId(params.id);
  const formData = await request.formData();
  const { faq } = context.services.staff;
  if (formData.get("intent") === "remove" && id !== null) {
    return panelFormAction(formData, "remove", buttonOnly, async () => {
      await faq.remove(id, member);
      return redirect("/panel/faq", { headers: PANEL_HEADERS });
    });
  }
  return panelFormAction(formData, "save", faqEntrySchema, async (v) => {
    const saved = await faq.save(id, v, member);
    if (id === null) return redirect(`/panel/faq/${saved}?dodano=1`, { headers: PANEL_HEADERS });
    return { notice: "Zapisano pytanie." };
  });
}

/** A question of /faq: a new one at /panel/faq/nowe, else its own page with its history. */
export default function PanelFaqEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, audit } = loaderData;
  const [params] = useSearchParams();
  const form = usePanelForm(faqEntrySchema, {
    intent: "save",
    answer: actionData,
    defaultValue: entry
      ? {
          Section: entry.section,
          Question: entry.question,
          Answer: entry.answer,
          Slug: entry.slug,
          Position: String(entry.position),
        }
      : { Section: params.get("dzial") ?? FAQ_SECTIONS[0].key, Position: "0" },
  });
  const remove = usePanelForm(buttonOnly, { intent: "remove", answer: actionData });
  return (
    <PanelPage
      title={entry ? entry.question : "Nowe pytanie"}
      actions={
        <Link className="text-sm font-semibold text-brand-700 underline" to="/panel/faq">
          Wróć do pytań
        </Link>
      }
    >
      {params.get("dodano") ? <Notice kind="success">Dodano pytanie.</Notice> : null}
      {entry ? (
        <p className="text-sm text-slate-700">
          Na stronie:{" "}
          <a className="font-semibold text-brand-700 underline" href={`/faq#${entry.slug}`}>
            /faq#{entry.slug}
          </a>
        </p>
      ) : null}
      <Panel title="Pytanie i odpowiedź">
        <Form {...form.formProps} method="post" className="grid gap-4 md:grid-cols-2" aria-label="Pytanie">
          <input type="hidden" name="intent" value="save" />
          <div className="md:col-span-2">
            <PanelFormNotice form={form} />
          </div>
          <SelectField field={form.fields.Section} label="Dział">
            {FAQ_SECTIONS.map((s) => (
              <option key={s.key} value={s.key}>
                {s.title}
              </option>
            ))}
          </SelectField>
          <TextField
            field={form.fields.Position}
            label="Kolejność w dziale (mniejsza liczba wcześniej)"
            inputMode="numeric"
          />
          <div className="md:col-span-2">
            <TextField field={form.fields.Question} label="Pytanie" required />
          </div>
          <div className="md:col-span-2">
            <TextArea
              field={form.fields.Answer}
              label="Odpowiedź"
              hint="Zwykły tekst; akapity oddziel pustą linią."
              rows={8}
              maxLength={5000}
              required
            />
          </div>
          <div className="md:col-span-2">
            <TextField
              field={form.fields.Slug}
              label="Adres odpowiedzi na stronie (kotwica po /faq#)"
              hint={
                entry
                  ? "Zmiana adresu zepsuje linki do tej odpowiedzi z innych stron."
                  : "Puste: powstanie z pytania."
              }
            />
          </div>
          <div className="md:col-span-2">
            <SubmitButton sending={form.sending} whileSending="Zapisywanie…">
              {entry ? "Zapisz pytanie" : "Dodaj pytanie"}
            </SubmitButton>
          </div>
        </Form>
      </Panel>
      {entry ? (
        <>
          <RemovePanel form={remove} label="Usuń pytanie">
            Pytanie zniknie ze strony od razu. Historia zmian zostaje w dzienniku.
          </RemovePanel>
          <Panel title="Historia zmian">
            <AuditTable entries={audit} showRecord={false} />
          </Panel>
        </>
      ) : null}
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
