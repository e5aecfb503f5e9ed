import { useEffect, useId, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { loginSchema } from "../../../domain/account";
import { BidErrorCode } from "../../../domain/auctions/errors";
import { ErrorCode } from "../../../domain/errors";
import {
  ApiRequestError,
  api,
  type LoginResponse,
  PROFILE_ROUTE,
  RULES_ROUTE,
  storeLogin,
  withReturnTo,
} from "../../api-client";
import { EmailField, PasswordField, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { safeReturnTo } from "../../features/accounts/paths";
import { accountRefusal, FormNotice, linkClass, Notice, PageShell } from "../../features/accounts/ui";
import { sendAuctionFavourites } from "../../features/catalogue/favourites";
import { session } from "../../lib/storage";

/** What signing in may lead to before the page the person was going to (and what is shown there). */
const FIRST_STEPS = [ErrorCode.RulesNotAccepted, ErrorCode.ProfileIncomplete, BidErrorCode.BidNotAllowed];

/** /login: sign-in with e-mail and password (spec sections 2 and 7 "Account"). */
export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Why the last session ended: the server's words (a blocked account) or, without them, that it ended.
  // Shown once: the words are forgotten as soon as they are read.
  const [denied, setDenied] = useState<{ reason: string | null } | null>(null);
  useEffect(() => {
    if (!session.wasAccessDenied()) return;
    const reason = session.accessDeniedMessage();
    setDenied({ reason });
    if (reason) session.forgetAccessDenied();
  }, []);
  const form = useSchemaForm(loginSchema, {
    id: useId(),
    refusal: accountRefusal,
    async send(input) {
      const res = await api.post<LoginResponse>("/api/Account/Login", input, { alertOnBadRequest: false });
      storeLogin(res);
      sendAuctionFavourites();
      const target = safeReturnTo(params.get("returnTo"));
      try {
        await api.get("/api/Account/BiddingReadiness", { passCodes: FIRST_STEPS });
      } catch (err) {
        if (!(err instanceof ApiRequestError) || err.handled) throw err;
        // New rules (100) or a profile to complete (101) first, then back where the person was going
        // when a page sent them to sign in (an auction's bid box); otherwise the profile says it is done.
        const back = params.get("returnTo") ? target : null;
        if (err.code === ErrorCode.RulesNotAccepted) return navigate(withReturnTo(RULES_ROUTE, back));
        if (err.code === ErrorCode.ProfileIncomplete) return navigate(withReturnTo(PROFILE_ROUTE, back));
        // A company being verified again (64) signs in as usual: the auction's page says why it cannot bid.
        if (err.code !== BidErrorCode.BidNotAllowed) throw err;
      }
      navigate(target);
    },
  });

  return (
    <PageShell
      title="Logowanie"
      intro="Zaloguj się, aby licytować na aukcjach, obserwować ulubione pojazdy i zarządzać kontem."
    >
      <form {...form.formProps} className="flex flex-col gap-4" aria-label="Logowanie">
        {denied?.reason ? <Notice kind="error">{denied.reason}</Notice> : null}
        {denied && !denied.reason ? (
          <Notice kind="info">
            Sesja wygasła albo dostęp do konta został zablokowany. Zaloguj się ponownie.
          </Notice>
        ) : null}
        <FormNotice form={form} />
        <EmailField field={form.fields.Email} autoComplete="username" />
        <PasswordField field={form.fields.Password} label="Hasło" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SubmitButton sending={form.sending} whileSending={null} needsScripts>
            Zaloguj się
          </SubmitButton>
          <Link to="/przypomnienie-hasla" className={linkClass}>
            Nie pamiętasz hasła?
          </Link>
        </div>
      </form>
      <p className="mt-8 border-t border-slate-200 pt-6 text-slate-700">
        Nie masz konta? Aukcje są dla przedsiębiorców.{" "}
        <Link to="/rejestracja" className={linkClass}>
          Zarejestruj firmę
        </Link>
      </p>
    </PageShell>
  );
}
