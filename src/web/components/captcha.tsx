// Types of the <altcha-widget> element in JSX (erased from the bundle).
import type {} from "altcha/types/react";
import { useEffect, useRef, useState } from "react";

/**
 * The robot check of the forms: the ALTCHA widget (self-hosted proof of work, Polish texts). It
 * loads in the browser only (a web component with web workers) and reports the solved payload, or ""
 * while unsolved or after it expires. Shared by every form with a captcha.
 */
export function Captcha({
  challengeUrl,
  onChange,
  invalid = false,
  describedBy,
}: {
  challengeUrl: string;
  onChange: (payload: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

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
    const listener = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail.state === "verified" ? (detail.payload ?? "") : "");
    };
    el.addEventListener("statechange", listener);
    return () => el.removeEventListener("statechange", listener);
  }, [ready]);

  return (
    <div
      className={`inline-block min-h-16 min-w-64 rounded-lg ${invalid ? "ring-2 ring-red-600" : ""}`}
      aria-describedby={describedBy}
    >
      {ready ? (
        <altcha-widget
          ref={ref}
          challenge={challengeUrl}
          language="pl"
          name="altcha"
          configuration={JSON.stringify({ hideFooter: true })}
        />
      ) : (
        <p className="p-4 text-sm text-slate-600">Ładowanie zabezpieczenia przed robotami…</p>
      )}
    </div>
  );
}
