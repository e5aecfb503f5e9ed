import { CHAT_MESSAGE_MAX_LENGTH } from "../../domain/chat/dto";
import { chatTexts } from "../../domain/chat/texts";

/** The chat API's and hub's refusals, in Polish. */
export const chatErrors = {
  unknownChat: "Nie znaleziono rozmowy. Rozpocznij nowy czat.",
  ended: "Ta rozmowa została zakończona. Rozpocznij nowy czat.",
  emptyMessage: "Wiadomość nie może być pusta.",
  longMessage: `Wiadomość może mieć najwyżej ${CHAT_MESSAGE_MAX_LENGTH} znaków.`,
  panelSignIn: "Zaloguj się w panelu pracownika.",
  transferSelf: "Wybierz innego konsultanta.",
  transferOffline: "Ten konsultant nie jest już dostępny. Wybierz innego.",
  notYours: "Ta rozmowa jest prowadzona przez innego konsultanta.",
  taken: "Tę rozmowę przyjął już inny konsultant.",
  tooFast: "Wysyłasz wiadomości zbyt szybko. Odczekaj chwilę i spróbuj ponownie.",
  noTranscriptAddress: chatTexts.transcriptNoAddress,
} as const;
