/**
 * The live chat's fixed texts (spec sections 4 and 8), in one place for the widget, the consultant's
 * console and the server's system messages.
 */
export const chatTexts = {
  reconnecting: "ponowne łączenie…",
  leaveQuestion: "czy chcesz opuścić aktualny czat?",
  closeChat: "zamknij czat",
  placeholder: "Napisz wiadomość...",
  sendFile: "wyślij plik",
  reopen: "otwórz czat ponownie",
  agentTyping: "Konsultant pisze…",
  customerTyping: "Klient pisze…",
  connectionError:
    "Wystąpił błąd z połączeniem do serwera. W razie problemów skontaktuj się z administratorem.",
  ticketSent:
    "Dziękujemy za wysłanie formularza. Nasz konsultant skontaktuje się z Tobą w godzinach pracy: pon. – pt., 9:00 – 19:00",
  /** The transcript goes only to the address given before the chat; without one there is none. */
  transcriptNoAddress:
    "Zapis rozmowy wysyłamy tylko na adres e-mail podany przed jej rozpoczęciem, a ta rozmowa została rozpoczęta bez niego.",
  transcriptSend: "Wyślij zapis rozmowy",
  transcriptOffer: (email: string) => `Możemy wysłać zapis tej rozmowy na adres ${email}.`,
  transcriptSent: (email: string) => `Zapis rozmowy wysłaliśmy na adres ${email}.`,
} as const;

/** Message statuses (spec section 4). */
export type MessageStatus = "sent" | "delivered" | "seen" | "failed";
export const messageStatusText: Record<MessageStatus, string> = {
  sent: "wysłana",
  delivered: "dostarczona",
  seen: "przeczytana",
  failed: "wiadomość nie wysłana",
};

/** System message types of a chat (spec section 8), mapped to Polish texts. */
export const systemMessages = {
  chatEnded: "Czat został zakończony.",
  customerLeft: "Klient opuścił czat.",
  agentLost: "Konsultant utracił połączenie. Czekasz na kolejnego wolnego konsultanta.",
  noConsultants: "Czat został zakończony, ponieważ nie ma teraz dostępnych konsultantów.",
  inactivity: "Czat został zamknięty z powodu braku aktywności.",
  /** A consultant took the chat from the queue. */
  taken: "Konsultant przyjął rozmowę.",
  /** A consultant handed the chat on to another. */
  transferred: "Rozmowa została przekazana innemu konsultantowi.",
  ratedGood: "Rozmowa została oceniona dobrze.",
  ratedBad: "Rozmowa została oceniona źle.",
} as const;
export type SystemMessageType = keyof typeof systemMessages;

/**
 * 'Jesteś 3. w kolejce. Przewidywany czas oczekiwania: około 6 minut.' ("około" takes the genitive:
 * około 1 minuty, około 2 minut, około 5 minut.)
 */
export function queueMessage(position: number, waitMinutes: number): string {
  return `Jesteś ${position}. w kolejce. Przewidywany czas oczekiwania: około ${waitMinutes} ${waitMinutes === 1 ? "minuty" : "minut"}.`;
}
