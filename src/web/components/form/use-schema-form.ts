import type { z } from "zod";
import { parseFormData } from "./parse-form";
import { type CheckedFormOptions, useCheckedForm } from "./use-checked-form";

/**
 * An unticked checkbox sends nothing: in a form, the schema's yes/no fields are false when absent
 * (the API, which receives JSON, keeps requiring them).
 */
export function uncheckedIsFalse<S extends z.ZodObject>(schema: S): S {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      // A required tick (z.literal(true)) stays as it is: absent, it gets its own message.
      const yesNo = (field as z.ZodType).def.type === "boolean";
      return [name, yesNo ? (field as z.ZodBoolean).default(false) : field];
    }),
  );
  return schema.extend(shape) as unknown as S;
}

/**
 * A form over one of the shared zod schemas of `src/domain` (conform, ADR 024): useCheckedForm with
 * the schema checking the form's FormData, as the route action and the API check it.
 */
export function useSchemaForm<S extends z.ZodObject>(
  /** The form's schema, or how to choose it from what the form holds (e.g. a tick that adds fields). */
  schema: S | ((formData: FormData) => S),
  options: CheckedFormOptions<z.output<S>>,
) {
  return useCheckedForm<z.output<S>>(
    (formData) => parseFormData(formData, typeof schema === "function" ? schema(formData) : schema) as never,
    options,
  );
}
