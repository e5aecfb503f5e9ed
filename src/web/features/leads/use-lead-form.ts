import { useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { fieldErrors } from "../../../domain/lead-forms";

/** Form states of spec section 4: idle, validating, sending (spinner); then done or back to idle. */
export type FormStatus = "idle" | "validating" | "sending" | "done";

/**
 * Values, errors and status of a lead form validated with its shared zod schema. Errors show after
 * the first send attempt (checked on send, spec section 5), then follow each change.
 */
export function useLeadForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initial: z.input<S>,
) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatus>("idle");
  const [submitted, setSubmitted] = useState(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const check = useCallback(
    (v: z.input<S>) => {
      const r = schema.safeParse(v);
      const e = r.success ? {} : fieldErrors(r.error);
      setErrors(e);
      return r;
    },
    [schema],
  );

  const set = useCallback(
    <K extends keyof z.input<S>>(key: K, value: z.input<S>[K]) => {
      const next = { ...valuesRef.current, [key]: value };
      valuesRef.current = next;
      setValues(next);
      if (submitted) check(next);
    },
    [check, submitted],
  );

  /** Validates everything; returns the parsed values or null (fields marked, summary shown). */
  const validate = useCallback((): z.output<S> | null => {
    setStatus("validating");
    setSubmitted(true);
    const r = check(valuesRef.current);
    if (!r.success) {
      setStatus("idle");
      return null;
    }
    return r.data;
  }, [check]);

  return { values, set, errors, setErrors, status, setStatus, validate, submitted };
}
