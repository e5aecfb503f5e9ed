import { type ReactNode, useEffect, useState } from "react";
import { REPORT_IN_PREPARATION } from "../../../domain/auctions/condition-report";
import type { TechnicalReportAnswer, TechnicalReportView } from "../../../domain/auctions/dto";
import { formatDate, formatDateTime, formatKm, parseApiDateTime } from "../../../domain/format";
import { api } from "../../api-client";
import { ColumnHeads } from "./column-heads";

const RATING_STYLE: Record<string, string> = {
  "bardzo dobry": "bg-emerald-100 text-emerald-900",
  dobry: "bg-emerald-50 text-emerald-900",
  dostateczny: "bg-amber-100 text-amber-900",
  "wymaga naprawy": "bg-red-100 text-red-900",
};

/**
 * The auction's report as the API gives it: null while it is asked for (or when the call failed),
 * "missing" when the auction has none yet (an answer of its own, HasReport false). A quiet call: a
 * failure leaves the section out rather than the page for /404.
 */
function useTechnicalReport(auctionId: number) {
  const [report, setReport] = useState<TechnicalReportView | "missing" | null>(null);
  useEffect(() => {
    let cancelled = false;
    api
      .get<TechnicalReportAnswer>("/api/Ost/GetForAuction", { query: { auctionId }, quiet: true })
      .then(
        (r): TechnicalReportView | "missing" => (r.HasReport ? r : "missing"),
        () => null,
      )
      .then((r) => {
        if (!cancelled) setReport(r);
      });
    return () => {
      cancelled = true;
    };
  }, [auctionId]);
  return report;
}

/**
 * 'Opis stanu technicznego' (GET /api/Ost/GetForAuction): the inspected state of body, interior,
 * tyres and damages, with photos. An auction without a report says that it is being prepared.
 */
export function TechnicalCondition({ auctionId }: { auctionId: number }) {
  const report = useTechnicalReport(auctionId);
  if (!report) return null;
  if (report === "missing") {
    return (
      <ConditionSection auctionId={auctionId}>
        <p className="mt-2 text-slate-700">{REPORT_IN_PREPARATION}.</p>
      </ConditionSection>
    );
  }
  return (
    <ConditionSection auctionId={auctionId}>
      <p className="mt-2 text-sm text-slate-700">
        Oględziny {formatDate(parseApiDateTime(report.InspectedAt))}, {report.Inspector}, przebieg{" "}
        {formatKm(report.Mileage)}.
      </p>
      {report.Version > 1 ? (
        <p className="mt-1 text-sm font-semibold text-slate-900" data-testid="report-version">
          {`Wersja ${report.Version}, poprawiona ${formatDateTime(parseApiDateTime(report.SavedAt))}.`}
        </p>
      ) : null}
      <p className="mt-2">{report.Summary}</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {report.Sections.map((s) => (
          <li key={s.Name} className="rounded-lg border border-slate-200 p-3">
            <p className="flex items-center justify-between gap-2">
              <span className="font-semibold">{s.Name}</span>
              <span
                className={`rounded px-2 py-0.5 text-xs font-semibold ${RATING_STYLE[s.Rating] ?? "bg-slate-100"}`}
              >
                {s.Rating}
              </span>
            </p>
            {s.Notes ? <p className="mt-1 text-sm text-slate-700">{s.Notes}</p> : null}
          </li>
        ))}
      </ul>
      {report.Tyres.length ? <TyresTable tyres={report.Tyres} /> : null}
      <h3 className="mt-6 font-semibold">Uszkodzenia</h3>
      <DamageList damages={report.Damages} />
      {report.Photos.length ? <InspectionPhotoList photos={report.Photos} /> : null}
    </ConditionSection>
  );
}

/** The report's section under its heading, whether the report is there or still being prepared. */
function ConditionSection({ auctionId, children }: { auctionId: number; children: ReactNode }) {
  return (
    <section aria-labelledby={`ost-${auctionId}`} className="mt-8">
      <h2 id={`ost-${auctionId}`} className="text-xl font-bold">
        Opis stanu technicznego
      </h2>
      {children}
    </section>
  );
}

/** 'Opony': each wheel's tyre, its season and its tread depth in millimetres. */
function TyresTable({ tyres }: { tyres: TechnicalReportView["Tyres"] }) {
  return (
    <>
      <h3 className="mt-6 font-semibold">Opony</h3>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr className="bg-slate-100">
            <ColumnHeads names={["Koło", "Rodzaj", "Bieżnik"]} />
          </tr>
        </thead>
        <tbody>
          {tyres.map((t) => (
            <tr key={t.Position} className="border-t border-slate-200">
              <td className="px-3 py-2">{t.Position}</td>
              <td className="px-3 py-2">{t.Season}</td>
              <td className="px-3 py-2 tabular-nums">
                {String(t.TreadDepthMm).replace(".", ",")} mm{t.Notes ? `, ${t.Notes}` : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The damages found, each with its place, its description and, when taken, its photo; or that there were none. */
function DamageList({ damages }: { damages: TechnicalReportView["Damages"] }) {
  if (!damages.length) return <p className="mt-2 text-slate-700">Nie stwierdzono uszkodzeń.</p>;
  return (
    <ul className="mt-2 grid gap-3 sm:grid-cols-2">
      {damages.map((d) => (
        <li key={`${d.Place}-${d.Description}`} className="rounded-lg border border-slate-200 p-3">
          {d.PhotoUrl ? (
            <a href={d.PhotoFullUrl ?? d.PhotoUrl} target="_blank" rel="noreferrer">
              <img
                src={d.PhotoUrl}
                alt={`Uszkodzenie: ${d.Place}`}
                width={320}
                height={240}
                loading="lazy"
                className="mb-2 h-auto w-full rounded"
              />
            </a>
          ) : null}
          <p className="font-semibold">{d.Place}</p>
          <p className="text-sm text-slate-700">{d.Description}</p>
        </li>
      ))}
    </ul>
  );
}

/** The inspection's photos, each opening in full size in a new tab. */
function InspectionPhotoList({ photos }: { photos: TechnicalReportView["Photos"] }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Zdjęcia z oględzin">
      {photos.map((p, i) => (
        <li key={p.Url}>
          <a href={p.FullUrl} target="_blank" rel="noreferrer">
            <img
              src={p.Url}
              alt={`Zdjęcie z oględzin ${i + 1}`}
              width={320}
              height={240}
              loading="lazy"
              className="h-auto w-full rounded"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
