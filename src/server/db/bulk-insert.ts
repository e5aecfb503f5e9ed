import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client";

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts many rows in one statement with one parameter: the rows travel as a JSON array that the
 * database expands with jsonb_populate_recordset. Much faster than a parameter per value for big
 * loads (demo data, imports), on PGlite and on PostgreSQL, and free of the 65 535 parameters limit.
 * Columns not given in any row take their defaults; a column given in some rows only is NULL in the
 * others. Values must be JSON-representable (dates become ISO strings; no binary columns).
 */
export async function bulkInsert<T extends PgTable>(
  db: Db | Tx,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  if (!rows.length) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const props = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) if (columns[key]) props.add(key);
  const list = [...props];
  const names = list.map((p) => quote(columns[p].name)).join(", ");
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const p of list) {
        const value = (row as Record<string, unknown>)[p];
        out[columns[p].name] = value instanceof Date ? value.toISOString() : (value ?? null);
      }
      return out;
    }),
  );
  const target = sql.raw(quote(getTableName(table)));
  await db.execute(
    sql`insert into ${target} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_populate_recordset(null::${target}, ${json}::jsonb)`,
  );
}
