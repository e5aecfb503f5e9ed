import { BRAND } from "../../domain/brand";
import { formatDate } from "../../domain/format";
import { PRIVACY_EMAIL } from "../../domain/privacy";
import { PRIVACY_LINK_DAYS } from "../../domain/privacy-rights";
import type { OutgoingMail } from "../mail/outbox";

/** Texts of the e-mails about a person's data (plain text, Polish, as the other e-mails of the site). */
const signature = `\n\nPozdrawiamy\nZespół ${BRAND.name}\nSprawy danych osobowych: ${PRIVACY_EMAIL}`;

export function privacyLinkMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: `Twoje dane w serwisie ${BRAND.name}: link do podglądu`,
    text: `Dzień dobry,\n\nktoś, być może Ty, poprosił o dostęp do danych zapisanych w serwisie ${BRAND.name} pod tym adresem e-mail: zapytań z formularzy, alertów e-mail i rozmów na czacie. Otwórz link, aby je zobaczyć, pobrać albo poprosić o ich usunięcie:\n\n${link}\n\nLink jest ważny przez ${PRIVACY_LINK_DAYS} dni. Samo otwarcie linku niczego nie zmienia.\n\nJeżeli to nie Ty prosiłeś o link, zignoruj tę wiadomość.${signature}`,
  };
}

export function erasureRequestedMail(to: string, dueAt: Date): OutgoingMail {
  return {
    to,
    subject: `Otrzymaliśmy Twoje żądanie usunięcia danych`,
    text: `Dzień dobry,\n\notrzymaliśmy Twoje żądanie usunięcia danych zapisanych pod tym adresem e-mail (zapytania z formularzy, alerty e-mail, rozmowy na czacie). Zrealizujemy je najpóźniej do ${formatDate(dueAt)} i potwierdzimy to osobną wiadomością.${signature}`,
  };
}

/** To the data protection address: a new erasure waits in the panel (the person's address is not in it). */
export function erasureQueuedMail(to: string, id: number, dueAt: Date, panelLink: string): OutgoingMail {
  return {
    to,
    subject: `Nowe żądanie usunięcia danych nr ${id} (termin ${formatDate(dueAt)})`,
    text: `Klient zażądał usunięcia danych zapisanych pod swoim adresem e-mail. Termin realizacji: ${formatDate(dueAt)} (miesiąc od żądania, art. 12 ust. 3 RODO).\n\nWniosek zrealizujesz w panelu:\n${panelLink}`,
  };
}

export function erasureDoneMail(to: string): OutgoingMail {
  return {
    to,
    subject: `Usunęliśmy Twoje dane`,
    text: `Dzień dobry,\n\nzgodnie z Twoim żądaniem usunęliśmy dane zapisane pod tym adresem e-mail: zapytania z formularzy, alerty e-mail i rozmowy na czacie. Ta wiadomość jest ostatnią, którą wysyłamy na ten adres w tej sprawie.${signature}`,
  };
}
