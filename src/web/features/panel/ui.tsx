import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { BRAND } from "../../../domain/brand";
import { ROLE_NAMES, STAFF_ROLES } from "../../../domain/staff/roles";
import { type Field, SelectField, SubmitButton, TextArea, TextField } from "../../components/form/fields";
import { pageTitle } from "../../seo";
import { FormNotice, Notice, type ScreenProps } from "../accounts/ui";

/** Building blocks of the back-office's screens. */

/** The sign-in steps: a card in the middle of an otherwise empty page. */
export function AuthCard({ title, intro, children }: ScreenProps) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {BRAND.name} · panel pracowników
        </p>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">{title}</h1>
        {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/**
 * The second factor's code at a sign-in step: the six digits the app shows (with the space some apps
 * put in the middle), or, where a recovery code may stand in for them, one of those.
 */
export function CodeField({
  field,
  label,
  recovery = false,
}: {
  field: Field;
  label: string;
  recovery?: boolean;
}) {
  return (
    <TextField
      field={field}
      label={label}
      autoComplete="one-time-code"
      inputMode={recovery ? "text" : "numeric"}
      maxLength={recovery ? 20 : 7}
      hint={
        recovery
          ? "Nie masz przy sobie telefonu? Wpisz jeden z kodów zapasowych (np. abcde-12345); każdy działa raz."
          : undefined
      }
    />
  );
}

/**
 * A sign-in step's form (usePanelForm): posts its `intent`; `notices` and what to fix above its
 * fields, its button under them, and `after` it what else the step offers.
 */
export function AuthForm({
  form,
  label,
  button,
  className = "flex flex-col gap-4",
  notices,
  after,
  children,
}: {
  form: {
    formProps: object;
    intent: string;
    sending: boolean;
    serverError: string | null;
    invalid: boolean;
  };
  /** The form's name for screen readers. */
  label: string;
  button: string;
  className?: string;
  notices?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form {...form.formProps} className={className} aria-label={label}>
      <input type="hidden" name="intent" value={form.intent} />
      {notices}
      <FormNotice form={form} />
      {children}
      <SubmitButton sending={form.sending} whileSending={null}>
        {button}
      </SubmitButton>
      {after}
    </Form>
  );
}

/** A panel screen's heading and content. */
export function PanelPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

export function Panel({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {title ? <h2 className="mb-4 text-lg font-semibold text-brand-900">{title}</h2> : null}
      {children}
    </section>
  );
}

/**
 * A table that may be wider than a phone: it scrolls sideways, and the scrolling area takes the
 * keyboard focus so it can be scrolled without a mouse (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="overflow-x-auto" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/**
 * Rows under their column headings (TableHead), in a region that scrolls sideways on a phone; the
 * table is named `label` for screen readers. Without rows, `empty` says so (or nothing shows).
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  row,
  empty,
}: {
  label: string;
  columns?: string[];
  rows: readonly Row[];
  row: (row: Row) => ReactNode;
  empty?: ReactNode;
}) {
  if (rows.length === 0) return empty ? <p className="text-slate-700">{empty}</p> : null;
  return (
    <TableScroll label={label}>
      <table className={tableClass} aria-label={label}>
        {columns ? <TableHead columns={columns} /> : null}
        <tbody>{rows.map(row)}</tbody>
      </table>
    </TableScroll>
  );
}

export const tableClass = "w-full min-w-[36rem] text-left text-sm";
export const cellClass = "border-b border-slate-200 px-3 py-2 align-top";
export const headClass = "border-b border-slate-300 bg-slate-50 px-3 py-2 font-semibold text-slate-700";

/** A panel page's title; never indexed. */
export const panelMeta = (title: string) => [
  { title: pageTitle(title) },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * A record page's words: its noun, the word of a new one's address (which is also its adjective:
 * "nowa" aukcja, "nowy" baner) and its 404; `meta` titles the page "Panel: nowa aukcja" or
 * "Panel: aukcja nr 12".
 */
export function panelRecord<New extends string>(words: { noun: string; newRecord: New; notFound: string }) {
  const meta = ({ params }: { params: { id?: string } }) =>
    panelMeta(
      params.id === words.newRecord
        ? `Panel: ${words.newRecord} ${words.noun}`
        : `Panel: ${words.noun} nr ${params.id}`,
    );
  return { notFound: words.notFound, newRecord: words.newRecord, meta };
}

/** The role of a member, as the admin's forms choose it. */
export function RoleSelect({ field }: { field: Field }) {
  return (
    <SelectField
      field={field}
      label="Rola"
      options={STAFF_ROLES.map((r) => ({ value: r, name: ROLE_NAMES[r] }))}
    />
  );
}

/** Above a panel form: what the action said after a success, else what to fix. */
export function PanelFormNotice({
  form,
}: {
  form: { notice?: string; serverError: string | null; invalid: boolean };
}) {
  return form.notice ? <Notice kind="success">{form.notice}</Notice> : <FormNotice form={form} />;
}

/** A list's pages: the previous and next links around 'Strona 2 z 7' (nothing when one page). */
export function Pager({
  page,
  pages,
  href,
  label,
  previous = "Poprzednia",
  next = "Następna",
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
  previous?: string;
  next?: string;
}) {
  if (pages <= 1) return null;
  const link = "font-semibold text-brand-700 underline";
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 ? (
        <Link className={link} to={href(page - 1)}>
          {previous}
        </Link>
      ) : null}
      <span>
        Strona {page} z {pages}
      </span>
      {page < pages ? (
        <Link className={link} to={href(page + 1)}>
          {next}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * A list's address with its choices in the query: empty ones and page 1 are left out, so the
 * default view has the plain address.
 */
export function listHref(path: string, params: Record<string, string | number | null | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined || v === "" || (k === "strona" && Number(v) <= 1)) continue;
    p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/** The page number of a list's `?strona=` (1 when missing or wrong). */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get("strona") ?? "1");
  return Number.isInteger(n) && n > 0 ? Math.min(n, 100_000) : 1;
}

/** A table's header row: one column heading each (an empty one names itself for screen readers). */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col" className={headClass}>
            {c.startsWith("(") ? <span className="sr-only">{c.slice(1, -1)}</span> : c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A list's views (e.g. 'Do weryfikacji', 'Wszystkie') as links, the current one marked. */
export function FilterTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: { key: string; label: string; to: string; current: boolean }[];
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((t) => (
          <li key={t.key}>
            <Link
              to={t.to}
              aria-current={t.current ? "page" : undefined}
              className={`block rounded-full border px-4 py-1.5 text-sm font-medium ${t.current ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A list's search: a GET form keeping the list's other choices (`keep`), with `children` for more
 * filters before the search box.
 */
export function ListSearch({
  id,
  label,
  value,
  keep,
  button = "Szukaj",
  children,
}: {
  id: string;
  label: string;
  value: string;
  keep: Record<string, string | null>;
  button?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
      {Object.entries(keep).map(([name, v]) =>
        v ? <input key={name} type="hidden" name={name} value={v} /> : null,
      )}
      {children}
      <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={value}
          className="rounded-md border border-slate-400 px-3 py-2"
        />
      </div>
      <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
        {button}
      </button>
    </Form>
  );
}

/**
 * A record's removal (a banner, a FAQ question): its own form posting the intent "remove", with what
 * removing it does, and its button.
 */
export function RemovePanel({
  form,
  label,
  reason,
  children,
}: {
  form: {
    formProps: object;
    sending: boolean;
    notice?: string;
    serverError: string | null;
    invalid: boolean;
  };
  label: string;
  /** The reason asked before removing (required), kept in the audit log. */
  reason: Field;
  children: ReactNode;
}) {
  return (
    <Panel title={label}>
      <Form {...form.formProps} method="post" aria-label={label} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="remove" />
        <PanelFormNotice form={form} />
        <p className="text-sm text-slate-700">{children}</p>
        <TextArea field={reason} label="Powód usunięcia" maxLength={500} required rows={2} />
        <SubmitButton sending={form.sending} whileSending={null} look="outline">
          {label}
        </SubmitButton>
      </Form>
    </Panel>
  );
}
