import { useSearchParams } from "react-router";
import { FAQ_SECTIONS } from "../../../domain/faq";
import { faqEntrySchema } from "../../../domain/staff/faq";
import { NumberField, SelectField, TextArea, TextField } from "../../components/form/fields";
import { panelRecordAction, panelRecordLoader, saveAndRemove } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { SaveRecordPage } from "../../features/panel/record-page";
import { panelRecord } from "../../features/panel/ui";
import type { Route } from "./+types/faq-entry";

/** The page's words: its title, a new one's address, its 404. */
const RECORD = panelRecord({ noun: "pytanie", newRecord: "nowe", notFound: "Nie ma takiego pytania." });

export const meta = RECORD.meta;

export async function loader(args: Route.LoaderArgs) {
  const { faq } = args.context.services.staff;
  const { record: entry, audit } = await panelRecordLoader(args, "content", {
    ...RECORD,
    get: (id) => faq.get(id),
    history: ["faq"],
  });
  return { entry, audit };
}

export const action = (args: Route.ActionArgs) =>
  panelRecordAction(args, "content", { ...RECORD, otherwise: "save" }, (id, member) =>
    saveAndRemove(id, member, {
      schema: faqEntrySchema,
      store: args.context.services.staff.faq,
      list: "/panel/faq",
      saved: "Zapisano pytanie.",
    }),
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
  return (
    <SaveRecordPage
      stored={entry !== null}
      title={entry ? entry.question : "Nowe pytanie"}
      back={{ to: "/panel/faq", label: "Wróć do pytań" }}
      audit={audit}
      noun="pytanie"
      about={
        entry ? (
          <p className="text-sm text-slate-700">
            Na stronie:{" "}
            <a className="font-semibold text-brand-700 underline" href={`/faq#${entry.slug}`}>
              /faq#{entry.slug}
            </a>
          </p>
        ) : null
      }
      panel="Pytanie i odpowiedź"
      form={form}
      answer={actionData}
    >
      <SelectField
        field={form.fields.Section}
        label="Dział"
        options={FAQ_SECTIONS.map((s) => ({ value: s.key, name: s.title }))}
      />
      <NumberField field={form.fields.Position} label="Kolejność w dziale (mniejsza liczba wcześniej)" />
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
    </SaveRecordPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
