import { BRAND } from "../../domain/brand";
import type { OutgoingMail } from "../mail/outbox";

/** Texts of the account e-mails (plain text; Polish, addressed politely as in the rest of the site). */
const signature = `\n\nPozdrawiamy\nZespół ${BRAND.name}\n${BRAND.phone} · ${BRAND.email}`;

export function activationMail(to: string, link: string, hours: number): OutgoingMail {
  return {
    to,
    subject: `Potwierdź adres e-mail w serwisie ${BRAND.name}`,
    text: `Dzień dobry,\n\ndziękujemy za rejestrację w serwisie aukcji ${BRAND.name}. Aby potwierdzić adres e-mail, otwórz link:\n\n${link}\n\nLink jest ważny przez ${hours} godzin i można go użyć tylko raz. Po potwierdzeniu adresu sprawdzimy dane firmy i aktywujemy konto, o czym poinformujemy Cię w osobnej wiadomości.\n\nJeżeli to nie Ty zakładałeś konto, zignoruj tę wiadomość.${signature}`,
  };
}

/**
 * To the owner of an address someone tried to register again. The registration form answers as for a
 * new account (it must not tell who has one), so the owner learns here what happened.
 */
export function registrationAttemptMail(to: string, loginLink: string, resetLink: string): OutgoingMail {
  return {
    to,
    subject: `Próba założenia konta w serwisie ${BRAND.name} na Twój adres e-mail`,
    text: `Dzień dobry,\n\nktoś, być może Ty, próbował założyć konto w serwisie aukcji ${BRAND.name} na ten adres e-mail. Konto z tym adresem już u nas istnieje, więc nie założyliśmy drugiego.\n\nJeżeli to Ty, zaloguj się: ${loginLink}\nNie pamiętasz hasła? Ustaw nowe: ${resetLink}\n\nJeżeli to nie Ty, zignoruj tę wiadomość: Twoje konto i hasło pozostają bez zmian.${signature}`,
  };
}

export function verificationRequestMail(
  to: string,
  email: string,
  company: string,
  nip: string,
  panelLink: string,
): OutgoingMail {
  return {
    to,
    subject: `Nowe konto do weryfikacji: ${company}`,
    text: `Użytkownik ${email} potwierdził adres e-mail.\nFirma: ${company}, NIP ${nip}.\n\nSprawdź firmę i zweryfikuj konto w panelu:\n${panelLink}`,
  };
}

/** To staff: a verified account changed its NIP or company name (it may not bid until checked again). */
export function companyChangedMail(
  to: string,
  email: string,
  c: { before: { company: string; nip: string }; after: { company: string; nip: string } },
  panelLink: string,
): OutgoingMail {
  return {
    to,
    subject: `Zmiana danych firmy do weryfikacji: ${c.after.company}`,
    text: `Użytkownik ${email} zmienił dane firmy.\nByło: ${c.before.company}, NIP ${c.before.nip}.\nJest: ${c.after.company}, NIP ${c.after.nip}.\n\nDo czasu ponownej weryfikacji konto nie może licytować. Sprawdź firmę i zweryfikuj konto w panelu:\n${panelLink}`,
  };
}

export function accountActiveMail(to: string, loginLink: string): OutgoingMail {
  return {
    to,
    subject: `Twoje konto w serwisie ${BRAND.name} jest aktywne`,
    text: `Dzień dobry,\n\nsprawdziliśmy dane firmy i aktywowaliśmy Twoje konto. Możesz już licytować na aukcjach, dodawać pojazdy do ulubionych i przeglądać aukcje, które wkrótce się rozpoczną.\n\nZaloguj się: ${loginLink}${signature}`,
  };
}

/** The company could not be confirmed (the panel's refusal, with the reason staff gave). */
export function verificationRefusedMail(to: string, reason: string): OutgoingMail {
  return {
    to,
    subject: `Nie zweryfikowaliśmy danych firmy w serwisie ${BRAND.name}`,
    text: `Dzień dobry,\n\nsprawdziliśmy dane firmy podane w Twoim koncie i nie możemy ich potwierdzić. Powód:\n\n${reason}\n\nDo czasu wyjaśnienia konto nie może licytować. Zadzwoń do nas albo odpisz na tę wiadomość, a pomożemy poprawić dane.${signature}`,
  };
}

export function accountBlockedMail(to: string, reason: string): OutgoingMail {
  return {
    to,
    subject: `Twoje konto w serwisie ${BRAND.name} zostało zablokowane`,
    text: `Dzień dobry,\n\nzablokowaliśmy Twoje konto: nie można się na nie zalogować ani licytować. Powód:\n\n${reason}\n\nJeżeli uważasz, że to pomyłka, zadzwoń do nas albo odpisz na tę wiadomość.${signature}`,
  };
}

/**
 * The block is lifted: in the block e-mail's words, the account works again. An account blocked
 * before it was active goes back to where it was: its address to confirm, or our check of the company.
 */
export function accountUnblockedMail(
  to: string,
  loginLink: string,
  status: "active" | "pending_email" | "pending_verification",
): OutgoingMail {
  const next = {
    active: `Możesz znów się zalogować i licytować na aukcjach.\n\nZaloguj się: ${loginLink}`,
    pending_email:
      "Aby się zalogować, potwierdź najpierw adres e-mail: przy próbie logowania wyślemy nowy link aktywacyjny.",
    pending_verification:
      "Konto czeka na weryfikację danych firmy. Poinformujemy Cię e-mailem, gdy będzie aktywne.",
  }[status];
  return {
    to,
    subject: `Twoje konto w serwisie ${BRAND.name} zostało odblokowane`,
    text: `Dzień dobry,\n\nodblokowaliśmy Twoje konto. ${next}\n\nJeżeli masz pytania, zadzwoń do nas albo odpisz na tę wiadomość.${signature}`,
  };
}

export function passwordResetMail(to: string, link: string, minutes: number): OutgoingMail {
  return {
    to,
    subject: `Ustaw nowe hasło w serwisie ${BRAND.name}`,
    text: `Dzień dobry,\n\notrzymaliśmy prośbę o ustawienie nowego hasła do Twojego konta. Aby ustawić nowe hasło, otwórz link:\n\n${link}\n\nLink jest ważny przez ${minutes} minut i można go użyć tylko raz. Jeżeli to nie Ty prosiłeś o zmianę hasła, zignoruj tę wiadomość: dotychczasowe hasło pozostaje ważne.${signature}`,
  };
}

export function passwordChangedMail(to: string, resetLink: string): OutgoingMail {
  return {
    to,
    subject: `Hasło do konta w serwisie ${BRAND.name} zostało zmienione`,
    text: `Dzień dobry,\n\nhasło do Twojego konta zostało właśnie zmienione, a pozostałe urządzenia zostały wylogowane.\n\nJeżeli to nie Ty zmieniłeś hasło, od razu ustaw nowe: ${resetLink}${signature}`,
  };
}
