import type { ComponentProps, ReactNode } from "react";
import { readSort, SORT_PARAM, type Sort, sortParam } from "../../../domain/staff/table";
import {
  type ListPrefsData,
  ListTools,
  PanelTable,
  type TableSpec,
  useListAnswer,
  useSelection,
} from "./panel-table";
import { DataTable, FilterTabs, ListSearch, listHref, Pager, Panel, PanelPage, pageParam } from "./ui";

/**
 * The back-office's lists (offers, auctions, accounts, leads, mail, FAQ): which of the list's views a
 * person chose, kept in the address, and the page that shows them. One definition reads the address
 * and writes the links, so a filter cannot be read under one name and linked under another.
 */

/** One choice of a list kept in its address: its parameter, its value read from it, and its default. */
interface ListChoice<V extends string | null> {
  param: string;
  read: (raw: string | null) => V;
  fallback: V;
}

/** A choice whose values `is` accepts; anything else in the address means `fallback`. */
export function choice<T extends string, F extends T | null>(
  param: string,
  is: (raw: unknown) => raw is T,
  fallback: F,
): ListChoice<T | F> {
  return { param, read: (raw) => (is(raw) ? raw : fallback), fallback };
}

type Chosen<C> = { [K in keyof C]: C[K] extends ListChoice<infer V> ? V : never };

/**
 * A list at `path` with its choices, its search (`?q=`), its sort by one of `sorts` (`?sortuj=`) and
 * its page (`?strona=`): `read` takes them from an address; `href` and `query` write them back,
 * leaving out the defaults so the default view has the plain address; `params` gives the hidden
 * fields that keep choices (and the sort) across the search form.
 */
export function panelList<C extends Record<string, ListChoice<string | null>>, K extends string = never>(
  path: string,
  choices: C,
  sorts: readonly K[] = [],
) {
  type Query = Chosen<C> & { search: string; page: number; sort: Sort<K> | null };
  const params = (q: Partial<Query>, names: (keyof C & string)[] = Object.keys(choices)) => ({
    ...(Object.fromEntries(
      names.map((name) => {
        const value = (q as Record<string, string | null | undefined>)[name] ?? null;
        return [choices[name].param, value === choices[name].fallback ? null : value];
      }),
    ) as Record<string, string | null>),
    [SORT_PARAM]: sortParam(q.sort),
  });
  const query = (q: Partial<Query>) => {
    // The sort after the search, as a person reads the address: what, then in which order.
    const { [SORT_PARAM]: sort, ...chosen } = params(q);
    return listHref("", { ...chosen, q: q.search, [SORT_PARAM]: sort, strona: q.page });
  };
  return {
    path,
    read(url: URL): Query {
      const chosen = Object.entries(choices).map(([name, c]) => [
        name,
        c.read(url.searchParams.get(c.param)),
      ]);
      const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
      const sort = readSort(url.searchParams.get(SORT_PARAM), sorts);
      return { ...Object.fromEntries(chosen), search, page: pageParam(url), sort } as Query;
    },
    params,
    query,
    href: (q: Partial<Query>) => `${path}${query(q)}`,
  };
}

/**
 * A list's views as tabs: one a name of `names` (and first, with `all`, the view of every one), each
 * linking where `to` says, the current one marked.
 */
export function ChoiceTabs<V extends string | null>({
  label,
  names,
  current,
  to,
  all,
}: {
  label: string;
  names: Record<NonNullable<V>, string>;
  current: V;
  to: (value: V) => string;
  all?: string;
}) {
  const values = [...(all ? [null as V] : []), ...(Object.keys(names) as V[])];
  return (
    <FilterTabs
      label={label}
      tabs={values.map((v) => ({
        key: v ?? "all",
        label: v === null ? (all as string) : names[v as NonNullable<V>],
        to: to(v),
        current: v === current,
      }))}
    />
  );
}

/** A list's definition (panelList) as its page uses it: the links, and the choices the search keeps. */
interface ListOf<Q> {
  href(q: Partial<Q>): string;
  params(q: Partial<Q>, names?: string[]): Record<string, string | null>;
}

/** A list's view chosen in tabs: one of its choices, the names of its values. */
export interface ListTabs<Q> {
  choice: keyof Q & string;
  label: string;
  names: Record<string, string>;
  /** The first tab's name, for every value at once. */
  all?: string;
}

