/**
 * What no input may carry, whatever its field: checked once at each edge (the API scope, page forms,
 * page addresses, the live hubs) rather than in every schema, so a field added tomorrow is covered.
 *
 * - Control characters: C0 except tab, line feed and carriage return, DEL, and C1. PostgreSQL refuses
 *   U+0000 in text outright (the request would fail with a 500), and the others have no place in what
 *   a person types: they corrupt e-mails, CSV exports and logs.
 * - Half a character: a UTF-16 surrogate without its pair (JSON's "\ud800"). It is no character at
 *   all, cannot be written as UTF-8 (an e-mail or the database would get a replacement sign or fail),
 *   and a person cannot type it.
 * - Numbers beyond PostgreSQL's `integer`: every number an input carries is stored in or compared
 *   with an `integer` column (ids, prices in złoty, mileage, periods) or a small `double precision`
 *   setting; a larger one would only fail in the database. The `bigint` ids (leads, chat messages)
 *   never reach this bound in the life of one marketplace.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INTEGER_MAX = 2_147_483_647;

export const CONTROL_CHARACTER_MESSAGE = "zawiera niedozwolony znak sterujący";
export const BROKEN_CHARACTER_MESSAGE = "zawiera uszkodzony znak (połowę znaku Unicode bez pary)";
/** The same said at a form's field, with the way out (the characters are invisible). */
export const CONTROL_CHARACTER_FIELD_MESSAGE =
  "Usuń niewidoczny znak sterujący z tego pola (mógł się wkleić razem z tekstem z innego dokumentu).";
export const NUMBER_TOO_LARGE_MESSAGE = `liczba poza zakresem (najwyżej ${INTEGER_MAX})`;

export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);
export const withoutControlCharacters = (text: string): string => text.replace(CONTROL_CHARACTERS, "");
/** Words a control character stood between stay apart: "bmw", NUL, "x1" is "bmw x1". */
export const controlCharactersAsSpaces = (text: string): string =>
  text.replace(CONTROL_CHARACTERS, " ").replace(/ {2,}/g, " ").trim();

/**
 * Plain objects only: JSON's and FormData's (Object's or no prototype), and the query parser's, which
 * Fastify makes from a constructor whose prototype has none (fast-querystring's `Empty`): missing
 * that one let a query's unknown parameter and a number parameter's text through unchecked.
 */
function isPlainData(value: unknown): value is object {
  if (!value || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** What is wrong with a text of an input, or null: a control character or half a character. */
function textProblem(text: string): string | null {
  if (hasControlCharacter(text)) return CONTROL_CHARACTER_MESSAGE;
  return LONE_SURROGATE.test(text) ? BROKEN_CHARACTER_MESSAGE : null;
}

/** An input's first unsafe value: where it is (field names and list positions) and what is wrong. */
export interface InputProblem {
  path: (string | number)[];
  message: string;
}

/**
 * The first string (or object key) with a control character or half a character, or number beyond the `integer` range,
 * anywhere in a parsed input: a query, a JSON body, a form's values. Only plain data is walked (a
 * stream or a buffer of an upload is not text).
 */
export function findInputProblem(
  value: unknown,
  /** false: text only, for input not yet through its schema (whose own bound on a number says more). */
  numbers = true,
  path: (string | number)[] = [],
): InputProblem | null {
  if (typeof value === "string") {
    const message = textProblem(value);
    return message ? { path, message } : null;
  }
  if (typeof value === "number")
    return numbers && Math.abs(value) > INTEGER_MAX ? { path, message: NUMBER_TOO_LARGE_MESSAGE } : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const problem = findInputProblem(item, numbers, [...path, i]);
      if (problem) return problem;
    }
    return null;
  }
  if (isPlainData(value)) {
    for (const [key, item] of Object.entries(value as object)) {
      const message = textProblem(key);
      if (message) return { path, message };
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
