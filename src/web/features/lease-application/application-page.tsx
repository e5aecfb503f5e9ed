import { useState } from "react";
import {
  formatDateTime,
  formatKm,
  formatPercent,
  formatPrice,
  parseApiDateTime,
} from "../../../domain/format";
import { PRODUCTS } from "../../../domain/lease-application/application";
import { applicationFormPath } from "../../../domain/lease-application/paths";
import {
  LEGAL_FORM_NAMES,
  type LegalForm,
  VAT_STATUS_NAMES,
  type VatStatus,
} from "../../../domain/lease-application/rules";
import type { ApplicationView } from "../../../server/lease-application/view";
import { api } from "../../api-client";
import { useFileDownload } from "../../lib/save-file";

const when = (apiTime: string) => formatDateTime(parseApiDateTime(apiTime));
const box = "mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

const OUTCOME_LOOK = {
  accept: "border-green-700 bg-green-50",
  review: "border-amber-600 bg-amber-50",
  refuse: "border-red-700 bg-red-50",
} as const;

/** The application's timeline, oldest step first. */
export function Timeline({ view }: { view: ApplicationView }) {
  return (
    <ol className="mt-3 space-y-3 border-l-2 border-brand-600 pl-4">
      {view.Timeline.map((e) => (
        <li key={`${e.Kind}-${e.At}-${e.Note}`}>
          <p className="font-semibold text-slate-900">{e.Title}</p>
          <p className="text-sm text-slate-600">{when(e.At)}</p>
          {e.Note ? <p className="text-sm text-slate-800">{e.Note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** The application's page: its decision, what to do next, its timeline and what was applied for. */
export function ApplicationDetails({
  view,
  applicationKey,
  onChanged,
}: {
  view: ApplicationView;
  applicationKey: string | null;
  onChanged: () => void;
}) {
  // Said outside the upload's section: the file sent, the application no longer waits for documents
  // and the section goes with the reload, which took the confirmation with it.
  const [added, setAdded] = useState<string | null>(null);
  return (
    <>
      <p className="mt-2 text-slate-700">
        Złożony {when(view.CreatedAt)} · stan: <strong>{view.StatusName}</strong>
      </p>
      <DecisionBox view={view} />
      {view.DocumentsNeeded ? (
        <DocumentUpload
          view={view}
          applicationKey={applicationKey}
          onAdded={(name) => {
            setAdded(name);
            onChanged();
          }}
        />
      ) : null}
      <p role="status" className={added ? "mt-4 rounded-lg bg-green-50 px-4 py-3 text-green-900" : "sr-only"}>
        {added ? `Dołączono plik ${added}. Analityk sprawdzi go razem z wnioskiem.` : null}
      </p>
      <section aria-labelledby="przebieg" className={box}>
        <h2 id="przebieg" className="text-xl font-bold text-slate-900">
          Przebieg wniosku
        </h2>
        <Timeline view={view} />
      </section>
      <Summary view={view} />
      {applicationKey ? (
        <p className="mt-6">
          <a
            className="font-semibold text-brand-700 underline"
            href={`/wniosek-leasingowy/${view.ApplicationId}/podsumowanie.pdf?klucz=${encodeURIComponent(applicationKey)}`}
          >
            Pobierz podsumowanie wniosku (PDF)
          </a>
        </p>
      ) : (
        <SummaryDownload id={view.ApplicationId} />
      )}
    </>
  );
}

/**
 * The summary for the signed-in owner, who opened the application from the account without the
 * mailed link's key: fetched with the session (the token lives in the browser) and handed over as a file.
 */
function SummaryDownload({ id }: { id: number }) {
  const { busy, failed, download } = useFileDownload(
    () => api.get<Blob>("/api/LeaseApplication/Summary", { query: { ApplicationId: id }, quiet: true }),
    `wniosek-leasingowy-${id}.pdf`,
  );
  return (
    <p className="mt-6">
      <button
        type="button"
        onClick={download}
        disabled={busy}
        className="font-semibold text-brand-700 underline disabled:opacity-60"
      >
        Pobierz podsumowanie wniosku (PDF)
      </button>
      {failed ? (
        <span role="alert" className="ml-2 text-sm text-red-800">
          Nie udało się pobrać pliku. Spróbuj ponownie.
        </span>
      ) : null}
    </p>
  );
}

function DecisionBox({ view }: { view: ApplicationView }) {
  const d = view.Decision;
  const changes = d.Reasons.filter((r) => r.Verdict === "refuse" && r.Change);
  return (
    <section
      aria-labelledby="decyzja"
      className={`mt-6 rounded-xl border-l-4 p-4 sm:p-6 ${OUTCOME_LOOK[d.Outcome]}`}
    >
      <h2 id="decyzja" className="text-2xl font-bold text-slate-900">
        {d.Title}
      </h2>
      {d.Outcome === "accept" ? (
        <p className="mt-2 text-slate-800">
          Analityk potwierdzi decyzję po sprawdzeniu wniosku.
          {view.ReservedUntil ? (
            <>
              {" "}
              Samochód {view.Car.MakeModel} jest zarezerwowany dla Ciebie do{" "}
              <strong>{when(view.ReservedUntil)}</strong>.
            </>
          ) : null}
        </p>
      ) : null}
      {d.Outcome === "review" ? (
        <p className="mt-2 text-slate-800">
          Analityk rozpatrzy wniosek i odpowie w ciągu jednego dnia roboczego.
        </p>
      ) : null}
      {d.Reasons.length ? (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
          {d.Reasons.map((r) => (
            <li key={r.Reason}>{r.Reason}</li>
          ))}
        </ul>
      ) : null}
      {changes.length ? (
        <div className="mt-4">
          <h3 className="font-semibold text-slate-900">Co zmieniłoby decyzję</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
            {changes.map((r) => (
              <li key={r.Change}>{r.Change}</li>
            ))}
          </ul>
          {view.Car.AuctionId ? (
            <p className="mt-3">
              <a
                className="font-semibold text-brand-700 underline"
                href={applicationFormPath(view.Car.AuctionId)}
              >
                Zmień warunki i złóż wniosek ponownie
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      {view.FinalDecision ? (
        <p className="mt-4 text-slate-800">
          <strong>
            {view.FinalDecision.Decision === "approved" ? "Wniosek zaakceptowany" : "Wniosek odrzucony"}:
          </strong>{" "}
          {view.FinalDecision.Reason}
        </p>
      ) : null}
    </section>
  );
}

/** The documents the application waits for: a file sent as it is (PDF or a scan). */
function DocumentUpload({
  view,
  applicationKey,
  onAdded,
}: {
  view: ApplicationView;
  applicationKey: string | null;
  onAdded: (name: string) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(file: File) {
    setBusy(true);
    setMessage(null);
    try {
      await api.post("/api/LeaseApplication/Documents", file, {
        query: { ApplicationId: view.ApplicationId, Key: applicationKey ?? undefined, name: file.name },
        alertOnBadRequest: false,
      });
      setMessage(null);
      onAdded(file.name);
    } catch (err) {
      setMessage(err instanceof Error ? err.message : "Nie udało się wysłać pliku.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="dokumenty" className={box}>
      <h2 id="dokumenty" className="text-xl font-bold text-slate-900">
        Potrzebne dokumenty
      </h2>
      <p className="mt-2 text-slate-800">{view.DocumentsNeeded}</p>
      <label htmlFor="dokument" className="mt-3 block text-sm font-medium text-slate-800">
        Dołącz plik (pdf, jpg, png, do 10 MB)
      </label>
      <input
        id="dokument"
        type="file"
        accept=".pdf,.jpg,.jpeg,.png"
        disabled={busy}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          if (f) void send(f);
        }}
        className="mt-1 block w-full text-sm"
      />
      <p role="status" className="mt-2 text-sm text-slate-700">
        {message}
      </p>
      {view.Documents.length ? (
        <ul className="mt-2 text-sm text-slate-700">
          {view.Documents.map((d) => (
            <li key={d.Id}>
              {d.FileName} ({when(d.At)})
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** What was applied for and by whom (the applicant's page and the panel's). */
export function Summary({ view }: { view: ApplicationView }) {
  const t = view.Terms;
  const c = view.Company;
  const rows: [string, string][] = [
    ["Samochód", `${view.Car.MakeModel} (${view.Car.Year}), ${formatPrice(view.Car.PriceNetto)} netto`],
    ["Forma finansowania", PRODUCTS[t.Product]],
    ["Okres umowy", `${t.Period} mies.`],
    ["Wpłata własna", formatPercent(t.OwPercent)],
    ...(t.RvPercent !== null ? [["Wartość wykupu", formatPercent(t.RvPercent)] as [string, string]] : []),
    ...(t.Mileage !== null ? [["Roczny limit kilometrów", formatKm(t.Mileage)] as [string, string]] : []),
    ["Rata miesięczna", `${formatPrice(t.InstallmentPriceNetto)} netto/mies.`],
    ["Firma", `${c.CompanyName}, NIP ${c.Nip}`],
    ["Adres", `${c.Street}, ${c.PostalCode} ${c.City}`],
    ["Status VAT", VAT_STATUS_NAMES[c.VatStatus as VatStatus]],
    ["Forma prawna", LEGAL_FORM_NAMES[c.LegalForm as LegalForm]],
    // The analyst calls about it (the panel shows this section too): the phone beside the e-mail.
    [
      "Wnioskodawca",
      `${view.Applicant.Name} ${view.Applicant.Surname}, ${view.Applicant.Email}, tel. ${view.Applicant.PhoneNumber}`,
    ],
    ["Podpisze umowę", `${view.Signatory.Name} ${view.Signatory.Surname} (${view.Signatory.Position})`],
  ];
  return (
    <section aria-labelledby="wniosek" className={box}>
      <h2 id="wniosek" className="text-xl font-bold text-slate-900">
        Co obejmuje wniosek
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600">{k}</dt>
            <dd className="text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
