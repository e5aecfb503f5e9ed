// JSX typing of <altcha-widget> (types only, erased at build).

import type {} from "altcha/types/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { type Field, FieldError, firstError } from "../../components/form/fields";

export const CAPTCHA_CHALLENGE_URL = "/api/Captcha/Challenge";

/**
 * The ALTCHA widget ("Nie jestem robotem"): a proof of work solved in the browser, verified on the
 * server. The web component is loaded only in the browser; its payload goes to the form as Captcha.
 * `resetKey` changing (after a refused send) asks for a fresh challenge, as each one is single use.
 */
function CaptchaWidget({
  id,
  onPayload,
  error,
  errorId = `${id}-error`,
  resetKey = 0,
  children,
}: {
  id: string;
  onPayload: (payload: string) => void;
  error?: string;
  errorId?: string;
  resetKey?: number;
  /** A form's hidden input for the payload. */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);
  const onPayloadRef = useRef(onPayload);
  onPayloadRef.current = onPayload;

  useEffect(() => {
    let cancelled = false;
    Promise.all([import("altcha"), import("altcha/i18n/pl")]).then(() => {
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || !ready) return;
    const onState = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      onPayloadRef.current(state === "verified" && payload ? payload : "");
    };
    el.addEventListener("statechange", onState);
    return () => el.removeEventListener("statechange", onState);
  }, [ready]);

  useEffect(() => {
    if (resetKey === 0) return;
    (ref.current as (HTMLElement & { reset?: () => void }) | null)?.reset?.();
    onPayloadRef.current("");
  }, [resetKey]);

  return (
    <div
      id={id}
      data-testid="captcha"
      // Focus target after a refused send (focusFirstInvalid), like an aria-invalid input.
      data-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      tabIndex={error ? -1 : undefined}
      className={error ? "rounded-md outline outline-2 outline-red-600" : undefined}
    >
      {ready ? (
        <altcha-widget
          ref={ref}
          challenge={CAPTCHA_CHALLENGE_URL}
          language="pl"
          name="altcha"
          configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
        />
      ) : (
        <>
          <p className="text-sm text-slate-600">Ładowanie zabezpieczenia przed robotami…</p>
          {/* The proof of work runs in the browser: without scripts the form cannot be confirmed. */}
          <noscript>
            <p className="text-sm text-slate-700">
              Aby potwierdzić, że nie jesteś robotem, włącz obsługę JavaScriptu w przeglądarce.
            </p>
          </noscript>
        </>
      )}
      {children}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * The captcha of a conform form: the payload goes into the form's hidden field (the widget keeps its
 * own input in its shadow root, outside the form), and the form checks the field again as it does
 * after a typed change.
 */
export function CaptchaField({ field, resetKey }: { field: Field; resetKey: number }) {
  const input = useRef<HTMLInputElement>(null);
  const onPayload = (payload: string) => {
    const hidden = input.current;
    if (!hidden || hidden.value === payload) return;
    hidden.value = payload;
    hidden.dispatchEvent(new Event("input", { bubbles: true }));
  };
  return (
    <CaptchaWidget
      id={field.id}
      error={firstError(field)}
      errorId={field.errorId}
      resetKey={resetKey}
      onPayload={onPayload}
    >
      {/* A payload is single use: the form starts without one, also after the server refused it. No
          defaultValue: a hidden input's value is its default, which React would put back on render. */}
      <input ref={input} type="hidden" name={field.name} />
    </CaptchaWidget>
  );
}
