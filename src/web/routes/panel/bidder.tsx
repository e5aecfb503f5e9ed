import { Link } from "react-router";
import { z } from "zod";
import { formatDateTime, formatPrice } from "../../../domain/format";
import { offerPath } from "../../../domain/slug";
import { BIDDER_STATE_NAMES } from "../../../domain/staff/bidder-states";
import { COMPANY_FIELDS, companyDifferences, sameCompanyText } from "../../../domain/staff/company-compare";
import { staffReasonSchema } from "../../../domain/staff/forms";
import { Notice } from "../../features/accounts/ui";
import { panelIntent, panelRecordAction, panelRecordLoader } from "../../features/panel/panel.server";
import { buttonOnly, usePanelForm } from "../../features/panel/panel-form";
import { PanelForm, ReasonForm, RecordPage } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/bidder";

export function meta({ loaderData }: Route.MetaArgs) {
  return panelMeta(
    `Panel: ${loaderData?.account.companyName || loaderData?.account.email || "konto klienta"}`,
  );
}

const NOT_FOUND = "Nie ma takiego konta.";

export async function loader(args: Route.LoaderArgs) {
  const { bidders } = args.context.services.staff;
  // The register is asked for the accounts a decision waits on, or when staff ask (?rejestr=1): it is
  // an outside service with daily limits, not something to call on every visit.
  const askRegistry = new URL(args.request.url).searchParams.has("rejestr");
  const { record, audit } = await panelRecordLoader(args, "bidders", {
    notFound: NOT_FOUND,
    get: async (id) => {
      const account = await bidders.get(id);
      if (!account) return null;
      const checkRegistry = askRegistry || ["awaiting", "reverification", "refused"].includes(account.state);
      const [registry, bids, won] = await Promise.all([
        checkRegistry ? bidders.registryEntry(account.nip) : null,
        bidders.bids(id),
        bidders.wonAuctions(id),
      ]);
      return { account, registry, bids, won };
    },
    history: ["bidder"],
  });
  return { ...record, audit };
}

/** The fields that differ from the VAT register, each ticked by the member verifying the company. */
const verifySchema = z.object({
  Confirmed: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().max(40)).max(COMPANY_FIELDS.length),
  ),
});

/** verify, refuse (with a reason), block (with a reason), unblock: each a form of its own. */
export const action = (args: Route.ActionArgs) =>
  panelRecordAction(args, "bidders", { notFound: NOT_FOUND }, (id, member) => {
    const { bidders } = args.context.services.staff;
    return {
      verify: panelIntent(verifySchema, async (v) => {
        const { email } = await bidders.verify(id, member, v.Confirmed);
        return { notice: `Konto jest aktywne. Wysłaliśmy e-mail na adres ${email}.` };
      }),
      refuse: panelIntent(staffReasonSchema, async (v) => {
        const { email } = await bidders.refuse(id, v.Reason, member);
        return { notice: `Weryfikacja odrzucona. Wysłaliśmy powód na adres ${email}.` };
      }),
      block: panelIntent(staffReasonSchema, async (v) => {
        const { email } = await bidders.block(id, v.Reason, member);
        return { notice: `Konto zablokowane. Wysłaliśmy powód na adres ${email}.` };
      }),
      unblock: panelIntent(buttonOnly, async () => {
        await bidders.unblock(id, member);
        return { notice: "Konto odblokowane." };
      }),
    };
  });

/** An auction the account took part in, linked to its page. */
function AuctionLink({ auction: a }: { auction: { offerId: number; make: string; model: string } }) {
  return (
    <Link
      className="text-brand-700 underline"
      to={offerPath({ saleType: "auction", make: a.make, model: a.model, id: a.offerId })}
    >
      {a.make} {a.model} (nr {a.offerId})
    </Link>
  );
}

type Loaded = Route.ComponentProps["loaderData"];

/**
 * What the person typed beside the VAT register's entry for the NIP, differences marked in words, and,
 * while a verified company is checked again after a change, the data staff verified before: with the
 * register unreachable they are what the new data can still be compared with.
 */
