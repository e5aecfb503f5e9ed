import { z } from "zod";
import { type PluralForms, pluralPl } from "../../domain/format";
import { NUMBER_TOO_LARGE_MESSAGE } from "../../domain/input-safety";

/**
 * zod's own messages as sentences a person reads, for every schema on the server: the API answers
 * "Pole ResultsPerPage: najwyżej 60" (http/errors.ts adds the field), where zod's Polish locale says
 * "Zbyt duż(y/a/e): oczekiwano, że number będzie wynosić <=60". Schemas that give their own message
 * keep it; only zod's defaults come from here.
 */

const UNITS: Record<string, PluralForms> = {
  string: ["znak", "znaki", "znaków"],
  array: ["element", "elementy", "elementów"],
  set: ["element", "elementy", "elementów"],
  file: ["bajt", "bajty", "bajtów"],
};

const TYPES: Record<string, string> = {
  number: "liczba",
  int: "liczba całkowita",
  bigint: "liczba całkowita",
  string: "tekst",
  boolean: "wartość true albo false",
  array: "lista",
  object: "obiekt JSON",
  date: "data",
};

const FORMATS: Record<string, string> = {
  email: "adres e-mail",
  url: "adres URL",
  uuid: "identyfikator UUID",
  guid: "identyfikator GUID",
  datetime: "data i godzina w formacie ISO",
  date: "data w formacie RRRR-MM-DD",
  time: "godzina w formacie GG:MM",
  base64: "tekst w kodowaniu base64",
};

const amount = (n: number | bigint, origin: string | undefined): string => {
  const unit = origin ? UNITS[origin] : undefined;
  return unit ? `${n} ${pluralPl(Number(n), unit)}` : `${n}`;
};

const shown = (v: unknown) => (typeof v === "string" ? `„${v}”` : String(v));

function message(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "pole wymagane";
      return `oczekiwano: ${TYPES[issue.expected] ?? issue.expected}`;
    case "too_big":
      // zod's own bound of integers (the safe range) is not what the database holds: say its bound.
      if (issue.origin === "int" && Number(issue.maximum) === Number.MAX_SAFE_INTEGER)
        return NUMBER_TOO_LARGE_MESSAGE;
      return issue.inclusive === false
        ? `mniej niż ${amount(issue.maximum, issue.origin)}`
        : `najwyżej ${amount(issue.maximum, issue.origin)}`;
    case "too_small":
      if (issue.origin === "string" && issue.minimum === 1) return "pole nie może być puste";
      if (issue.origin === "int" && Number(issue.minimum) === Number.MIN_SAFE_INTEGER)
        return NUMBER_TOO_LARGE_MESSAGE;
      return issue.inclusive === false
        ? `więcej niż ${amount(issue.minimum, issue.origin)}`
        : `co najmniej ${amount(issue.minimum, issue.origin)}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `dozwolona wartość: ${shown(issue.values[0])}`
        : `dozwolone wartości: ${issue.values.map(shown).join(", ")}`;
    case "invalid_format":
      return FORMATS[issue.format] ? `oczekiwano: ${FORMATS[issue.format]}` : "nieprawidłowy format";
    case "not_multiple_of":
      return `oczekiwano wielokrotności ${issue.divisor}`;
    case "unrecognized_keys":
      return `${issue.keys.length > 1 ? "Nieznane pola" : "Nieznane pole"}: ${issue.keys.join(", ")}`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
      return "nieprawidłowa wartość";
    default:
      return undefined;
  }
}

z.config({ localeError: (issue) => message(issue) ?? "nieprawidłowa wartość" });
