import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffListColumns, staffListViews } from "../db/schema/index";
import { StaffError } from "./staff-error";

/** The panel lists whose views and columns a member keeps. */
export const PANEL_LISTS = ["offers", "leads", "bidders", "auctions", "audit"] as const;
export type PanelListName = (typeof PANEL_LISTS)[number];

export interface SavedView {
  id: number;
  name: string;
  query: string;
}

/** The most views one member keeps of one list. */
const MAX_VIEWS = 30;

/**
 * What each member keeps of the panel's lists, on the server so it follows them to any computer:
 * named views (a list's filters and sort, as its address's query) and the columns kept in view.
 */
export class ListPrefs {
  constructor(private readonly db: Db) {}

  async of(staffId: number, list: PanelListName): Promise<{ views: SavedView[]; columns: string[] | null }> {
    const [views, [columns]] = await Promise.all([
      this.db
        .select({ id: staffListViews.id, name: staffListViews.name, query: staffListViews.query })
        .from(staffListViews)
        .where(and(eq(staffListViews.staffId, staffId), eq(staffListViews.list, list)))
        .orderBy(asc(staffListViews.name)),
      this.db
        .select({ columns: staffListColumns.columns })
        .from(staffListColumns)
        .where(and(eq(staffListColumns.staffId, staffId), eq(staffListColumns.list, list))),
    ]);
    return { views, columns: columns?.columns ?? null };
  }

  /** Saves the list's query under a name; a view of the same name is replaced. */
  async saveView(staffId: number, list: PanelListName, name: string, query: string): Promise<void> {
    const clean = normalQuery(query);
    const { views } = await this.of(staffId, list);
    if (views.length >= MAX_VIEWS && !views.some((v) => v.name === name))
      throw new StaffError(400, `Możesz zapisać najwyżej ${MAX_VIEWS} widoków jednej listy.`, "Name");
    await this.db
      .insert(staffListViews)
      .values({ staffId, list, name, query: clean })
      .onConflictDoUpdate({
        target: [staffListViews.staffId, staffListViews.list, staffListViews.name],
        set: { query: clean },
      });
  }

  async removeView(staffId: number, list: PanelListName, id: number): Promise<void> {
    await this.db
      .delete(staffListViews)
      .where(
        and(eq(staffListViews.id, id), eq(staffListViews.staffId, staffId), eq(staffListViews.list, list)),
      );
  }

  /** The columns to keep in view, of `known` (anything else is left out; the main one always shows). */
  async setColumns(staffId: number, list: PanelListName, chosen: string[], known: string[]): Promise<void> {
    const columns = known.filter((c) => chosen.includes(c));
    await this.db
      .insert(staffListColumns)
      .values({ staffId, list, columns })
      .onConflictDoUpdate({ target: [staffListColumns.staffId, staffListColumns.list], set: { columns } });
  }
}

/** A view's query as kept: the page left out (a view opens at its first page), `?` dropped. */
function normalQuery(query: string): string {
  const params = new URLSearchParams(query.replace(/^\?/, ""));
  params.delete("strona");
  return params.toString();
}