/** A list's table (PanelTable), with the member's saved views and columns and the bulk actions' bar. */
function ListTable<Q extends { page: number; rows: unknown[]; sort?: Sort | null }>({
  list,
  query,
  label,
  table,
  prefs,
  bulk,
}: {
  list: ListOf<Q> & { path: string };
  query: Q;
  label: string;
  table: TableSpec<Q["rows"][number]>;
  prefs?: ListPrefsData;
  bulk?: (selected: number[]) => ReactNode;
}) {
  const address = list.href(query);
  const ticked = useSelection(address);
  // Only rows still on the page count: a row gone after a change (withdrawn from this tab) is not acted on.
  const pageIds = new Set(query.rows.map(table.id));
  const selection = { ...ticked, selected: ticked.selected.filter((id) => pageIds.has(id)) };
  const { answer, error } = useListAnswer();
  return (
    <>
      {prefs ? (
        <ListTools
          path={list.path}
          query={address.slice(list.path.length + 1)}
          prefs={prefs}
          columns={table.columns}
        />
      ) : null}
      {answer?.notice ? (
        <p role="status" className="mb-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          {answer.notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      {bulk ? (
        <section
          aria-label="Działania na zaznaczonych"
          className="mb-3 flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-slate-50 p-3"
        >
          <p className="text-sm font-medium text-slate-800" aria-live="polite">
            {`Zaznaczono: ${selection.selected.length}`}
          </p>
          {bulk(selection.selected)}
        </section>
      ) : null}
      {query.rows.length ? (
        <PanelTable
          label={label}
          spec={table}
          rows={query.rows}
          chosen={prefs?.columns ?? null}
          sort={query.sort ?? null}
          sortHref={(sort) => list.href({ ...query, sort, page: 1 })}
          selection={bulk ? selection : undefined}
        />
      ) : null}
    </>
  );
}

/**
 * A paged list screen of a list (panelList) and its page of rows (`query`, panelListLoader): the tabs
 * of its views (each keeps the rest of the query, from page 1), any notices, then in one panel the
 * search (keeping the choices `search.keep` names, else all), how many rows match (said to screen
 * readers as it changes), the table of this page's rows (a `table`: sorting, the member's views and
 * columns and the `bulk` actions; else plain `columns` and `row`) and the pager.
 */
export function PanelListPage<
  Q extends { search: string; page: number; pages: number; rows: unknown[]; sort?: Sort | null },
>({
  title,
  actions,
  list,
  query,
  tabs = [],
  notices,
  search: { keep, ...search },
  summary,
  label,
  columns,
  row,
  table,
  prefs,
  bulk,
  pagerLabel,
}: {
  title: string;
  actions?: ReactNode;
  list: ListOf<NoInfer<Q>> & { path?: string };
  query: Q;
  tabs?: ListTabs<NoInfer<Q>>[];
  notices?: ReactNode;
  search: Omit<ComponentProps<typeof ListSearch>, "value" | "keep"> & { keep?: string[] };
  summary: string;
  /** The table's name for screen readers, and its column headings (TableHead). */
  label: string;
  columns?: string[];
  row?: (row: Q["rows"][number]) => ReactNode;
  table?: TableSpec<Q["rows"][number]>;
  prefs?: ListPrefsData;
  bulk?: (selected: number[]) => ReactNode;
  pagerLabel: string;
}) {
  return (
    <PanelPage title={title} actions={actions}>
      {tabs.map((t) => (
        <ChoiceTabs<string | null>
          key={t.choice}
          label={t.label}
          names={t.names}
          all={t.all}
          current={query[t.choice] as string | null}
          to={(value) => list.href({ ...query, [t.choice]: value, page: 1 })}
        />
      ))}
      {notices}
      <Panel>
        <ListSearch {...search} value={query.search} keep={list.params(query, keep)} />
        <p className="mb-3 text-sm text-slate-700" aria-live="polite">
          {summary}
        </p>
        {table && list.path ? (
          <ListTable
            list={list as ListOf<Q> & { path: string }}
            query={query}
            label={label}
            table={table}
            prefs={prefs}
            bulk={bulk}
          />
        ) : row ? (
          <DataTable label={label} columns={columns} rows={query.rows} row={row} />
        ) : null}
        <Pager
          page={query.page}
          pages={query.pages}
          href={(page) => list.href({ ...query, page })}
          label={pagerLabel}
        />
      </Panel>
    </PanelPage>
  );
}
