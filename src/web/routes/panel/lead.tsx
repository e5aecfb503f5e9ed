import { Form, Link } from "react-router";
import { formatDateTime } from "../../../domain/format";
import { leadChangeSchema, leadNoteSchema } from "../../../domain/staff/forms";
import {
  elapsed,
  isOverdue,
  LEAD_KIND_NAMES,
  LEAD_PROMISE_HOURS,
  LEAD_STATUS_NAMES,
  LEAD_STATUSES,
} from "../../../domain/staff/lead-states";
import { SelectField, SubmitButton, TextArea } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { panelIntent, panelRecordAction, panelRecordLoader } from "../../features/panel/panel.server";
import { buttonOnly, usePanelForm } from "../../features/panel/panel-form";
import { PanelForm, RecordPage } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, PanelFormNotice, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/lead";

export function meta({ params }: Route.MetaArgs) {
  return panelMeta(`Panel: zgłoszenie nr ${params.id}`);
}

const NOT_FOUND = "Nie ma takiego zgłoszenia.";

export async function loader(args: Route.LoaderArgs) {
  const { leads } = args.context.services.staff;
  const { record, audit, member } = await panelRecordLoader(args, "leads", {
    notFound: NOT_FOUND,
    get: async (id) => {
      const [lead, assignees] = await Promise.all([leads.get(id), leads.assignees()]);
      return lead && { lead, assignees };
    },
    history: ["lead"],
  });
  return { ...record, audit, me: member.id };
}

/** take (in progress, assigned to me), change (status and assignee), note. */
export const action = (args: Route.ActionArgs) =>
  panelRecordAction(args, "leads", { notFound: NOT_FOUND }, (id, member) => {
    const { leads } = args.context.services.staff;
    return {
      take: panelIntent(buttonOnly, async () => {
        await leads.take(id, member);
        return { notice: "Zgłoszenie jest Twoje i w toku." };
      }),
      change: panelIntent(leadChangeSchema, async (v) => {
        const changed = await leads.change(id, v, member);
        return { notice: changed ? "Zapisano zmiany." : "Nic się nie zmieniło." };
      }),
      note: panelIntent(leadNoteSchema, async (v) => {
        await leads.addNote(id, v.Note, member);
        return { notice: "Dodano notatkę." };
      }),
    };
  });

type Loaded = Route.ComponentProps["loaderData"];
type Lead = Loaded["lead"];

/** One lead: what the person sent, how long it has waited, who has it, and the notes about it. */
export default function PanelLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, assignees, audit, me } = loaderData;
  const take = usePanelForm(buttonOnly, { intent: "take", answer: actionData });
  const change = usePanelForm(leadChangeSchema, {
    intent: "change",
    answer: actionData,
    defaultValue: { Status: lead.status, AssignedTo: lead.assignedTo ? String(lead.assignedTo) : "" },
  });
  const note = usePanelForm(leadNoteSchema, { intent: "note", answer: actionData });
  return (
    <RecordPage
      title={`Zgłoszenie nr ${lead.id}: ${LEAD_KIND_NAMES[lead.kind]}`}
      back={{ to: "/panel/zgloszenia", label: "Wróć do zgłoszeń" }}
      audit={audit}
    >
      <Panel title="Stan">
        <LeadFacts lead={lead} />
        {/* Once taken, the button is gone: the outcome is said here. */}
        {take.notice ? (
          <div className="mt-4">
            <Notice kind="success">{take.notice}</Notice>
          </div>
        ) : null}
        {lead.status === "new" || (lead.status === "inProgress" && lead.assignedTo !== me) ? (
          <PanelForm
            form={take}
            label="Biorę to zgłoszenie"
            submit="Biorę to zgłoszenie"
            className="mt-4 flex flex-col gap-3"
            notice="errors"
          />
        ) : null}
        <LeadChangeForm form={change} assignees={assignees} />
      </Panel>
      <Panel title="Co przysłał klient">
        <LeadLines lead={lead} />
      </Panel>
      <Panel title="Notatki">
        <LeadNotes notes={lead.notes} />
        <PanelForm
          form={note}
          label="Dodaj notatkę"
          submit="Dodaj notatkę"
          look="outline"
          className="mt-4 flex flex-col gap-3"
        >
          <TextArea field={note.fields.Note} label="Nowa notatka" maxLength={2000} required />
        </PanelForm>
      </Panel>
    </RecordPage>
  );
}

