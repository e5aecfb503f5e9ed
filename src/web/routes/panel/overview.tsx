import { Link } from "react-router";
import { formatDate, formatNumber } from "../../../domain/format";
import { takeLeadSchema } from "../../../domain/staff/forms";
import { mayUse } from "../../../domain/staff/roles";
import { Notice } from "../../features/accounts/ui";
import { MyWorkPanels } from "../../features/panel/my-work";
import { panelIntent, panelIntents, requireStaff } from "../../features/panel/panel.server";
import { PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/overview";

export function meta() {
  return panelMeta("Panel: przegląd");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, "overview");
  const [overview, work] = await Promise.all([
    context.services.staff.overview(),
    context.services.staff.myWork(member),
  ]);
  return {
    overview,
    work,
    // The clock's time, for each lead's time left against the 4-hour promise.
    now: context.services.clock.now().toISOString(),
    // The figures link to no queue "Moja praca" shows above them (its panels have the way there).
    mayErase: mayUse(member.role, "privacy"),
  };
}

/** "Biorę" at a lead of the queue: it becomes the member's, in progress (the first contact). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "leads");
  return panelIntents(await request.formData(), {
    take: panelIntent(takeLeadSchema, async ({ LeadId }) => {
      await context.services.staff.leads.take(LeadId, member);
      return { notice: `Zgłoszenie nr ${LeadId} jest Twoje i w toku.` };
    }),
  });
}

function Figure({
  label,
  value,
  detail,
  link,
}: {
  label: string;
  value: string;
  detail?: string;
  /** Where the figure's work is done, for the roles that may go there. */
  link?: { to: string; text: string } | null;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-brand-900 tabular-nums">{value}</dd>
      {detail ? <dd className="mt-1 text-sm text-slate-700">{detail}</dd> : null}
      {link ? (
        <dd className="mt-2 text-sm">
          <Link className="font-semibold text-brand-700 underline" to={link.to}>
            {link.text}
          </Link>
        </dd>
      ) : null}
    </div>
  );
}

/** The member's work by role (oldest first), then today at a glance. */
export default function PanelOverview({ loaderData, actionData }: Route.ComponentProps) {
  const o = loaderData.overview;
  const leads = o.leadsToday.question + o.leadsToday.selfFinancing + o.leadsToday.callBack;
  const notice = actionData && "notice" in actionData ? actionData.notice : undefined;
  const refusal = actionData?.result.error?.[""]?.[0] ?? actionData?.result.error?.LeadId?.[0];
  return (
    <PanelPage title="Przegląd">
      {notice ? <Notice kind="success">{String(notice)}</Notice> : null}
      {refusal ? <Notice kind="error">{refusal}</Notice> : null}
      <MyWorkPanels work={loaderData.work} now={new Date(loaderData.now)} />
      <h2 className="text-xl font-bold text-brand-900">Dziś w skrócie</h2>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Figure
          label="Zgłoszenia dziś"
          value={formatNumber(leads)}
          detail={`pytania: ${formatNumber(o.leadsToday.question)}, samofinansowanie: ${formatNumber(o.leadsToday.selfFinancing)}, prośby o telefon: ${formatNumber(o.leadsToday.callBack)}`}
        />
        <Figure
          label="Aukcje trwające teraz"
          value={formatNumber(o.liveAuctions)}
          detail={`kończą się w ciągu godziny: ${formatNumber(o.endingWithinHour)}; zakończone, czekają na decyzję: ${formatNumber(o.auctionsToDecide)}`}
        />
        <Figure
          label="Nowe konta (7 dni)"
          value={formatNumber(o.newAccounts)}
          detail={`czekają na weryfikację firmy: ${formatNumber(o.awaitingVerification)}`}
        />
        <Figure label="Rozmowy na czacie dziś" value={formatNumber(o.chatsToday)} />
        <Figure
          label="Ocena czatu (30 dni)"
          value={
            o.chatRating === null ? "–" : o.chatRating.toLocaleString("pl-PL", { minimumFractionDigits: 1 })
          }
          detail={`ocenionych rozmów: ${formatNumber(o.chatRatings)}`}
        />
        <Figure label="Aktywne alerty e-mail" value={formatNumber(o.activeAlerts)} />
        {loaderData.mayErase ? (
          <Figure
            label="Wnioski RODO do realizacji"
            value={formatNumber(o.privacyRequests)}
            detail={
              o.privacyDue ? `najbliższy termin: ${formatDate(new Date(o.privacyDue))}` : "brak terminów"
            }
            link={{ to: "/panel/wnioski-rodo", text: "Otwórz wnioski RODO" }}
          />
        ) : null}
      </dl>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
