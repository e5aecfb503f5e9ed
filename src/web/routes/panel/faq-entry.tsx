import { useSearchParams } from "react-router";
import { FAQ_SECTIONS } from "../../../domain/faq";
import { faqEntrySchema } from "../../../domain/staff/faq";
import { SelectField, TextArea, TextField } from "../../components/form/fields";
import {
  panelIntent,
  panelRecordAction,
  panelRecordLoader,
  panelRedirect,
} from "../../features/panel/panel.server";
import { buttonOnly, usePanelForm } from "../../features/panel/panel-form";
import { PanelForm, RecordPage } from "../../features/panel/record-page";
import { Panel, panelMeta, RemovePanel } from "../../features/panel/ui";
import type { Route } from "./+types/faq-entry";

export function meta({ params }: Route.MetaArgs) {
  return panelMeta(params.id === "nowe" ? "Panel: nowe pytanie" : `Panel: pytanie nr ${params.id}`);
}

const NOT_FOUND = "Nie ma takiego pytania.";

export async function loader(args: Route.LoaderArgs) {
  const { faq } = args.context.services.staff;
  const { record: entry, audit } = await panelRecordLoader(args, "content", {
    notFound: NOT_FOUND,
    newRecord: "nowe",
    get: (id) => faq.get(id),
    history: ["faq"],
  });
  return { entry, audit };
}

export const action = (args: Route.ActionArgs) =>
  panelRecordAction(
    args,
    "content",
    { notFound: NOT_FOUND, newRecord: "nowe", otherwise: "save" },
    (id, member) => {
      const { faq } = args.context.services.staff;
      const save = panelIntent(faqEntrySchema, async (v) => {
        const saved = await faq.save(id, v, member);
        return id === null ? panelRedirect(`/panel/faq/${saved}?dodano=1`) : { notice: "Zapisano pytanie." };
      });
      if (id === null) return { save };
      const remove = panelIntent(buttonOnly, async () => {
        await faq.remove(id, member);
        return panelRedirect("/panel/faq");
      });
      return { save, remove };
    },
  );

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
    <RecordPage
      title={entry ? entry.question : "Nowe pytanie"}
      back={{ to: "/panel/faq", label: "Wróć do pytań" }}
      added="Dodano pytanie."
      audit={entry ? audit : null}
    >
      {entry ? (
        <p className="text-sm text-slate-700">
          Na stronie:{" "}
          <a className="font-semibold text-brand-700 underline" href={`/faq#${entry.slug}`}>
            /faq#{entry.slug}
          </a>
        </p>
      ) : null}
      <Panel title="Pytanie i odpowiedź">
        <PanelForm
          form={form}
          label="Pytanie"
          columns={2}
          submit={entry ? "Zapisz pytanie" : "Dodaj pytanie"}
          whileSending="Zapisywanie…"
        >
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
        </PanelForm>
      </Panel>
      {entry ? (
        <RemovePanel form={remove} label="Usuń pytanie">
          Pytanie zniknie ze strony od razu. Historia zmian zostaje w dzienniku.
        </RemovePanel>
      ) : null}
    </RecordPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
