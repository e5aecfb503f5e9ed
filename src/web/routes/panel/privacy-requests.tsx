import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { formatDate, formatDateTime } from "../../../domain/format";
import { reasonField } from "../../../domain/staff/table";
import { ModalDialog } from "../../components/modal-dialog";
import { Notice } from "../../features/accounts/ui";
import { panelFormAction, requireStaff } from "../../features/panel/panel.server";
import type { PanelAnswer } from "../../features/panel/panel-form";
import { cellClass, DataTable, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/privacy-requests";

export function meta() {
  return panelMeta("Panel: wnioski RODO");
}

const DAY_MS = 24 * 3_600_000;

/** The erasures people asked for through the mailed link, the nearest deadline first, and the latest done. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "privacy");
  const { open, done } = await context.services.privacy.requests.queue();
  const now = context.services.clock.now().getTime();
  return {
    open: open.map((r) => ({
      id: r.id,
      email: r.email,
      askedAt: formatDateTime(r.erasureRequestedAt),
      due: formatDate(r.dueAt),
      daysLeft: Math.ceil((r.dueAt.getTime() - now) / DAY_MS),
      counts: r.counts,
    })),
    done: done.map((r) => ({
      id: r.id,
      askedAt: formatDateTime(r.erasureRequestedAt),
      completedAt: r.completedAt ? formatDateTime(r.completedAt) : "",
      completedBy: r.completedBy ?? "",
      erased: Object.values(r.erased ?? {}).reduce((a, b) => a + b, 0),
    })),
  };
}

// Erasing cannot be undone: it is confirmed with the reason, which the audit log keeps.
const completeSchema = z.object({ Id: z.coerce.number().int().positive(), Reason: reasonField });

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "privacy");
  return panelFormAction(await request.formData(), "complete", completeSchema, async (v) => {
    const erased = await context.services.privacy.requests.complete(v.Id, member, v.Reason);
    const total = Object.values(erased).reduce((a, b) => a + b, 0);
    return {
      notice: `Wniosek nr ${v.Id} zrealizowany: usunięto rekordów: ${total}. Klient dostał potwierdzenie e-mailem.`,
    };
  });
}

/** When the deadline is, in words that stand out once it is near or past. */
function deadline(daysLeft: number): string {
  if (daysLeft < 0) return `po terminie (${-daysLeft} dni)`;
  if (daysLeft === 0) return "termin mija dziś";
  return `zostało dni: ${daysLeft}`;
}

/** People's requests to erase what is kept under their address (RODO art. 17), due one month after the request (art. 12(3)). */
export default function PanelPrivacyRequests({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as PanelAnswer | undefined;
  const refusal = answer?.result.error?.[""]?.[0] ?? answer?.result.error?.Id?.[0];
  return (
    <PanelPage title="Wnioski RODO">
      {answer?.notice ? <Notice kind="success">{answer.notice}</Notice> : null}
      {refusal ? <Notice kind="error">{refusal}</Notice> : null}
      <p className="text-slate-800">
        Żądania usunięcia danych zapisanych pod adresem e-mail (zapytania, alerty, rozmowy na czacie), złożone
        linkiem wysłanym na ten adres. Termin: miesiąc od żądania (art. 12 ust. 3 RODO). „Zrealizuj” pokazuje,
        co zostanie usunięte; po potwierdzeniu system usuwa dane i wysyła klientowi potwierdzenie.
      </p>
      <Panel title="Do realizacji">
        <DataTable
          label="Wnioski do realizacji"
          columns={["Nr", "Adres e-mail", "Żądanie z", "Termin", "(Czynności)"]}
          rows={loaderData.open}
          empty="Nie ma wniosków do realizacji."
          row={(r) => (
            <tr key={r.id} className={r.daysLeft <= 3 ? "bg-red-50" : undefined}>
              <td className={`${cellClass} tabular-nums`}>{r.id}</td>
              <td className={cellClass}>{r.email}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{r.askedAt}</td>
              <td className={cellClass}>
                <span className="font-medium">{r.due}</span>
                <span className="block text-sm text-slate-700">{deadline(r.daysLeft)}</span>
              </td>
              <td className={cellClass}>
                <CompleteRequest request={r} />
              </td>
            </tr>
          )}
        />
      </Panel>
      <Panel title="Zrealizowane">
        <DataTable
          label="Wnioski zrealizowane"
          columns={["Nr", "Żądanie z", "Zrealizowano", "Kto", "Usunięte rekordy"]}
          rows={loaderData.done}
          empty="Nie zrealizowano jeszcze żadnego wniosku."
          row={(r) => (
            <tr key={r.id}>
              <td className={`${cellClass} tabular-nums`}>{r.id}</td>
              <td className={cellClass}>{r.askedAt}</td>
              <td className={cellClass}>{r.completedAt}</td>
              <td className={cellClass}>{r.completedBy}</td>
              <td className={`${cellClass} tabular-nums`}>{r.erased}</td>
            </tr>
          )}
        />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";

type OpenRequest = Route.ComponentProps["loaderData"]["open"][number];

/**
 * "Zrealizuj" erases for good, so it asks first, as the panel's other removals do: a dialog naming
 * the address and what is kept under it now, with the erasure as its second step.
 */
function CompleteRequest({ request: r }: { request: OpenRequest }) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("Id") === String(r.id);
  const wasSending = useRef(false);
  // The dialog closes once its post is answered (the page's notice says how it went).
  useEffect(() => {
    if (wasSending.current && !sending) setOpen(false);
    wasSending.current = sending;
  }, [sending]);
  const kept = [
    ["zapytania z formularzy (z notatkami handlowców)", r.counts.Leads],
    ["alerty e-mail", r.counts.Alerts],
    ["rozmowy na czacie (z plikami)", r.counts.Chats],
    ["wiadomości zostawione poza godzinami czatu", r.counts.ChatTickets],
    // One that became a contract stays, without the person (ADR 064).
    [
      "wnioski leasingowe (z dokumentami; wniosek z umową zostaje bez danych osób)",
      r.counts.LeaseApplications,
    ],
  ] as const;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Zrealizuj wniosek nr ${r.id}: usuń dane`}
        className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-red-800"
      >
        Zrealizuj
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Usunąć dane z wniosku nr ${r.id}?`}
        titleClassName="text-lg font-semibold text-brand-900"
        className="w-[min(32rem,calc(100vw-2rem))] border border-slate-300 shadow-xl backdrop:bg-slate-900/40"
      >
        <p className="mt-3 text-slate-800">
          Zostaną usunięte na zawsze dane zapisane pod adresem{" "}
          <strong className="wrap-anywhere">{r.email}</strong>:
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          {kept.map(([label, n]) => (
            <li key={label}>
              {label}: <strong className="tabular-nums">{n}</strong>
            </li>
          ))}
          <li>wiadomości e-mail wysłane na ten adres</li>
        </ul>
        <p className="mt-3 text-sm text-slate-700">
          Konto uczestnika aukcji z tym adresem zostaje: usuwa je sam właściciel w ustawieniach konta. Klient
          dostanie e-mail z potwierdzeniem. Tego nie można cofnąć.
        </p>
        <Form method="post" preventScrollReset className="mt-4 flex flex-col gap-3">
          <input type="hidden" name="intent" value="complete" />
          <input type="hidden" name="Id" value={r.id} />
          <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
            Uzasadnienie (trafi do dziennika zmian) <span className="text-red-800">(wymagane)</span>
          </label>
          <textarea
            id={reasonId}
            name="Reason"
            required
            maxLength={500}
            rows={3}
            className="rounded-md border border-slate-400 px-3 py-2"
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800"
            >
              Anuluj
            </button>
            <button
              type="submit"
              disabled={sending}
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              Usuń dane i zrealizuj
            </button>
          </div>
        </Form>
      </ModalDialog>
    </>
  );
}
