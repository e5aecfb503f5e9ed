import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiRequestError, api } from "../../api-client";
import { AUCTIONS_PATH } from "../../features/accounts/paths";
import { buttonLinkClass, linkClass, Notice, PageShell } from "../../features/accounts/ui";

type State = { kind: "working" } | { kind: "done" } | { kind: "failed"; message: string };

/**
 * /aktywuj-konto?guid=: confirms the e-mail address with the link's guid (spec section 2: "it runs a
 * confirm-activation action"). The call is made from the browser, so a mail scanner that only fetches
 * the page's HTML does not use up the link.
 */
export default function Activate() {
  const [params] = useSearchParams();
  const guid = params.get("guid");
  const [state, setState] = useState<State>({ kind: "working" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!guid) {
      setState({
        kind: "failed",
        message: "W adresie brakuje kodu aktywacyjnego. Otwórz link z wiadomości e-mail w całości.",
      });
      return;
    }
    api
      .get("/api/Register/Activate", { query: { guid }, alertOnBadRequest: false })
      .then(() => setState({ kind: "done" }))
      .catch((err) => {
        if (err instanceof ApiRequestError && !err.handled)
          setState({ kind: "failed", message: err.message });
      });
  }, [guid]);

  if (state.kind === "failed") {
    return (
      <PageShell title="Link aktywacyjny nie zadziałał">
        <div className="flex flex-col gap-4">
          <Notice kind="error">{state.message}</Notice>
          <p className="text-slate-700">
            Jeżeli konto ma już potwierdzony adres, możesz się{" "}
            <Link to="/login" className={linkClass}>
              zalogować
            </Link>
            . Nowy link aktywacyjny wyślemy, gdy spróbujesz zalogować się na konto z niepotwierdzonym adresem.
          </p>
        </div>
      </PageShell>
    );
  }
  if (state.kind === "working") {
    return (
      <PageShell title="Potwierdzamy adres e-mail">
        <p role="status" className="text-slate-700">
          Chwileczkę, potwierdzamy Twój adres e-mail…
        </p>
      </PageShell>
    );
  }
  return (
    <PageShell title="Dziękujemy za potwierdzenie adresu e-mail">
      <div className="flex flex-col gap-4 text-slate-800">
        <Notice kind="success">Adres e-mail został potwierdzony.</Notice>
        <p>
          Teraz sprawdzimy dane Twojej firmy i aktywujemy konto. Gdy to zrobimy, wyślemy Ci e-mail: od tej
          chwili będziesz mógł licytować.
        </p>
        <div>
          <Link to={AUCTIONS_PATH} className={buttonLinkClass}>
            Zobacz aukcje
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
