// The panel's closed sets of values (states, roles, kinds, a list's tabs) are kept either as a list
// or as a table of each value's name. A value from a request or a form is checked against them here.

/** A check that `v` is one of the table's keys (a tab's `?widok=` value, a state). */
export const isKeyOf =
  <T extends object>(table: T) =>
  (v: unknown): v is keyof T & string =>
    typeof v === "string" && Object.hasOwn(table, v);

/** A check that `v` is one of the list's values. */
export const isOneOf =
  <T extends string>(list: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === "string" && (list as readonly string[]).includes(v);
