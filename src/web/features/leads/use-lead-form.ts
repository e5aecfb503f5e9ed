import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { fieldErrors } from "../../../domain/lead-forms";
import { LeadApiError } from "./api";

/** Form states of spec section 4: idle, validating, sending (spinner); then done or back to idle. */
export type FormStatus = "idle" | "validating" | "sending" | "done";

const NOT_SENT = "Nie udało się wysłać formularza. Spróbuj ponownie.";

/**
 * After a failed send the person must see what to fix, on a phone too: the first marked field (or,
 * when the server named none, the error summary) scrolls into view and takes the focus.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>(
    '[aria-invalid="true"], [data-invalid="true"], [data-form-summary]',
  );
  if (!target) return;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

/**
 * Values, errors and status of a lead form validated with its shared zod schema. Errors show after
 * the first send attempt (checked on send, spec section 5), then follow each change. A refusal by the
 * server (`failed`) shows the spec section 8 text, marks the field it names, and renews the captcha
 * only when the captcha was the reason: the server consumes it only with a stored lead.
 */
export function useLeadForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initial: z.input<S>,
) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatus>("idle");
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);

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

  /** Validates everything; returns the parsed values or null (fields marked, summary shown, focus moved). */
  const validate = useCallback((): z.output<S> | null => {
    setStatus("validating");
    setSubmitted(true);
    setServerError(null);
    const r = check(valuesRef.current);
    if (!r.success) {
      setStatus("idle");
      setFocusRequest((n) => n + 1);
      return null;
    }
    return r.data;
  }, [check]);

  /** The server refused the send (or could not be reached). */
  const failed = useCallback((err: unknown) => {
    setStatus("idle");
    if (err instanceof LeadApiError) {
      if (err.field && err.fieldMessage) setErrors({ [err.field]: err.fieldMessage });
      if (err.field === "Captcha") setCaptchaReset((n) => n + 1);
      setServerError(err.summary);
    } else setServerError(NOT_SENT);
    setFocusRequest((n) => n + 1);
  }, []);

  return {
    values,
    set,
    errors,
    setErrors,
    status,
    setStatus,
    validate,
    submitted,
    failed,
    serverError,
    captchaReset,
    formRef,
  };
}
