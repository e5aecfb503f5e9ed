import { useId } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type AccountView, acceptRulesSchema } from "../../../domain/account";
import { DOCUMENTS } from "../../../domain/documents";
import { api } from "../../api-client";
import { FieldError, firstError, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { safeReturnTo } from "../../features/accounts/paths";
import { loadSignedIn } from "../../features/accounts/signed-in";
import { accountRefusal, Card, linkClass, Notice, PageShell } from "../../features/accounts/ui";
import type { Route } from "./+types/accept-rules";

/**
 * /zaakceptuj-regulamin: new auction rules must be accepted before bidding (error 100). The answer is
 * 'tak' or 'nie'; anything but 'tak' is refused with the spec's message; then the profile form, or,
 * sent here from an auction (?returnTo=) with a complete profile, back to that auction.
 */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadSignedIn<AccountView>(request, "/api/Account");

export default function AcceptRules({ loaderData }: Route.ComponentProps) {
  return <AcceptRulesForm rulesVersion={loaderData.data?.CurrentRulesVersion} />;
}

/** The form shows from the first paint; the version number joins it once the account has loaded. */
export const HydrateFallback = () => <AcceptRulesForm />;

function AcceptRulesForm({ rulesVersion }: { rulesVersion?: AccountView["CurrentRulesVersion"] }) {
  const navigate = useNavigate();
  const returnTo = useSearchParams()[0].get("returnTo");
  const form = useSchemaForm(acceptRulesSchema, {
    id: useId(),
    refusal: accountRefusal,
    async send(input) {
      const account = await api.put<AccountView>("/api/Account/AcceptNewRules", input, {
        alertOnBadRequest: false,
      });
      // Sent here from an auction: back to it once nothing else stands in the way (the profile may).
      if (returnTo && account.ProfileComplete) navigate(safeReturnTo(returnTo));
      else
        navigate(
          returnTo
            ? `/ustawienia?editmode=true&returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`
            : "/ustawienia?editmode=true",
        );
    },
  });
  const accept = form.fields.Accept;

  return (
    <PageShell
      title="Nowy regulamin aukcji"
      intro="Zmieniliśmy regulamin aukcji. Aby dalej licytować, zapoznaj się z nim i zaakceptuj go."
    >
      <Card>
        <form {...form.formProps} className="flex flex-col gap-5" aria-label="Akceptacja regulaminu aukcji">
          <p className="text-slate-800">
            {rulesVersion ? <>Obowiązująca wersja regulaminu: {rulesVersion}. </> : null}
            <a href={DOCUMENTS.auctionRules.url} className={linkClass} download>
              Pobierz regulamin aukcji (PDF)
            </a>
          </p>
          <fieldset aria-describedby={accept.errors ? accept.errorId : undefined}>
            <legend className="font-medium text-slate-900">Czy akceptujesz regulamin aukcji?</legend>
            <div className="mt-3 flex gap-6">
              {(["tak", "nie"] as const).map((answer) => (
                <label key={answer} className="flex items-center gap-2 text-slate-800">
                  <input
                    type="radio"
                    name={accept.name}
                    value={answer}
                    defaultChecked={accept.initialValue === answer}
                    className="size-5 accent-brand-600"
                  />
                  {answer}
                </label>
              ))}
            </div>
            <FieldError id={accept.errorId} message={firstError(accept)} />
          </fieldset>
          {form.serverError ? <Notice kind="error">{form.serverError}</Notice> : null}
          <div>
            <SubmitButton sending={form.sending} whileSending={null} needsScripts>
              Zatwierdź
            </SubmitButton>
          </div>
        </form>
      </Card>
    </PageShell>
  );
}
