import { parse, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { type FormEvent, useEffect, useRef, useState } from "react";

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

const defaultRefusal = (err: unknown): FormRefusal =>
  typeof err === "object" && err !== null && "summary" in err && "field" in err
    ? (err as FormRefusal)
    : { summary: NOT_SENT, field: null, fieldMessage: null };

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
 * How a form checks its FormData with one of the domain's own checkers rather than a zod schema (the
 * chat and the bid box load without zod): the checker answers a message per marked field, or the value.
 */
export function checkedBy<Value>(
  check: (payload: Record<string, unknown>) => { value?: Value; error?: Record<string, string> },
): (formData: FormData) => Submission<Value> {
  return (formData) =>
    parse(formData, {
      resolve(payload) {
        const { value, error = {} } = check(payload);
        const marked = Object.entries(error);
        return marked.length
          ? { error: Object.fromEntries(marked.map(([name, message]) => [name, [message]])) }
          : { value: value as Value };
      },
    });
}

/** What a form of the kit is told besides how to check it. */
export interface CheckedFormOptions<Value> {
  id: string;
  /** The page whose action takes the form before hydration; the current page by default. */
  action?: string;
  /** The fields' values at first (a saved profile). */
  defaultValue?: Record<string, unknown>;
  /** The route action's answer to a form posted before hydration. */
  lastResult?: SubmissionResult<string[]> | null;
  /**
   * Sends the valid values from the browser. Without it a valid form goes on to its route's action
   * (React Router's <Form>, the back-office), whose answer comes back as `lastResult`.
   */
  send?: (value: Value) => Promise<void>;
  /**
   * What a failed send says, from the error `send` threw; null when it was told already (the API
   * client's toast or redirect). By default a thrown FormRefusal, else 'Nie udało się wysłać…'.
   */
  refusal?: (err: unknown) => FormRefusal | null;
}

/**
 * A form on conform whose FormData `validate` checks: in the browser once it has hydrated, on send
 * (spec section 5) and then after each change; before hydration the browser posts it to the route's
 * action, which answers `lastResult` (messages and the values sent, so nothing typed is lost).
 * `send` sends the valid values; a refusal (`refusal` of the error it throws) shows its text, marks
 * the field it names, and renews the captcha only when the captcha was the reason: the server
 * consumes it only with a stored lead. useSchemaForm (use-schema-form.ts) checks with a zod schema.
 */
export function useCheckedForm<Value extends object>(
  validate: (formData: FormData) => Submission<Value>,
  options: CheckedFormOptions<Value>,
) {
  // A refusal reaches conform's state one render after ours: the focus waits until a mark is there.
  const focusPending = useRef(false);
  const [result, setResult] = useState(options.lastResult);
  // A route action's new answer (a form sent on to its action) replaces the last one.
  const [answered, setAnswered] = useState(options.lastResult);
  if (answered !== options.lastResult) {
    setAnswered(options.lastResult);
    setResult(options.lastResult);
    if (options.lastResult?.status === "error") focusPending.current = true;
  }
  const [status, setStatus] = useState<FormStatus>("idle");
  const [captchaReset, setCaptchaReset] = useState(0);
  const [, setFocusRequest] = useState(0);
  const lastValidation = useRef<{ status?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const send = useRef(options.send);
  send.current = options.send;

  // After every render until it succeeds.
  useEffect(() => {
    if (focusPending.current && focusFirstInvalid(formRef.current)) focusPending.current = false;
  });
  const requestFocus = () => {
    focusPending.current = true;
    setFocusRequest((n) => n + 1);
  };

  const [form, fields] = useForm<Value>({
    id: options.id,
    defaultValue: options.defaultValue as never,
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = validate(formData);
      lastValidation.current = submission;
      return submission;
    },
    async onSubmit(event, { submission }) {
      if (!send.current) return;
      event.preventDefault();
      if (submission?.status !== "success") return;
      setStatus("sending");
      try {
        await send.current(submission.value);
        setStatus("done");
      } catch (err) {
        setStatus("idle");
        const refusal = (options.refusal ?? defaultRefusal)(err);
        if (!refusal) return;
        setResult(
          submission.reply({
            formErrors: refusal.summary ? [refusal.summary] : [],
            fieldErrors:
              refusal.field && refusal.fieldMessage ? { [refusal.field]: [refusal.fieldMessage] } : {},
          }),
        );
        if (refusal.field?.toLowerCase() === "captcha") setCaptchaReset((n) => n + 1);
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

  /** Marks one field with a message found outside a send (e.g. a lookup of the value it holds). */
  const markField = (name: string, message: string) =>
    setResult({ status: "error", error: { [name]: [message] } });

  /** The server's text of spec section 8 after a refused send. */
  const serverError = form.errors?.[0] ?? null;
  /** Any field marked by the last check. */
  const invalid = Object.entries(form.allErrors).some(([name, e]) => name !== form.name && e.length > 0);
  return {
    form,
    fields,
    formProps,
    status,
    sending: status === "sending",
    /** Sent and answered: a form that stays on its page says so ('Zapisano zmiany.'). */
    sent: status === "done",
    serverError,
    invalid,
    captchaReset,
    markField,
  };
}
