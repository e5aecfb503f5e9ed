import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";

/** Form states of spec section 4: idle (validating on send), sending (spinner), then done. */
export type FormStatus = "idle" | "sending" | "done";

/**
 * The server refused a send: the text the form shows above its button (spec section 8) and, when a
 * 400 names a field ("Pole Email: …"), that field and its message.
 */
export interface FormRefusal {
  summary: string;
  field: string | null;
  fieldMessage: string | null;
}

const NOT_SENT = "Nie udało się wysłać formularza. Spróbuj ponownie.";

const isRefusal = (err: unknown): err is FormRefusal =>
  typeof err === "object" && err !== null && "summary" in err && "field" in err;

/**
 * After a failed send the person must see what to fix, on a phone too: the first marked field (or,
 * when the server named none, the error summary) scrolls into view and takes the focus.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): boolean {
  const target = form?.querySelector<HTMLElement>(
    '[aria-invalid="true"], [data-invalid="true"], [data-form-summary]',
  );
  if (!target) return false;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
  return true;
}

/**
 * A form over one of the shared zod schemas of `src/domain` (conform, ADR 024). The form's own
 * FormData is validated: in the browser once it has hydrated, checked on send (spec section 5) and
 * then after each change; before hydration the browser posts it to the route's action, which checks
 * it with the same schema and answers `lastResult` (messages and the values sent, so nothing typed is
 * lost). `send` sends the valid values; a refusal it throws (`FormRefusal`) shows its text, marks the
 * field it names, and renews the captcha only when the captcha was the reason: the server consumes it
 * only with a stored lead.
 */
export function useSchemaForm<S extends z.ZodObject>(
  /** The form's schema, or how to choose it from what the form holds (e.g. a tick that adds fields). */
  schema: S | ((formData: FormData) => S),
  options: {
    id: string;
    /** The page whose action takes the form before hydration; the current page by default. */
    action?: string;
    /** The route action's answer to a form posted before hydration. */
    lastResult?: SubmissionResult<string[]> | null;
    send: (value: z.output<S>) => Promise<void>;
  },
) {
  const [result, setResult] = useState(options.lastResult);
  const [status, setStatus] = useState<FormStatus>("idle");
  const [captchaReset, setCaptchaReset] = useState(0);
  const [, setFocusRequest] = useState(0);
  const lastValidation = useRef<{ status?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const send = useRef(options.send);
  send.current = options.send;

  // A refusal reaches conform's state one render after ours: the focus waits until a mark is there.
  const focusPending = useRef(false);
  // After every render until it succeeds.
  useEffect(() => {
    if (focusPending.current && focusFirstInvalid(formRef.current)) focusPending.current = false;
  });
  const requestFocus = () => {
    focusPending.current = true;
    setFocusRequest((n) => n + 1);
  };

  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parseWithZod(formData, {
        schema: typeof schema === "function" ? schema(formData) : schema,
      });
      lastValidation.current = submission;
      return submission as never;
    },
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setStatus("sending");
      try {
        await send.current(submission.value);
        setStatus("done");
      } catch (err) {
        setStatus("idle");
        const refusal = isRefusal(err) ? err : { summary: NOT_SENT, field: null, fieldMessage: null };
        setResult(
          submission.reply({
            formErrors: [refusal.summary],
            fieldErrors:
              refusal.field && refusal.fieldMessage ? { [refusal.field]: [refusal.fieldMessage] } : {},
          }),
        );
        if (refusal.field === "Captcha") setCaptchaReset((n) => n + 1);
        requestFocus();
      }
    },
  });

  /** The form element's props: posted to the route's action until the page has hydrated. */
  const formProps = {
    ref: formRef,
    id: form.id,
    method: "post" as const,
    action: options.action,
    noValidate: true,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      lastValidation.current = null;
      form.onSubmit(event);
      if ((lastValidation.current as { status?: string } | null)?.status === "error") requestFocus();
    },
  };

  /** The server's text of spec section 8 after a refused send. */
  const serverError = form.errors?.[0] ?? null;
  /** Any field marked by the last check. */
  const invalid = Object.entries(form.allErrors).some(([name, e]) => name !== form.name && e.length > 0);
  return {
    form,
    fields,
    formProps,
    status,
    sending: status !== "idle",
    serverError,
    invalid,
    captchaReset,
  };
}
