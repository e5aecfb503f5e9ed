import { data, Form, Link } from "react-router";
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
import { FormNotice, Notice } from "../../features/accounts/ui";
import { AuditTable } from "../../features/panel/audit-table";
import { PANEL_HEADERS, panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { buttonOnly, usePanelForm } from "../../features/panel/panel-form";
import {
  cellClass,
  Panel,
  PanelFormNotice,
  PanelPage,
  panelMeta,
  TableScroll,
  tableClass,
} from "../../features/panel/ui";
import type { Route } from "./+types/lead";

export function meta({ params }: Route.MetaArgs) {
  return panelMeta(`Panel: zgłoszenie nr ${params.id}`);
}

const NOT_FOUND = "Nie ma takiego zgłoszenia.";
const leadId = (id: string) => {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw data(NOT_FOUND, { status: 404, headers: PANEL_HEADERS });
  return n;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, "leads");
  const id = leadId(params.id);
  const { leads, audit } = context.services.staff;
  const [lead, assignees, log] = await Promise.all([
    leads.get(id),
    leads.assignees(),
    audit({ entity: "lead", entityId: String(id) }),
  ]);
  if (!lead) throw data(NOT_FOUND, { status: 404, headers: PANEL_HEADERS });
  return { lead, assignees, audit: log.entries, me: member.id };
}

/** take (in progress, assigned to me), change (status and assignee), note. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "leads");
  const id = leadId(params.id);
  const formData = await request.formData();
  const { leads } = context.services.staff;
  switch (formData.get("intent")) {
    case "take":
      return panelFormAction(formData, "take", buttonOnly, async () => {
        await leads.take(id, member);
        return { notice: "Zgłoszenie jest Twoje i w toku." };
      });
    case "change":
      return panelFormAction(formData, "change", leadChangeSchema, async (v) => {
        const changed = await leads.change(id, v, member);
        return { notice: changed ? "Zapisano zmiany." : "Nic się nie zmieniło." };
      });
    case "note":
      return panelFormAction(formData, "note", leadNoteSchema, async (v) => {
        await leads.addNote(id, v.Note, member);
        return { notice: "Dodano notatkę." };
      });
    default:
      throw data("Nieznana czynność.", { status: 400, headers: PANEL_HEADERS });
  }
}

/** One lead: what the person sent, how long it has waited, who has it, and the notes about it. */
export default function PanelLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, assignees, audit, me } = loaderData;
  const now = new Date(lead.now);
  const createdAt = new Date(lead.createdAt);
  const overdue = isOverdue({ status: lead.status, createdAt }, now);
  const take = usePanelForm(buttonOnly, { intent: "take", answer: actionData });
  const change = usePanelForm(leadChangeSchema, {
    intent: "change",
    answer: actionData,
    defaultValue: { Status: lead.status, AssignedTo: lead.assignedTo ? String(lead.assignedTo) : "" },
  });
  const note = usePanelForm(leadNoteSchema, { intent: "note", answer: actionData });
  return (
    <PanelPage
      title={`Zgłoszenie nr ${lead.id}: ${LEAD_KIND_NAMES[lead.kind]}`}
      actions={
        <Link className="text-sm font-semibold text-brand-700 underline" to="/panel/zgloszenia">
          Wróć do zgłoszeń
        </Link>
      }
    >
      <Panel title="Stan">
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
        {/* Once taken, the button is gone: the outcome is said here. */}
        {take.notice ? (
          <div className="mt-4">
            <Notice kind="success">{take.notice}</Notice>
          </div>
        ) : null}
        {lead.status === "new" || (lead.status === "inProgress" && lead.assignedTo !== me) ? (
          <Form {...take.formProps} className="mt-4 flex flex-col gap-3" aria-label="Biorę to zgłoszenie">
            <input type="hidden" name="intent" value="take" />
            <FormNotice form={take} />
            <div>
              <SubmitButton sending={take.sending} whileSending={null}>
                Biorę to zgłoszenie
              </SubmitButton>
            </div>
          </Form>
        ) : null}
        <Form {...change.formProps} className="mt-6 grid gap-4 md:grid-cols-3" aria-label="Stan i opiekun">
          <input type="hidden" name="intent" value="change" />
          <div className="md:col-span-3">
            <PanelFormNotice form={change} />
          </div>
          <SelectField field={change.fields.Status} label="Stan">
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_NAMES[s]}
              </option>
            ))}
          </SelectField>
          <SelectField field={change.fields.AssignedTo} label="Opiekun">
            <option value="">nikt</option>
            {assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
          <div className="flex items-end">
            <SubmitButton sending={change.sending} whileSending={null} look="outline">
              Zapisz
            </SubmitButton>
          </div>
        </Form>
      </Panel>
      <Panel title="Co przysłał klient">
        <TableScroll label="Dane zgłoszenia">
          <table className={tableClass} aria-label="Dane zgłoszenia">
            <tbody>
              {lead.lines.map(([label, value]) => (
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
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Panel>
      <Panel title="Notatki">
        {lead.notes.length === 0 ? (
          <p className="text-slate-700">Brak notatek.</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Notatki">
            {lead.notes.map((n) => (
              <li key={n.id} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
                <p className="text-sm text-slate-600">
                  {n.staffName}, {formatDateTime(new Date(n.at))}
                </p>
                <p className="mt-1 whitespace-pre-wrap">{n.text}</p>
              </li>
            ))}
          </ol>
        )}
        <Form {...note.formProps} className="mt-4 flex flex-col gap-3" aria-label="Dodaj notatkę">
          <input type="hidden" name="intent" value="note" />
          <PanelFormNotice form={note} />
          <TextArea field={note.fields.Note} label="Nowa notatka" maxLength={2000} required />
          <div>
            <SubmitButton sending={note.sending} whileSending={null} look="outline">
              Dodaj notatkę
            </SubmitButton>
          </div>
        </Form>
      </Panel>
      <Panel title="Historia zmian">
        <AuditTable entries={audit} showRecord={false} />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