function CompanyComparison({ account, registry }: Pick<Loaded, "account" | "registry">) {
  const found = registry?.status === "found" ? registry.company : null;
  const verified = account.verified;
  const rows: [string, string | null, string | null | undefined, string | null][] = [
    ["Nazwa firmy", account.companyName, found?.CompanyName, verified ? verified.companyName : null],
    ["NIP", account.nip, found?.Nip, verified ? verified.nip : null],
    ["REGON", account.regon, found?.Regon, null],
    ["Ulica i numer", account.street, found?.Street, null],
    ["Kod pocztowy", account.postalCode, found?.PostalCode, null],
    ["Miejscowość", account.city, found?.City, null],
  ];
  return (
    <>
      <p className="mb-3 text-sm text-slate-800" role="status">
        {registry === null ? (
          <Link className="font-semibold text-brand-700 underline" to="?rejestr=1">
            Porównaj z rejestrem VAT
          </Link>
        ) : registry.status === "found" ? (
          `Rejestr VAT (biała lista Ministerstwa Finansów): status ${registry.company.VatStatus ?? "nieznany"}.`
        ) : registry.status === "not-found" ? (
          "Tego NIP-u nie ma w rejestrze VAT. Sprawdź firmę w CEIDG lub KRS, zanim ją zweryfikujesz."
        ) : (
          `Rejestr VAT nie odpowiada. Odśwież stronę za chwilę albo sprawdź firmę na stronie Ministerstwa Finansów.${
            verified ? " Nowe dane porównaj z danymi zweryfikowanymi wcześniej (ostatnia kolumna)." : ""
          }`
        )}
      </p>
      <DataTable
        label="Dane firmy i rejestr VAT"
        columns={[
          "Pole",
          "Wpisane przez klienta",
          "Rejestr VAT",
          ...(verified ? ["Zweryfikowane wcześniej"] : []),
        ]}
        rows={rows}
        row={([label, typed, registered, before]) => {
          const differs = found !== null && !sameCompanyText(typed, registered);
          const changed = before !== null && !sameCompanyText(typed, before);
          return (
            <tr key={label} className={differs || changed ? "bg-amber-50" : undefined}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {label}
              </th>
              <td className={cellClass}>{typed || "–"}</td>
              <td className={cellClass}>
                {found ? registered || "–" : "–"}
                {differs ? <strong className="ml-2 text-amber-900">(różni się)</strong> : null}
              </td>
              {verified ? (
                <td className={cellClass}>
                  {before === null ? "–" : before || "–"}
                  {changed ? <strong className="ml-2 text-amber-900">(zmienione)</strong> : null}
                </td>
              ) : null}
            </tr>
          );
        }}
      />
    </>
  );
}

/** A decision on the account; its success is said above the decisions, as its form gives way to the next. */
function Decision({
  intent,
  button,
  reason,
  answer,
  confirm,
}: {
  intent: "verify" | "refuse" | "block" | "unblock";
  button: string;
  /** The reason's label, for a decision that needs one. */
  reason?: string;
  answer: Route.ComponentProps["actionData"];
  /** Fields that differ from the VAT register: each must be ticked to verify. */
  confirm?: readonly { key: string; label: string }[];
}) {
  const form = usePanelForm(reason ? staffReasonSchema : confirm ? verifySchema : buttonOnly, {
    intent,
    answer,
  });
  return reason ? (
    <ReasonForm form={form} label={reason} button={button} notice="errors" required />
  ) : (
    <PanelForm form={form} label={button} submit={button} className="flex flex-col gap-3" notice="errors">
      {confirm?.length ? (
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="mb-1 font-medium text-slate-800">
            Te dane różnią się od rejestru VAT. Potwierdź każde z nich:
          </legend>
          {confirm.map((f) => (
            <label key={f.key} className="flex items-center gap-2">
              <input type="checkbox" name="Confirmed" value={f.key} required className="size-4" />
              {`Potwierdzam: ${f.label}`}
            </label>
          ))}
        </fieldset>
      ) : null}
    </PanelForm>
  );
}

/** Whether the account waits on staff to verify its company (new, or asked to verify again). */
const isWaiting = (account: Loaded["account"]) =>
  account.state === "awaiting" || account.state === "reverification";

