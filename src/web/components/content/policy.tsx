import type { ReactNode } from "react";
import { formatDate } from "../../../domain/format";
import { startOfPolishDay } from "../../../domain/polish-time";
import type { PolicyVersion } from "../../../domain/privacy";

/** A policy's version and the day it took effect, as the page states it. */
export function PolicyVersionNote({ version }: { version: PolicyVersion }) {
  return (
    <p className="text-sm text-slate-600">
      Wersja {version.version}, obowiązuje od {formatDate(startOfPolishDay(version.effectiveFrom))}.
    </p>
  );
}

/** A numbered section of a policy: its heading and text at reading width. */
export function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

/**
 * A table of the policies that reads on a phone too: a table from the small breakpoint up, each row a
 * card of labelled values below it (the cells carry their column's name).
 */
export function PolicyTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  return (
    <table className="mt-3 w-full border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b-2 border-slate-300">
          {columns.map((c) => (
            <th key={c} scope="col" className="py-2 pr-4 align-bottom font-semibold text-slate-900">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-200 max-sm:block max-sm:py-3">
            {row.cells.map((cell, i) => (
              <td key={columns[i]} className="py-2 pr-4 align-top text-slate-700 max-sm:block max-sm:py-0.5">
                <span className="font-semibold text-slate-900 sm:hidden">{columns[i]}: </span>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
