import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { formatDateTime } from "../../../domain/format";
import {
  isMailState,
  MAIL_PAGE_SIZE,
  MAIL_STATES,
  type MailState,
} from "../../../domain/staff/outbox-states";
import { Notice } from "../../features/accounts/ui";
import { panelFormAction, requireStaff } from "../../features/panel/panel.server";
import type { PanelAnswer } from "../../features/panel/panel-form";
import {
  cellClass,
  FilterTabs,
  ListSearch,
  listHref,
  Pager,
  Panel,
  PanelPage,
  pageParam,
  panelMeta,
  TableHead,
  TableScroll,
  tableClass,
} from "../../features/panel/ui";
import type { Route } from "./+types/outbox";

export function meta() {
  return panelMeta("Panel: poczta wychodząca");
}

function outboxQuery(url: URL) {
  const state = url.searchParams.get("stan");
  return {
    state: (isMailState(state) ? state : "all") as MailState,
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    page: pageParam(url),
  };
}

const href = (q: { state: MailState; search: string; page?: number }) =>
  listHref("/panel/poczta", { stan: q.state === "all" ? null : q.state, q: q.search, strona: q.page });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "leads");
  const query = outboxQuery(new URL(request.url));
  const { rows, total } = await context.services.staff.outbox.list(query);
  return { ...query, rows, total, pages: Math.max(1, Math.ceil(total / MAIL_PAGE_SIZE)) };
}

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
export default function PanelOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const { state, search, rows, total, page, pages } = loaderData;
  const navigation = useNavigation();
  const answer = actionData as PanelAnswer | undefined;
  const refusal = answer?.result.error?.[""]?.[0] ?? answer?.result.error?.Id?.[0];
  return (
    <PanelPage title="Poczta wychodząca">
      <FilterTabs
        label="Stan wysyłki"
        tabs={(Object.keys(MAIL_STATES) as MailState[]).map((m) => ({
          key: m,
          label: MAIL_STATES[m],
          to: href({ state: m, search }),
          current: m === state,
        }))}
      />
      {answer?.notice ? <Notice kind="success">{answer.notice}</Notice> : null}
      {refusal ? <Notice kind="error">{refusal}</Notice> : null}
      <Panel>
        <ListSearch
          id="mail-search"
          label="Szukaj (adresat lub temat)"
          value={search}
          keep={{ stan: state !== "all" ? state : null }}
        />
        <p className="mb-3 text-sm text-slate-700" aria-live="polite">
          {total === 0 ? "Brak wiadomości spełniających warunki." : `Wiadomości: ${total}`}
        </p>
        {rows.length ? (
          <TableScroll label="Wiadomości">
            <table className={tableClass}>
              <TableHead columns={["Nr", "Utworzona", "Adresat i temat", "Stan", "(Czynności)"]} />
              <tbody>
                {rows.map((m) => {
                  const sending =
                    navigation.state === "submitting" && navigation.formData?.get("Id") === String(m.id);
                  return (
                    <tr key={m.id} className={!m.sentAt && m.attempts > 0 ? "bg-red-50" : undefined}>
                      <td className={`${cellClass} tabular-nums`}>{m.id}</td>
                      <td className={`${cellClass} whitespace-nowrap`}>
                        {formatDateTime(new Date(m.createdAt))}
                      </td>
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
                })}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
        <Pager
          page={page}
          pages={pages}
          href={(n) => href({ state, search, page: n })}
          label="Strony poczty"
        />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
