import { Form, Link, useNavigation } from "react-router";
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
  headClass,
  Pager,
  Panel,
  PanelPage,
  pageParam,
  panelMeta,
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

function href(q: { state: MailState; search: string; page?: number }) {
  const p = new URLSearchParams();
  if (q.state !== "all") p.set("stan", q.state);
  if (q.search) p.set("q", q.search);
  if (q.page && q.page > 1) p.set("strona", String(q.page));
  const s = p.toString();
  return `/panel/poczta${s ? `?${s}` : ""}`;
}

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
      <nav aria-label="Stan wysyłki">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(MAIL_STATES) as MailState[]).map((s) => (
            <li key={s}>
              <Link
                to={href({ state: s, search })}
                aria-current={s === state ? "page" : undefined}
                className={`block rounded-full border px-4 py-1.5 text-sm font-medium ${s === state ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
              >
                {MAIL_STATES[s]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {answer?.notice ? <Notice kind="success">{answer.notice}</Notice> : null}
      {refusal ? <Notice kind="error">{refusal}</Notice> : null}
      <Panel>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
          {state !== "all" ? <input type="hidden" name="stan" value={state} /> : null}
          <div className="flex min-w-[16rem] flex-1 flex-col gap-1">
            <label htmlFor="mail-search" className="text-sm font-medium text-slate-800">
              Szukaj (adresat lub temat)
            </label>
            <input
              id="mail-search"
              name="q"
              type="search"
              defaultValue={search}
              className="rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
            Szukaj
          </button>
        </Form>
        <p className="mb-3 text-sm text-slate-700" aria-live="polite">
          {total === 0 ? "Brak wiadomości spełniających warunki." : `Wiadomości: ${total}`}
        </p>
        {rows.length ? (
          <TableScroll label="Wiadomości">
            <table className={tableClass}>
              <thead>
                <tr>
                  <th scope="col" className={headClass}>
                    Nr
                  </th>
                  <th scope="col" className={headClass}>
                    Utworzona
                  </th>
                  <th scope="col" className={headClass}>
                    Adresat i temat
                  </th>
                  <th scope="col" className={headClass}>
                    Stan
                  </th>
                  <th scope="col" className={headClass}>
                    <span className="sr-only">Czynności</span>
                  </th>
                </tr>
              </thead>
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
