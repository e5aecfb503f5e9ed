import { useNavigate } from "react-router";
import { type AccountView, acceptRulesSchema } from "../../../domain/account";
import { DOCUMENTS } from "../../../domain/documents";
import { api } from "../../api-client";
import { loadSignedIn } from "../../features/accounts/signed-in";
import { Card, linkClass, Notice, PageShell, SubmitButton, useForm } from "../../features/accounts/ui";
import type { Route } from "./+types/accept-rules";

/**
 * /zaakceptuj-regulamin: new auction rules must be accepted before bidding (error 100). The answer is
 * 'tak' or 'nie'; anything but 'tak' is refused with the spec's message; then the profile form.
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
  const form = useForm({ Accept: "" });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = form.validate(acceptRulesSchema);
    if (!input) return;
    void form.submit(async () => {
      await api.put("/api/Account/AcceptNewRules", input, { alertOnBadRequest: false });
      navigate("/ustawienia?editmode=true");
    });
  };

  return (
    <PageShell
      title="Nowy regulamin aukcji"
      intro="Zmieniliśmy regulamin aukcji. Aby dalej licytować, zapoznaj się z nim i zaakceptuj go."
    >
      <Card>
        <form
          noValidate
          method="post"
          onSubmit={onSubmit}
          className="flex flex-col gap-5"
          aria-label="Akceptacja regulaminu aukcji"
        >
          <p className="text-slate-800">
            {rulesVersion ? <>Obowiązująca wersja regulaminu: {rulesVersion}. </> : null}
            <a href={DOCUMENTS.auctionRules.url} className={linkClass} download>
              Pobierz regulamin aukcji (PDF)
            </a>
          </p>
          <fieldset aria-describedby={form.errors.Accept ? "accept-error" : undefined}>
            <legend className="font-medium text-slate-900">Czy akceptujesz regulamin aukcji?</legend>
            <div className="mt-3 flex gap-6">
              {(["tak", "nie"] as const).map((answer) => (
                <label key={answer} className="flex items-center gap-2 text-slate-800">
                  <input
                    type="radio"
                    name="Accept"
                    value={answer}
                    checked={form.values.Accept === answer}
                    onChange={() => form.set("Accept")(answer)}
                    className="size-5 accent-brand-600"
                  />
                  {answer}
                </label>
              ))}
            </div>
            {form.errors.Accept ? (
              <p id="accept-error" className="mt-2 text-sm text-red-700">
                {form.errors.Accept}
              </p>
            ) : null}
          </fieldset>
          {form.formError && !form.errors.Accept ? <Notice kind="error">{form.formError}</Notice> : null}
          <div>
            <SubmitButton busy={form.busy}>Zatwierdź</SubmitButton>
          </div>
        </form>
      </Card>
    </PageShell>
  );
}
