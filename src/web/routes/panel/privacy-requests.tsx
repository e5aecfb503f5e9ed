import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { formatDate, formatDateTime } from "../../../domain/format";
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

const completeSchema = z.object({ Id: z.coerce.number().int().positive() });

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "privacy");
  return panelFormAction(await request.formData(), "complete", completeSchema, async (v) => {
    const erased = await context.services.privacy.requests.complete(v.Id, member);
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
  const navigation = useNavigation();
  const answer = actionData as PanelAnswer | undefined;
  const refusal = answer?.result.error?.[""]?.[0] ?? answer?.result.error?.Id?.[0];
  return (
    <PanelPage title="Wnioski RODO">
      {answer?.notice ? <Notice kind="success">{answer.notice}</Notice> : null}
      {refusal ? <Notice kind="error">{refusal}</Notice> : null}
      <p className="text-slate-800">
        Żądania usunięcia danych zapisanych pod adresem e-mail (zapytania, alerty, rozmowy na czacie), złożone
        linkiem wysłanym na ten adres. Termin: miesiąc od żądania (art. 12 ust. 3 RODO). „Zrealizuj” usuwa
        dane i wysyła klientowi potwierdzenie.
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
                <Form method="post">
                  <input type="hidden" name="intent" value="complete" />
                  <input type="hidden" name="Id" value={r.id} />
                  <button
                    type="submit"
                    disabled={navigation.state === "submitting"}
                    aria-label={`Zrealizuj wniosek nr ${r.id}: usuń dane`}
                    className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-red-800 disabled:opacity-60"
                  >
                    Zrealizuj
                  </button>
                </Form>
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