/** The account's state (with why it was refused or blocked), its person and contact, and since when it waits. */
function AccountFacts({ account }: { account: Loaded["account"] }) {
  const person = `${account.firstName} ${account.lastName}`.trim();
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
      <dt className="text-slate-600">Stan</dt>
      <dd className="font-semibold">{BIDDER_STATE_NAMES[account.state]}</dd>
      {account.refusal && account.state === "refused" ? (
        <>
          <dt className="text-slate-600">Powód odrzucenia</dt>
          <dd>{account.refusal}</dd>
        </>
      ) : null}
      {account.blockReason ? (
        <>
          <dt className="text-slate-600">Powód blokady</dt>
          <dd>{account.blockReason}</dd>
        </>
      ) : null}
      <dt className="text-slate-600">E-mail</dt>
      <dd>{account.email}</dd>
      <dt className="text-slate-600">Osoba</dt>
      <dd>{person || "– (profil nieuzupełniony)"}</dd>
      <dt className="text-slate-600">Telefon</dt>
      <dd>{account.phone || "–"}</dd>
      <dt className="text-slate-600">Założone</dt>
      <dd>{formatDateTime(new Date(account.createdAt))}</dd>
      {isWaiting(account) && account.waitingSince ? (
        <>
          <dt className="text-slate-600">Czeka na weryfikację od</dt>
          <dd>{formatDateTime(new Date(account.waitingSince))}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The decisions the account's state allows: verify a waiting or refused company, refuse a waiting
 * one, block an account or unblock a blocked one.
 */
function AccountDecisions({
  account,
  registry,
  answer,
}: {
  account: Loaded["account"];
  registry: Loaded["registry"];
  answer: Route.ComponentProps["actionData"];
}) {
  const waiting = isWaiting(account);
  const differences = registry?.status === "found" ? companyDifferences(account, registry.company) : [];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {waiting || account.state === "refused" ? (
        <Decision
          intent="verify"
          button={account.state === "refused" ? "Zweryfikuj mimo odrzucenia" : "Zweryfikuj firmę"}
          answer={answer}
          confirm={differences}
        />
      ) : null}
      {waiting ? (
        <Decision
          intent="refuse"
          reason="Powód odrzucenia (trafi do klienta e-mailem)"
          button="Odrzuć weryfikację"
          answer={answer}
        />
      ) : null}
      {account.state === "blocked" ? (
        <Decision intent="unblock" button="Odblokuj konto" answer={answer} />
      ) : (
        <Decision
          intent="block"
          reason="Powód blokady (trafi do klienta e-mailem)"
          button="Zablokuj konto"
          answer={answer}
        />
      )}
    </div>
  );
}

/** One bidder account: its company beside the register, the decisions staff may take, its bids. */
export default function PanelBidder({ loaderData, actionData }: Route.ComponentProps) {
  const { account, registry, bids, won, audit } = loaderData;
  return (
    <RecordPage
      title={account.companyName || account.email}
      back={{ to: "/panel/konta-klientow", label: "Wróć do listy kont" }}
      audit={audit}
    >
      <Panel title="Konto">
        <AccountFacts account={account} />
      </Panel>
      <Panel title="Dane firmy">
        <CompanyComparison account={account} registry={registry} />
      </Panel>
      <Panel title="Decyzje">
        {/* After a decision the form that took it gives way to the next one, so the outcome is said here. */}
        {actionData?.notice ? (
          <div className="mb-4">
            <Notice kind="success">{actionData.notice}</Notice>
          </div>
        ) : null}
        <AccountDecisions account={account} registry={registry} answer={actionData} />
      </Panel>
      <Panel title="Wygrane aukcje">
        <DataTable
          label="Wygrane aukcje"
          columns={["Aukcja", "Cena końcowa", "Zakończona"]}
          rows={won}
          empty="Brak wygranych aukcji."
          row={(w) => (
            <tr key={w.offerId}>
              <td className={cellClass}>
                <AuctionLink auction={w} />
              </td>
              <td className={`${cellClass} tabular-nums`}>
                {w.finalPrice === null ? "–" : formatPrice(w.finalPrice)}
              </td>
              <td className={cellClass}>{formatDateTime(new Date(w.endedAt))}</td>
            </tr>
          )}
        />
      </Panel>
      <Panel title="Oferty w licytacjach">
        <DataTable
          label="Oferty w licytacjach"
          columns={["Aukcja", "Kwota", "Kiedy", "Prowadzi w aukcji"]}
          rows={bids}
          empty="To konto jeszcze nie licytowało."
          row={(b) => (
            <tr key={`${b.offerId}-${b.price}`}>
              <td className={cellClass}>
                <AuctionLink auction={b} />
              </td>
              <td className={`${cellClass} tabular-nums`}>{formatPrice(b.price)}</td>
              <td className={cellClass}>{formatDateTime(new Date(b.at))}</td>
              <td className={cellClass}>{b.leading ? "tak" : "nie"}</td>
            </tr>
          )}
        />
      </Panel>
    </RecordPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
