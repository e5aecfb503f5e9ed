import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { formatNumber } from "../../../domain/format";
import {
  CONTROL_CHARACTER_FIELD_MESSAGE,
  findInputProblem,
  hasControlCharacter,
  INTEGER_MAX,
} from "../../../domain/input-safety";

const TOO_LARGE = `Podaj liczbę nie większą niż ${formatNumber(INTEGER_MAX)}.`;

/**
 * A form's FormData checked with its schema (conform), and with the rule every input obeys: no
 * control characters in what was typed, no number beyond the database's integers. Such a field gets
 * its message at the field, as the API's 400 names it; the browser, the page actions and the panel
 * all check forms through here.
 */
export function parseFormData<S extends z.ZodType>(
  formData: FormData,
  schema: S,
): Submission<z.input<S>, string[], z.output<S>> {
  for (const [name, value] of formData) {
    if (typeof value === "string" && hasControlCharacter(value))
      return refusedAt(formData, [name], CONTROL_CHARACTER_FIELD_MESSAGE);
  }
  const submission = parseWithZod(formData, { schema });
  const problem = submission.status === "success" ? findInputProblem(submission.value) : null;
  return problem ? refusedAt(formData, problem.path, TOO_LARGE) : submission;
}

/** The submission conform gives for a form whose one field is refused, with the values sent kept. */
function refusedAt(formData: FormData, path: (string | number)[], message: string) {
  const refusing = z.any().superRefine((_value, ctx) => {
    ctx.addIssue({ code: "custom", path, message });
  });
  return parseWithZod(formData, { schema: refusing }) as Submission<never, string[], never>;
}
