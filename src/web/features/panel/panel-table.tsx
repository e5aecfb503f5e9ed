import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { ariaSort, nextSort, type Sort } from "../../../domain/staff/table";
import { keepTabInside } from "../../lib/use-modal-dialog";
import { cellClass, headClass, TableScroll } from "./ui";

/**
 * The panel's one table of a list (ADR 061): headings that sort (links to the list's address with
 * `?sortuj=`, aria-sort on the column), the columns the member keeps in view (the others, and on a
 * screen narrower than 1280 px those marked `wide`, said in a line of details under the row's main
 * cell, so nothing is cut off at 1024 or 768 px), and a checkbox per row for the bulk actions.
 */

export interface TableColumn<Row> {
  /** The column's name in the member's choice of columns. */
  key: string;
  label: string;
  /** The sort key of the address (`?sortuj=`), for a column that sorts. */
  sort?: string;
  cell: (row: Row) => ReactNode;
  /** The row's main cell: always shown, it holds the line of details. */
  main?: boolean;
  /** Shown as a column only from 1280 px; narrower, in the line of details. */
  wide?: boolean;
  className?: string;
}

export interface TableSpec<Row> {
  columns: TableColumn<Row>[];
  /** The row's record number, for the checkboxes of bulk actions. */
  id: (row: Row) => number;
  /** What each row's checkbox says to a screen reader ("Zaznacz ofertę nr 12"). */
  select?: (row: Row) => string;
  rowClass?: (row: Row) => string | undefined;
}

/** The columns kept in view: the member's choice (the main one always), else every one. */
export function visibleColumns<Row>(columns: TableColumn<Row>[], chosen: string[] | null) {
  return columns.filter((c) => c.main || !chosen || chosen.includes(c.key));
}

function SortHead({
  column,
  sort,
  href,
}: {
  column: { key: string; label: string; sort?: string; wide?: boolean };
  sort: Sort | null;
  href: (sort: Sort) => string;
}) {
  const wide = column.wide ? " hidden xl:table-cell" : "";
  if (!column.sort)
    return (
      <th scope="col" className={`${headClass}${wide}`}>
        {column.label}
      </th>
    );
  const state = ariaSort(sort, column.sort);
  return (
    <th scope="col" className={`${headClass}${wide}`} aria-sort={state}>
      <Link
        to={href(nextSort(sort, column.sort))}
        className="inline-flex items-center gap-1 whitespace-nowrap underline decoration-slate-400 underline-offset-2 hover:text-brand-800"
        preventScrollReset
      >
        {column.label}
        <span aria-hidden="true" className="text-xs">
          {state === "ascending" ? "▲" : state === "descending" ? "▼" : "↕"}
        </span>
      </Link>
    </th>
  );
}

