import { BRAND } from "../../domain/brand";
import { chatTexts } from "../../domain/chat/texts";
import { salesMail } from "../leads/mails";
import type { OutgoingMail } from "../mail/outbox";

interface Ticket {
  name: string;
  email: string;
  message: string;
}

/** The sales inbox learns of a message left in the chat while nobody was online. */
export function chatTicketSalesMail(to: string, id: number, t: Ticket): OutgoingMail {
  return salesMail(
    to,
    `Wiadomość z czatu nr ${id}`,
    "Klient zostawił wiadomość w czacie, gdy konsultanci byli niedostępni.",
    [
      ["Imię", t.name],
      ["E-mail", t.email],
      ["Wiadomość", t.message],
    ],
  );
}

/** The customer's confirmation, with the same promise the widget shows. */
export function chatTicketCustomerMail(to: string, id: number, name: string): OutgoingMail {
  const subject = `Otrzymaliśmy Twoją wiadomość – ${BRAND.name}`;
  const text = [
    `Dzień dobry ${name},`,
    "",
    chatTexts.ticketSent,
    "",
    `Numer zgłoszenia: ${id}.`,
    `Pozdrawiamy,\nzespół ${BRAND.name}`,
  ].join("\n");
  return { to, subject, text };
}
