/**
 * What no input may carry, whatever its field: checked once at each edge (the API scope, page forms,
 * page addresses, the live hubs) rather than in every schema, so a field added tomorrow is covered.
 *
 * - Control characters: C0 except tab, line feed and carriage return, DEL, and C1. PostgreSQL refuses
 *   U+0000 in text outright (the request would fail with a 500), and the others have no place in what
 *   a person types: they corrupt e-mails, CSV exports and logs.
 * - Numbers beyond PostgreSQL's `integer`: every number an input carries is stored in or compared
 *   with an `integer` column (ids, prices in złoty, mileage, periods) or a small `double precision`
 *   setting; a larger one would only fail in the database. The `bigint` ids (leads, chat messages)
 *   never reach this bound in the life of one marketplace.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");

export const INTEGER_MAX = 2_147_483_647;

export const CONTROL_CHARACTER_MESSAGE = "zawiera niedozwolony znak sterujący";
/** The same said at a form's field, with the way out (the characters are invisible). */
export const CONTROL_CHARACTER_FIELD_MESSAGE =
  "Usuń niewidoczny znak sterujący z tego pola (mógł się wkleić razem z tekstem z innego dokumentu).";
export const NUMBER_TOO_LARGE_MESSAGE = `liczba poza zakresem (najwyżej ${INTEGER_MAX})`;

export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);
export const withoutControlCharacters = (text: string): string => text.replace(CONTROL_CHARACTERS, "");

/** An input's first unsafe value: where it is (field names and list positions) and what is wrong. */
export interface InputProblem {
  path: (string | number)[];
  message: string;
}

/**
 * The first string (or object key) with a control character, or number beyond the `integer` range,
 * anywhere in a parsed input: a query, a JSON body, a form's values. Only plain data is walked (a
 * stream or a buffer of an upload is not text).
 */
export function findInputProblem(
  value: unknown,
  /** false: text only, for input not yet through its schema (whose own bound on a number says more). */
  numbers = true,
  path: (string | number)[] = [],
): InputProblem | null {
  if (typeof value === "string")
    return hasControlCharacter(value) ? { path, message: CONTROL_CHARACTER_MESSAGE } : null;
  if (typeof value === "number")
    return numbers && Math.abs(value) > INTEGER_MAX ? { path, message: NUMBER_TOO_LARGE_MESSAGE } : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const problem = findInputProblem(item, numbers, [...path, i]);
      if (problem) return problem;
    }
    return null;
  }
  // Plain objects only: JSON's, and the query parser's and FormData's (no prototype).
  const prototype = value && typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (prototype === Object.prototype || prototype === null) {
    for (const [key, item] of Object.entries(value as object)) {
      if (hasControlCharacter(key)) return { path, message: CONTROL_CHARACTER_MESSAGE };
      const problem = findInputProblem(item, numbers, [...path, key]);
      if (problem) return problem;
    }
  }
  return null;
}

/** "Pole Email: zawiera niedozwolony znak sterujący", the API's way of naming a field (errors.ts). */
export function inputProblemText(problem: InputProblem): string {
  const field = problem.path.join(".");
  return field ? `Pole ${field}: ${problem.message}` : `Nieprawidłowe dane: ${problem.message}`;
}