/** The rows of a page with their checkboxes; `selected` is the ids ticked. */
export function PanelTable<Row>({
  label,
  spec,
  rows,
  chosen,
  sort,
  sortHref,
  selection,
}: {
  label: string;
  spec: TableSpec<Row>;
  rows: readonly Row[];
  chosen: string[] | null;
  sort: Sort | null;
  sortHref: (sort: Sort) => string;
  selection?: { selected: number[]; set: (ids: number[]) => void };
}) {
  const shown = visibleColumns(spec.columns, chosen);
  const inDetails = spec.columns.filter((c) => !c.main && !shown.includes(c));
  const wide = shown.filter((c) => c.wide && !c.main);
  const pageIds = rows.map(spec.id);
  const all = selection && pageIds.length > 0 && pageIds.every((id) => selection.selected.includes(id));
  const toggle = (id: number, on: boolean) =>
    selection?.set(on ? [...selection.selected, id] : selection.selected.filter((s) => s !== id));
  return (
    <TableScroll label={label}>
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className={`${headClass} w-10`}>
                <input
                  type="checkbox"
                  aria-label="Zaznacz wszystkie na tej stronie"
                  checked={Boolean(all)}
                  onChange={(e) => selection.set(e.target.checked ? pageIds : [])}
                  className="size-4"
                />
              </th>
            ) : null}
            {shown.map((c) => (
              <SortHead key={c.key} column={c} sort={sort} href={sortHref} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const id = spec.id(r);
            return (
              <tr key={id} className={spec.rowClass?.(r)}>
                {selection ? (
                  <td className={cellClass}>
                    <input
                      type="checkbox"
                      aria-label={spec.select?.(r) ?? `Zaznacz wiersz ${id}`}
                      checked={selection.selected.includes(id)}
                      onChange={(e) => toggle(id, e.target.checked)}
                      className="size-4"
                    />
                  </td>
                ) : null}
                {shown.map((c) => (
                  <td
                    key={c.key}
                    className={`${cellClass} ${c.className ?? ""}${c.wide && !c.main ? " hidden xl:table-cell" : ""}`}
                  >
                    {c.cell(r)}
                    {c.main ? <Details row={r} hidden={inDetails} wide={wide} /> : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The row's other columns in one line under its main cell: those hidden always, and the wide ones below 1280 px. */
function Details<Row>({
  row,
  hidden,
  wide,
}: {
  row: Row;
  hidden: TableColumn<Row>[];
  wide: TableColumn<Row>[];
}) {
  if (!hidden.length && !wide.length) return null;
  const item = (c: TableColumn<Row>, className?: string) => (
    <span key={c.key} className={className}>
      <span className="font-medium">{`${c.label}:`}</span> {c.cell(row)}
    </span>
  );
  return (
    <span className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-700">
      {hidden.map((c) => item(c))}
      {wide.map((c) => item(c, "xl:hidden"))}
    </span>
  );
}

/** The answer of a list page's action: which form, what it said, and what else it gives back. */
export interface ListAnswer {
  intent: string;
  notice?: string;
  result?: { status?: string; error?: Record<string, string[] | null> | null };
  [more: string]: unknown;
}

/** The action's answer to the last post of this page, and the message of its refusal, if any. */
export function useListAnswer() {
  const answer = useActionData() as ListAnswer | undefined;
  const errors = answer?.result?.error ? Object.values(answer.result.error).flat().filter(Boolean) : [];
  return { answer, error: (errors[0] as string | undefined) ?? null };
}

/** One car of a bulk change's preview: what it has now and what it will have (null: it stays, and why). */
export interface BulkPreviewLine {
  id: number;
  title: string;
  now: string;
  after: string | null;
  unchanged: string;
}

/**
 * A bulk change shown before it is made: each car before and after (those it cannot take say why),
 * then the button that makes it for the cars that can, with the change's own fields.
 */
export function BulkPreviewPanel({
  label,
  title,
  tableLabel,
  nowHeading,
  numeric = false,
  lines,
  intent,
  confirmLabel,
  fields,
  button,
}: {
  label: string;
  title: string;
  tableLabel: string;
  nowHeading: string;
  /** Amounts: figures aligned and kept on one line. */
  numeric?: boolean;
  lines: BulkPreviewLine[];
  intent: string;
  confirmLabel: string;
  fields: Record<string, string>;
  button: string;
}) {
  const ready = lines.filter((l) => l.after !== null);
  const valueClass = numeric ? `${cellClass} tabular-nums whitespace-nowrap` : cellClass;
  return (
    <section aria-label={label} className="w-full rounded-md border border-amber-300 bg-amber-50 p-3">
      <h2 className="text-base font-semibold text-brand-900">{`${title} (${ready.length} z ${lines.length})`}</h2>
      <table className="mt-2 w-full text-left text-sm" aria-label={tableLabel}>
        <thead>
          <tr>
            <th scope="col" className={headClass}>
              Oferta
            </th>
            <th scope="col" className={headClass}>
              {nowHeading}
            </th>
            <th scope="col" className={headClass}>
              Po zmianie
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <td className={cellClass}>{`${l.title} (nr ${l.id})`}</td>
              <td className={valueClass}>{l.now}</td>
              <td className={valueClass}>{l.after === null ? l.unchanged : `→ ${l.after}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <BulkForm intent={intent} ids={ready.map((l) => l.id)} label={confirmLabel} className="mt-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white"
          disabled={!ready.length}
        >
          {`${button} (${ready.length})`}
        </button>
      </BulkForm>
    </section>
  );
}

/** A bulk action's form: the ticked rows' numbers, its intent, and its fields and buttons. */
export function BulkForm({
  intent,
  ids,
  label,
  className = "flex flex-wrap items-end gap-2",
  children,
}: {
  intent: string;
  ids: number[];
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" aria-label={label} className={className} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {ids.map((id) => (
        <input key={id} type="hidden" name="Ids" value={id} />
      ))}
      {children}
    </Form>
  );
}

export const bulkButtonClass =
  "rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-slate-50 disabled:opacity-50";

/**
 * A change that takes something away, confirmed with its reason: the button opens a dialog asking
 * for the reason (required), which posts `intent` with it (and the rows' numbers, for a bulk action).
 */
export function ReasonDialog({
  intent,
  ids,
  button,
  title,
  reasonLabel,
  confirm,
  disabled,
  hidden,
  buttonLabel,
  children,
}: {
  intent: string;
  ids?: number[];
  /** Other fields the post carries (a record's number). */
  hidden?: Record<string, string>;
  /** The opening button's name when its text alone does not say what it is for (in a table row). */
  buttonLabel?: string;
  button: string;
  title: string;
  reasonLabel: string;
  confirm: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Opened with showModal from its button (not the `open` state of useModalDialog): Tab kept inside alike.
  useEffect(() => (dialog.current ? keepTabInside(dialog.current) : undefined), []);
  const fieldId = useId();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const wasSending = useRef(false);
  // The dialog closes once its post is answered (the page says how it went).
  useEffect(() => {
    if (wasSending.current && !sending) dialog.current?.close();
    wasSending.current = sending;
  }, [sending]);
  return (
    <>
      <button
        type="button"
        className={bulkButtonClass}
        disabled={disabled}
        aria-label={buttonLabel}
        onClick={() => dialog.current?.showModal()}
      >
        {button}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${fieldId}-title`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-300 p-6 shadow-xl backdrop:bg-slate-900/40"
      >
        <h2 id={`${fieldId}-title`} className="text-lg font-semibold text-brand-900">
          {title}
        </h2>
        {children}
        <Form method="post" className="mt-4 flex flex-col gap-3" preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          {(ids ?? []).map((id) => (
            <input key={id} type="hidden" name="Ids" value={id} />
          ))}
          {Object.entries(hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
            {reasonLabel} <span className="text-red-800">(wymagane)</span>
          </label>
          <textarea
            id={fieldId}
            name="Reason"
            required
            maxLength={500}
            rows={3}
            className="rounded-md border border-slate-400 px-3 py-2"
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={bulkButtonClass} onClick={() => dialog.current?.close()}>
              Anuluj
            </button>
            <button type="submit" className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white">
              {confirm}
            </button>
          </div>
        </Form>
      </dialog>
    </>
  );
}

/** The ticked rows of a list page, emptied after a bulk action succeeds and when the page changes. */
export function useSelection(pageKey: string) {
  const [selected, setSelected] = useState<number[]>([]);
  const { answer } = useListAnswer();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page of rows starts with none ticked
  useEffect(() => setSelected([]), [pageKey]);
  useEffect(() => {
    // conform's reply to a valid post carries no errors (and no status when the form is reset).
    if (answer?.intent.startsWith("bulk-") && !answer.result?.error) setSelected([]);
  }, [answer]);
  return { selected, set: setSelected };
}

/** What a member keeps of a list: the saved views and the columns in view (null: every one). */
export interface ListPrefsData {
  views: { id: number; name: string; query: string }[];
  columns: string[] | null;
}

const toolClass = "rounded-md border border-slate-300 bg-white text-sm";
const summaryClass = "cursor-pointer px-3 py-1.5 font-semibold text-brand-800";

/**
 * A list's saved views (each a link to its address, and its removal), the form saving the current
 * one under a name, and the choice of the columns kept in view.
 */
export function ListTools<Row>({
  path,
  query,
  prefs,
  columns,
}: {
  path: string;
  /** The current address's query ("?widok=active&sortuj=cena"). */
  query: string;
  prefs: ListPrefsData;
  columns: TableColumn<Row>[];
}) {
  const nameId = useId();
  const shown = visibleColumns(columns, prefs.columns).map((c) => c.key);
  return (
    <div className="mb-3 flex flex-wrap items-start gap-2">
      <details className={toolClass}>
        <summary className={summaryClass}>{`Zapisane widoki (${prefs.views.length})`}</summary>
        <div className="flex flex-col gap-3 border-t border-slate-200 p-3">
          {prefs.views.length ? (
            <ul className="flex flex-col gap-1">
              {prefs.views.map((v) => (
                <li key={v.id} className="flex items-center justify-between gap-3">
                  <Link
                    className="font-semibold text-brand-700 underline"
                    to={v.query ? `${path}?${v.query}` : path}
                  >
                    {v.name}
                  </Link>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="view-remove" />
                    <input type="hidden" name="Id" value={v.id} />
                    <button type="submit" className="text-xs text-red-800 underline">
                      Usuń<span className="sr-only"> widok {v.name}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">Nie masz jeszcze zapisanych widoków tej listy.</p>
          )}
          <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
            <input type="hidden" name="intent" value="view-save" />
            <input type="hidden" name="Query" value={query} />
            <div className="flex flex-col gap-1">
              <label htmlFor={nameId} className="font-medium text-slate-800">
                Nazwa widoku
              </label>
              <input
                id={nameId}
                name="Name"
                required
                maxLength={60}
                className="rounded-md border border-slate-400 px-2 py-1"
              />
            </div>
            <button type="submit" className={bulkButtonClass}>
              Zapisz widok
            </button>
          </Form>
        </div>
      </details>
      <details className={toolClass}>
        <summary className={summaryClass}>Kolumny</summary>
        <Form method="post" className="flex flex-col gap-2 border-t border-slate-200 p-3" preventScrollReset>
          <input type="hidden" name="intent" value="columns" />
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 font-medium text-slate-800">
              Kolumny w tabeli (pozostałe pod opisem wiersza)
            </legend>
            {columns
              .filter((c) => !c.main)
              .map((c) => (
                <label key={c.key} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="Columns"
                    value={c.key}
                    defaultChecked={shown.includes(c.key)}
                  />
                  {c.label}
                </label>
              ))}
          </fieldset>
          <button type="submit" className={bulkButtonClass}>
            Zapisz kolumny
          </button>
        </Form>
      </details>
    </div>
  );
}