/** When the lead came and how long ago (and whether past the promised time), its state and who has it. */
function LeadFacts({ lead }: { lead: Lead }) {
  const now = new Date(lead.now);
  const createdAt = new Date(lead.createdAt);
  const overdue = isOverdue({ status: lead.status, createdAt }, now);
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
      <dt className="text-slate-600">Przyjęte</dt>
      <dd>
        {formatDateTime(createdAt)} ({elapsed(createdAt, now)} temu)
        {overdue ? (
          <strong className="ml-2 text-red-800">
            {`po terminie: obiecaliśmy kontakt w ciągu ${LEAD_PROMISE_HOURS} godzin`}
          </strong>
        ) : null}
      </dd>
      <dt className="text-slate-600">Stan</dt>
      <dd className="font-semibold">{LEAD_STATUS_NAMES[lead.status]}</dd>
      <dt className="text-slate-600">Opiekun</dt>
      <dd>{lead.assignedName ?? "–"}</dd>
    </dl>
  );
}

/** The lead's state and its assignee, changed together in one row. */
function LeadChangeForm({
  form,
  assignees,
}: {
  form: ReturnType<typeof usePanelForm>;
  assignees: Loaded["assignees"];
}) {
  return (
    <Form {...form.formProps} className="mt-6 grid gap-4 md:grid-cols-3" aria-label="Stan i opiekun">
      <input type="hidden" name="intent" value="change" />
      <div className="md:col-span-3">
        <PanelFormNotice form={form} />
      </div>
      <SelectField
        field={form.fields.Status}
        label="Stan"
        options={LEAD_STATUSES.map((s) => ({ value: s, name: LEAD_STATUS_NAMES[s] }))}
      />
      <SelectField
        field={form.fields.AssignedTo}
        label="Opiekun"
        empty="nikt"
        options={assignees.map((a) => ({ value: a.id, name: a.name }))}
      />
      <div className="flex items-end">
        <SubmitButton sending={form.sending} whileSending={null} look="outline">
          Zapisz
        </SubmitButton>
      </div>
    </Form>
  );
}

/** What the person sent, line by line; the offer it was about links to its page. */
function LeadLines({ lead }: { lead: Lead }) {
  return (
    <DataTable
      label="Dane zgłoszenia"
      rows={lead.lines}
      row={([label, value]) => (
        <tr key={label}>
          <th scope="row" className={`${cellClass} w-56 font-medium`}>
            {label}
          </th>
          <td className={`${cellClass} whitespace-pre-wrap`}>
            {label === "Oferta" && lead.offer ? (
              <Link className="text-brand-700 underline" to={lead.offer.path}>
                {lead.offer.title} (nr {lead.offer.id})
              </Link>
            ) : (
              value
            )}
          </td>
        </tr>
      )}
    />
  );
}

/** The staff's notes on the lead, oldest first, each with who wrote it and when. */
function LeadNotes({ notes }: { notes: Lead["notes"] }) {
  if (notes.length === 0) return <p className="text-slate-700">Brak notatek.</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label="Notatki">
      {notes.map((n) => (
        <li key={n.id} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm text-slate-600">
            {n.staffName}, {formatDateTime(new Date(n.at))}
          </p>
          <p className="mt-1 whitespace-pre-wrap">{n.text}</p>
        </li>
      ))}
    </ol>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
