import { z } from "zod";
import { maxMessage } from "../account";
import { formatPercent, formatPrice } from "../format";

/**
 * What the panel's tables share: a sort kept in the address (`?sortuj=cena`, `?sortuj=-cena` for the
 * other way), the columns a member keeps in view, a reason asked before a change that takes
 * something away, and a price change made to many offers at once (ADR 061).
 */

export const SORT_PARAM = "sortuj";

/** A list sorted by one of its columns, ascending unless `desc`. */
export interface Sort<K extends string = string> {
  key: K;
  desc: boolean;
}

/** The sort an address asks for, when it names one of `keys` (anything else: the list's own order). */
export function readSort<K extends string>(raw: string | null, keys: readonly K[]): Sort<K> | null {
  if (!raw) return null;
  const desc = raw.startsWith("-");
  const key = (desc ? raw.slice(1) : raw) as K;
  return keys.includes(key) ? { key, desc } : null;
}

/** A sort as the address writes it. */
export const sortParam = (sort: Sort | null | undefined): string | null =>
  sort ? `${sort.desc ? "-" : ""}${sort.key}` : null;

/** Where a column's heading leads: its sort ascending, and the other way when it is the sort already. */
export const nextSort = <K extends string>(current: Sort<K> | null | undefined, key: K): Sort<K> => ({
  key,
  desc: current?.key === key ? !current.desc : false,
});

/** A column's aria-sort: how the table is sorted by it, if at all. */
export const ariaSort = (current: Sort | null | undefined, key: string) =>
  current?.key === key ? (current.desc ? "descending" : "ascending") : "none";

/** The records a bulk action is for: numbers of the rows ticked, at least one, a page at most. */
export const BULK_MAX = 100;
export const bulkIds = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .min(1, "Zaznacz co najmniej jeden wiersz.")
    .max(BULK_MAX, `Zaznacz najwyżej ${BULK_MAX} wierszy naraz.`),
);

/** The reason asked before a change that takes something away (withdraw, delete, cancel, block). */
export const reasonField = z
  .string({ error: "Podaj powód" })
  .trim()
  .min(1, "Podaj powód")
  .max(500, maxMessage(500));
export const reasonSchema = z.object({ Reason: reasonField });

/** A price change for many offers: up or down, by złoty or by percent. */
export const repriceSchema = z.object({
  Ids: bulkIds,
  Direction: z.enum(["down", "up"], { error: "Wybierz, czy obniżyć, czy podnieść ceny" }),
  Unit: z.enum(["zl", "percent"], { error: "Wybierz złote lub procenty" }),
  // A Polish decimal comma ("2,5") is a decimal point; spaces between thousands are left out.
  Amount: z.preprocess(
    (v) => (typeof v === "string" ? Number(v.replace(",", ".").replace(/\s/g, "")) : v),
    z
      .number({ error: "Podaj liczbę" })
      .positive("Podaj liczbę większą od zera")
      .max(1_000_000, "Podaj najwyżej 1 000 000"),
  ),
});
export type RepriceChange = Omit<z.output<typeof repriceSchema>, "Ids">;

/**
 * A price after the change, in whole złoty: a percent rounded to the złoty. Null when it would not be
 * a price (below 1 zł, or a percent of 100 or more down).
 */
export function repriced(price: number, change: RepriceChange): number | null {
  const sign = change.Direction === "down" ? -1 : 1;
  const delta = change.Unit === "percent" ? (price * change.Amount) / 100 : change.Amount;
  const next = Math.round(price + sign * delta);
  return next >= 1 && next <= 100_000_000 ? next : null;
}

/** How a price change reads: "obniżka o 3%", "podwyżka o 1 000 zł". */
export function repriceName(change: RepriceChange): string {
  const amount = change.Unit === "percent" ? formatPercent(change.Amount) : formatPrice(change.Amount);
  return `${change.Direction === "down" ? "obniżka" : "podwyżka"} o ${amount}`;
}

/** A saved view of a list: its name as the member gave it. */
export const viewNameSchema = z.object({
  Name: z.string({ error: "Podaj nazwę widoku" }).trim().min(1, "Podaj nazwę widoku").max(60, maxMessage(60)),
  Query: z.string().max(1000).default(""),
});

/** The columns a member keeps in view (the others go into each row's line of details). */
export const columnsSchema = z.object({
  Columns: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().max(40)).max(30),
  ),
});
