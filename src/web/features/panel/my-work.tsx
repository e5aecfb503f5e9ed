import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import {
  formatCount,
  formatDateTime,
  formatNumber,
  formatPrice,
  formatTime,
  NOUNS,
} from "../../../domain/format";
import { LEAD_KIND_NAMES, leadPanelPath, promiseState } from "../../../domain/staff/lead-states";
import type { MyWork, WorkLead } from "../../../server/staff/my-work";
import { cellClass, DataTable, Panel } from "./ui";

/**
 * The start page's "Moja praca": the queues of the member's role, oldest first, each row linking to
 * where it is worked, each list with its whole count and the way to the rest.
 */
export function MyWorkPanels({ work, now }: { work: MyWork; now: Date }) {
  const { counts } = work;
  const any = work.myLeads || work.unassigned || work.accounts || work.auctions || counts.chats !== null;
  if (!any) return null;
  return (
    <>
      <h2 className="text-xl font-bold text-brand-900">Moja praca</h2>
      <div className="grid gap-4">
        {work.myLeads ? (
          <WorkPanel
            title="Moje otwarte zgłoszenia"
            total={work.myLeadsTotal}
            more={{ to: "/panel/zgloszenia?opiekun=me", text: "Wszystkie moje zgłoszenia" }}
          >
            <LeadTable
              label="Moje otwarte zgłoszenia"
              leads={work.myLeads}
              now={now}
              empty="Nie masz otwartych zgłoszeń."
            />
          </WorkPanel>
        ) : null}
        {work.unassigned ? (
          <WorkPanel
            title="Nowe zgłoszenia bez opiekuna"
            total={work.unassignedTotal}
            more={{ to: "/panel/zgloszenia?widok=new&opiekun=none", text: "Wszystkie bez opiekuna" }}
          >
            <LeadTable
              label="Nowe zgłoszenia bez opiekuna"
              leads={work.unassigned}
              now={now}
              empty="Każde nowe zgłoszenie ma opiekuna."
              take
            />
          </WorkPanel>
        ) : null}
        {work.accounts ? <AccountsPanel work={work} /> : null}
        {work.auctions ? <AuctionsPanel work={work} /> : null}
        {counts.chats !== null ? <ChatPanel waiting={counts.chats} oldest={work.oldestChat} /> : null}
      </div>
    </>
  );
}

function WorkPanel({
  title,
  total,
  more,
  children,
}: {
  title: string;
  total: number;
  more?: { to: string; text: string };
  children: ReactNode;
}) {
  return (
    <Panel title={`${title}: ${formatNumber(total)}`}>
      {children}
      {more && total > 0 ? (
        <p className="mt-3 text-sm">
          <Link className="font-semibold text-brand-700 underline" to={more.to}>
            {more.text}
          </Link>
        </p>
      ) : null}
    </Panel>
  );
}

const linkClass = "font-semibold text-brand-700 underline";

function LeadTable({
  label,
  leads,
  now,
  empty,
  take = false,
}: {
  label: string;
  leads: WorkLead[];
  now: Date;
  empty: string;
  take?: boolean;
}) {
  return (
    <DataTable
      label={label}
      columns={["Nr", "Kto i w jakiej sprawie", "Kontakt w ciągu 4 godzin", ...(take ? [""] : [])]}
      rows={leads}
      empty={empty}
      row={(l) => {
        const createdAt = new Date(l.createdAt);
        const promise = promiseState(
          { status: l.status, createdAt, contactedAt: l.contactedAt ? new Date(l.contactedAt) : null },
          now,
        );
        return (
          <tr key={l.id} className={promise.overdue ? "bg-red-50" : undefined}>
            <td className={cellClass}>
              <Link className={linkClass} to={leadPanelPath(l.id)}>
                {l.id}
              </Link>
            </td>
            <td className={cellClass}>
              <span className="font-medium">{l.name || l.phone}</span>
              <span className="block text-slate-700">
                {LEAD_KIND_NAMES[l.kind]}
                {l.offerTitle ? `: ${l.offerTitle}` : ""}
              </span>
            </td>
            <td className={cellClass}>
              <span className="whitespace-nowrap">przyjęte {formatDateTime(createdAt)}</span>
              {promise.overdue ? (
                <strong className="block text-red-800">{promise.text}</strong>
              ) : (
                <span className="block text-slate-700">{promise.text}</span>
              )}
            </td>
            {take ? (
              <td className={cellClass}>
                <Form method="post">
                  <input type="hidden" name="intent" value="take" />
                  <input type="hidden" name="LeadId" value={l.id} />
                  <button
                    type="submit"
                    aria-label={`Biorę zgłoszenie nr ${l.id}`}
                    className="rounded-md bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
                  >
                    Biorę
                  </button>
                </Form>
              </td>
            ) : null}
          </tr>
        );
      }}
    />
  );
}

