import { PageShell, SignInButton } from "../../features/accounts/ui";

/** /aktywacja-zakonczona-sukcesem: the account is active (spec section 2). */
export default function ActivationSuccess() {
  return (
    <PageShell title="Konto jest aktywne">
      <div className="flex flex-col gap-4 text-slate-800">
        <p>Sprawdziliśmy dane firmy i aktywowaliśmy Twoje konto. Teraz możesz:</p>
        <ul className="list-disc pl-6">
          <li>licytować pojazdy na aukcjach,</li>
          <li>dodawać pojazdy do ulubionych,</li>
          <li>przeglądać aukcje, które wkrótce się rozpoczną.</li>
        </ul>
        <SignInButton />
      </div>
    </PageShell>
  );
}
