import { BRAND } from "../../domain/brand";
import type { ChatEventDto } from "../../domain/chat/dto";
import { chatTexts } from "../../domain/chat/texts";
import { formatDate, formatTime } from "../../domain/format";
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

interface TranscriptChat {
  id: number;
  createdAt: Date;
  customerName: string;
  consultantName: string | null;
}

/**
 * The conversation as the customer asked for it: its date, the consultant, then every message, file
 * and system message with its time (Polish time, polish.md formats). The filled forms are left out:
 * the customer wrote them and the rating is theirs.
 */
export function chatTranscriptMail(to: string, chat: TranscriptChat, events: ChatEventDto[]): OutgoingMail {
  const consultant = chat.consultantName ?? "—";
  // A consultant's words are signed with the name of whoever had the chat then: taking or handing
  // over a chat leaves a system message naming the consultant.
  let agent = consultant;
  const lines = events.flatMap((e) => {
    const at = formatTime(new Date(e.CreatedAtUtc));
    const who = e.Author === "customer" ? chat.customerName : agent;
    if (e.Kind === "message") return [`${at} ${who}: ${e.Text}`];
    if (e.Kind === "file") return [`${at} ${who}: plik „${String(e.Payload?.Name ?? e.Text)}”`];
    if (e.Kind === "system_message") {
      if (typeof e.Payload?.ConsultantName === "string") agent = e.Payload.ConsultantName;
      return [`${at} ${e.Text}`];
    }
    return [];
  });
  const text = [
    `Dzień dobry ${chat.customerName},`,
    "",
    "przesyłamy zapis Twojej rozmowy na czacie.",
    "",
    `Data rozmowy: ${formatDate(chat.createdAt)}`,
    `Konsultant: ${consultant}`,
    `Numer rozmowy: ${chat.id}`,
    "",
    ...lines,
    "",
    `Pozdrawiamy,\nzespół ${BRAND.name}`,
  ].join("\n");
  return { to, subject: `Zapis rozmowy na czacie z ${formatDate(chat.createdAt)} – ${BRAND.name}`, text };
}
