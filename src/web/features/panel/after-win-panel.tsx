import { AFTER_WIN_STEP_NAMES, type AfterWin, type StaffStep } from "../../../domain/auctions/after-win";
import { type CostLines, VOIVODESHIPS } from "../../../domain/auctions/costs";
import { formatDateTime, formatPrice, parseApiDateTime } from "../../../domain/format";
import { SelectField, TextField } from "../../components/form/fields";
import { Notice } from "../accounts/ui";
import type { usePanelForm } from "./panel-form";
import { PanelForm } from "./record-page";
import { cellClass, DataTable, Panel } from "./ui";

type Form = ReturnType<typeof usePanelForm>;

/** What the panel's auction page knows after the win (AfterWinService.forStaff). */
export interface StaffAfterWin {
  view: AfterWin;
  by: Record<StaffStep, string | null>;
  slots: { id: number; startsAt: Date | string; place: string }[];
  bookedSlotId: number | null;
  lines: CostLines | null;
}

export interface AfterWinForms {
  proForma: Form;
  payment: Form;
  documents: Form;
  slot: Form;
}

const link = "text-sm font-semibold text-brand-700 underline";

/**
 * 'Po wygranej': the winner's four steps, each with when and by whom it was set, and the form of the
 * next one staff set (pro-forma with the delivery, payment, documents); the pick-up slots offered, the
 * one the winner booked, and the form of another slot until one is booked.
 */
export function AfterWinPanel({
  auctionId,
  state,
  forms,
  pickUpCity,
}: {
  auctionId: number;
  state: StaffAfterWin;
  forms: AfterWinForms;
  pickUpCity: string | null;
}) {
  const done = Object.fromEntries(state.view.Steps.map((s) => [s.Step, s])) as Record<
    AfterWin["Steps"][number]["Step"],
    AfterWin["Steps"][number]
  >;
  const next: StaffStep | null = !done.proForma.Done
    ? "proForma"
    : !done.payment.Done
      ? "payment"
      : !done.documents.Done
        ? "documents"
        : null;
  const notices = [forms.proForma, forms.payment, forms.documents, forms.slot].filter((f) => f.notice);
  return (
    <Panel title="Po wygranej">
      {notices.map((f) => (
        <div key={f.intent} className="mb-3">
          <Notice kind="success">{f.notice}</Notice>
        </div>
      ))}
      <ol className="mb-4 flex flex-col gap-2 text-sm" data-testid="panel-after-win-steps">
        {state.view.Steps.map((s) => (
          <li key={s.Step} className="flex flex-wrap gap-x-2">
            <span aria-hidden="true">{s.Done ? "✓" : "○"}</span>
            <strong>{AFTER_WIN_STEP_NAMES[s.Step]}</strong>
            <span className="text-slate-700">
              {s.Done && s.At
                ? `${formatDateTime(parseApiDateTime(s.At))}${s.Step !== "pickUp" && state.by[s.Step] ? `, ${state.by[s.Step]}` : ""}`
                : "jeszcze nie"}
            </span>
          </li>
        ))}
      </ol>
      {state.view.ProForma && state.lines ? (
        <p className="mb-4 text-sm">
          {`Faktura pro forma ${state.view.ProForma.Number}: ${formatPrice(state.lines.totalBrutto)} brutto; opłata aukcyjna ${formatPrice(state.lines.fee)} netto; ${state.view.ProForma.Delivery}${state.lines.transport ? `: ${formatPrice(state.lines.transport)} netto` : ""}. `}
          <a className={link} href={`/panel/aukcje/${auctionId}/pro-forma.pdf`}>
            Pobierz fakturę pro forma (PDF)
          </a>
        </p>
      ) : null}
      {next === "proForma" ? (
        <PanelForm
          form={forms.proForma}
          label="Wystaw fakturę pro forma"
          submit="Wystaw fakturę pro forma"
          notice="errors"
        >
          <SelectField
            field={forms.proForma.fields.Delivery}
            label="Odbiór samochodu"
            options={[
              { value: "odbior", name: pickUpCity ? `Odbiór własny: ${pickUpCity}` : "Odbiór własny" },
              ...VOIVODESHIPS.map((v) => ({ value: v, name: `Transport: woj. ${v}` })),
            ]}
          />
        </PanelForm>
      ) : next === "payment" ? (
        <PanelForm
          form={forms.payment}
          label="Potwierdź wpłatę"
          submit="Potwierdź otrzymanie wpłaty"
          notice="errors"
        />
      ) : next === "documents" ? (
        <PanelForm
          form={forms.documents}
          label="Dokumenty gotowe"
          submit="Dokumenty gotowe do wydania"
          notice="errors"
        />
      ) : null}
      <h3 className="mt-6 mb-2 font-semibold">Terminy odbioru</h3>
      <DataTable
        label="Terminy odbioru"
        columns={["Termin", "Miejsce", "Wybór zwycięzcy"]}
        rows={state.slots}
        empty="Nie zaproponowano jeszcze terminów odbioru."
        row={(s) => (
          <tr key={s.id}>
            <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(s.startsAt))}</td>
            <td className={cellClass}>{s.place}</td>
            <td className={cellClass}>{s.id === state.bookedSlotId ? "wybrany" : "–"}</td>
          </tr>
        )}
      />
      {state.bookedSlotId === null ? (
        <div className="mt-4">
          <PanelForm
            form={forms.slot}
            label="Zaproponuj termin odbioru"
            columns={2}
            submit="Zaproponuj termin"
            notice="errors"
          >
            <TextField
              field={forms.slot.fields.SlotStart}
              label="Termin (czas polski)"
              type="datetime-local"
              required
            />
            <TextField field={forms.slot.fields.SlotPlace} label="Miejsce odbioru" required />
          </PanelForm>
        </div>
      ) : null}
    </Panel>
  );
}
