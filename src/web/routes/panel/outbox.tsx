import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { formatDateTime } from "../../../domain/format";
import { isMailState, MAIL_PAGE_SIZE, MAIL_STATES } from "../../../domain/staff/outbox-states";
import { Notice } from "../../features/accounts/ui";
import { choice, PanelListPage, panelList } from "../../features/panel/list-page";
import { panelFormAction, panelListLoader, requireStaff } from "../../features/panel/panel.server";
import type { PanelAnswer } from "../../features/panel/panel-form";
import { cellClass, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/outbox";

export function meta() {
  return panelMeta("Panel: poczta wychodząca");
}

/** `?stan=` picks the delivery state (all by default), `?q=` searches, `?strona=` pages. */
const mailList = panelList("/panel/poczta", { state: choice("stan", isMailState, "all") });

export const loader = (args: Route.LoaderArgs) =>
  panelListLoader(args, "leads", mailList.read, MAIL_PAGE_SIZE, (staff) => staff.outbox);

const resendSchema = z.object({ Id: z.coerce.number().int().positive() });

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "leads");
  return panelFormAction(await request.formData(), "resend", resendSchema, async (v) => {
    const { to, copy } = await context.services.staff.outbox.resend(v.Id, member);
    return {
      notice: copy
        ? `Wiadomość nr ${v.Id} trafi ponownie do ${to} (jako nowa wiadomość na liście).`
        : `Wiadomość nr ${v.Id} do ${to}: ponawiamy wysyłkę teraz.`,
    };
  });
}

/** What the state column says of one e-mail. */
function deliveryState(m: Route.ComponentProps["loaderData"]["rows"][number]): string {
  if (m.sentAt) return `wysłano ${formatDateTime(new Date(m.sentAt))}`;
  if (m.attempts === 0) return "czeka na wysłanie";
  return `nie doszła (prób: ${m.attempts}); następna próba ${formatDateTime(new Date(m.nextAttemptAt))}`;
}

/** Every e-mail the site sent or is sending, with its delivery state; any can be sent again. */
export default function PanelOutbox({ loaderData: list, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData as PanelAnswer | undefined;
  const refusal = answer?.result.error?.[""]?.[0] ?? answer?.result.error?.Id?.[0];
  return (
    <PanelListPage
      title="Poczta wychodząca"
      list={mailList}
      query={list}
      tabs={[{ choice: "state", label: "Stan wysyłki", names: MAIL_STATES }]}
      notices={
        <>
          {answer?.notice ? <Notice kind="success">{answer.notice}</Notice> : null}
          {refusal ? <Notice kind="error">{refusal}</Notice> : null}
        </>
      }
      search={{ id: "mail-search", label: "Szukaj (adresat lub temat)" }}
      summary={list.total === 0 ? "Brak wiadomości spełniających warunki." : `Wiadomości: ${list.total}`}
      label="Wiadomości"
      columns={["Nr", "Utworzona", "Adresat i temat", "Stan", "(Czynności)"]}
      row={(m) => {
        const sending = navigation.state === "submitting" && navigation.formData?.get("Id") === String(m.id);
        return (
          <tr key={m.id} className={!m.sentAt && m.attempts > 0 ? "bg-red-50" : undefined}>
            <td className={`${cellClass} tabular-nums`}>{m.id}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(m.createdAt))}</td>
            <td className={cellClass}>
              <span className="font-medium">{m.to}</span>
              <span className="block text-slate-700">{m.subject}</span>
            </td>
            <td className={cellClass}>
              {deliveryState(m)}
              {m.lastError && !m.sentAt ? (
                <span className="block text-sm text-red-800">{`Odpowiedź serwera: ${m.lastError}`}</span>
              ) : null}
            </td>
            <td className={cellClass}>
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="Id" value={m.id} />
                <button
                  type="submit"
                  disabled={sending}
                  aria-label={`Wyślij ponownie wiadomość nr ${m.id}`}
                  className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-800 hover:bg-slate-50 disabled:opacity-60"
                >
                  Wyślij ponownie
                </button>
              </Form>
            </td>
          </tr>
        );
      }}
      pagerLabel="Strony poczty"
    />
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
