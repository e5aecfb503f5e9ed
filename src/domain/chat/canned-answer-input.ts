import { z } from "zod";
import { formatNumber } from "../format";
import { CHAT_MESSAGE_MAX_LENGTH } from "./dto";

/**
 * A new canned answer as the console's form and the API take it (POST /api/Chat/Consultant/CannedAnswers):
 * one schema, so the console marks in Polish what the server would refuse.
 */
export const cannedAnswerInput = z.object({
  Shortcut: z
    .string({ error: "Podaj skrót." })
    .trim()
    .min(1, "Podaj skrót.")
    .max(30, "Skrót może mieć najwyżej 30 znaków.")
    .regex(/^[\p{L}\p{N}_-]+$/u, "Skrót może zawierać tylko litery, cyfry, - i _"),
  Text: z
    .string({ error: "Wpisz treść odpowiedzi." })
    .trim()
    .min(1, "Wpisz treść odpowiedzi.")
    .max(
      CHAT_MESSAGE_MAX_LENGTH,
      `Treść może mieć najwyżej ${formatNumber(CHAT_MESSAGE_MAX_LENGTH)} znaków.`,
    ),
  Shared: z.boolean().default(false),
});
