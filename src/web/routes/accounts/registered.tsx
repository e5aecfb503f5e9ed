import { Link } from "react-router";
import { AUCTIONS_PATH } from "../../features/accounts/paths";
import { buttonLinkClass, PageShell } from "../../features/accounts/ui";

/** /pomyslnie-zarejestrowano: thanks, click the activation link from the e-mail (spec section 2). */
export default function Registered() {
  return (
    <PageShell title="Dziękujemy za rejestrację">
      <div className="flex flex-col gap-4 text-slate-800">
        <p>
          Na podany adres e-mail wysłaliśmy wiadomość z linkiem aktywacyjnym. Kliknij go, aby potwierdzić
          adres. Link jest ważny przez 48 godzin.
        </p>
        {/* The same page whether the address was free or not: the form never tells who has an account. */}
        <p>
          Jeżeli konto z tym adresem już istnieje, nie zakładamy drugiego: w wiadomości znajdziesz link do
          logowania i do ustawienia nowego hasła.
        </p>
        <p>
          Po potwierdzeniu adresu sprawdzimy dane firmy i aktywujemy konto. Poinformujemy Cię o tym e-mailem.
        </p>
        <p className="text-sm text-slate-600">Nie widzisz wiadomości? Sprawdź folder ze spamem.</p>
        <div>
          <Link to={AUCTIONS_PATH} className={buttonLinkClass}>
            Wróć do aukcji
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
