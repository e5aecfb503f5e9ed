import { Link } from "react-router";
import { PRIVACY_POLICY_PATH } from "../../domain/privacy";

/**
 * The line under a form's consents that leads to the privacy policy (the lead forms, the call-back
 * banner, the alert, the registration and the chat). The link opens in a new tab, so a form filled in
 * half stays as it is.
 */
export function PrivacyNote({ dark = false, lead }: { dark?: boolean; lead?: string }) {
  return (
    <p className={`text-xs ${dark ? "text-slate-200" : "text-slate-600"}`}>
      {lead && `${lead} `}Jak przetwarzamy Twoje dane, opisuje{" "}
      <Link
        to={PRIVACY_POLICY_PATH}
        target="_blank"
        className={`font-semibold underline ${dark ? "text-white" : "text-brand-700"}`}
      >
        polityka prywatności
      </Link>
      .
    </p>
  );
}