function AccountsPanel({ work }: { work: MyWork }) {
  return (
    <WorkPanel
      title="Konta czekające na weryfikację"
      total={work.counts.verification ?? 0}
      more={{ to: "/panel/konta-klientow", text: "Otwórz kolejkę weryfikacji" }}
    >
      <DataTable
        label="Konta czekające na weryfikację"
        columns={["Firma", "Czeka od"]}
        rows={work.accounts ?? []}
        empty="Żadne konto nie czeka na weryfikację."
        row={(a) => (
          <tr key={a.id}>
            <td className={cellClass}>
              <Link className={linkClass} to={`/panel/konta-klientow/${a.id}`}>
                {a.companyName || a.email}
              </Link>
              <span className="block text-slate-700">
                {a.nip ? `NIP ${a.nip}` : a.email}
                {a.reverification ? " · zmiana danych firmy" : ""}
              </span>
            </td>
            <td className={cellClass}>
              <span className="whitespace-nowrap">{formatDateTime(new Date(a.since))}</span>
            </td>
          </tr>
        )}
      />
    </WorkPanel>
  );
}

function AuctionsPanel({ work }: { work: MyWork }) {
  return (
    <WorkPanel
      title="Aukcje czekające na decyzję"
      total={work.counts.decisions ?? 0}
      more={{ to: "/panel/aukcje?widok=decide", text: "Otwórz aukcje do decyzji" }}
    >
      <DataTable
        label="Aukcje czekające na decyzję"
        columns={["Samochód", "Zakończona", "Wynik"]}
        rows={work.auctions ?? []}
        empty="Żadna aukcja nie czeka na decyzję."
        row={(a) => (
          <tr key={a.id}>
            <td className={cellClass}>
              <Link className={linkClass} to={`/panel/aukcje/${a.id}`}>
                {a.title}
              </Link>
            </td>
            <td className={cellClass}>
              <span className="whitespace-nowrap">{formatDateTime(new Date(a.endedAt))}</span>
            </td>
            <td className={cellClass}>
              {a.finalPrice === null
                ? "bez ofert: zwolnij samochód"
                : `${formatPrice(a.finalPrice)} netto · ${formatCount(a.bidCount, NOUNS.offer)}: ${a.belowReserve ? "poniżej ceny minimalnej, przyjmij najwyższą ofertę lub zwolnij samochód" : "potwierdź lub odrzuć sprzedaż"}`}
            </td>
          </tr>
        )}
      />
    </WorkPanel>
  );
}

function ChatPanel({ waiting, oldest }: { waiting: number; oldest: Date | null }) {
  return (
    <WorkPanel title="Rozmowy czekające w kolejce czatu" total={waiting}>
      <p className="text-slate-800">
        {waiting === 0 || !oldest
          ? "Nikt nie czeka na konsultanta."
          : `Najdłużej czeka rozmowa rozpoczęta o ${formatTime(new Date(oldest))}.`}
      </p>
      <p className="mt-3 text-sm">
        <Link className={linkClass} to="/konsultant">
          Otwórz konsolę czatu
        </Link>
      </p>
    </WorkPanel>
  );
}
