import { z } from "zod";
import { maxMessage, requiredText } from "../account";
import { FAQ_SECTIONS, type FaqSectionKey } from "../faq";

const SECTION_KEYS = FAQ_SECTIONS.map((s) => s.key) as [FaqSectionKey, ...FaqSectionKey[]];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const FAQ_SLUG_MAX = 80;

/**
 * A question of /faq: its section, the question and the answer (plain text,
 * paragraphs separated by an empty line), its place in the section, and the answer's anchor
 * (/faq#anchor), made from the question when left empty.
 */
export const faqEntrySchema = z.object({
  Section: z.enum(SECTION_KEYS, { error: "Wybierz dział" }),
  Question: requiredText(300),
  Answer: requiredText(5000),
  Slug: z
    .string()
    .trim()
    .max(FAQ_SLUG_MAX, maxMessage(FAQ_SLUG_MAX))
    .refine(
      (v) => !v || SLUG.test(v),
      "Tylko małe litery bez polskich znaków, cyfry i łączniki, np. jak-dziala-leasing",
    )
    .optional()
    .default(""),
  Position: z.coerce
    .number({ error: "Podaj liczbę" })
    .int("Podaj liczbę całkowitą")
    .min(0, "Podaj liczbę od 0 do 999")
    .max(999, "Podaj liczbę od 0 do 999")
    .default(0),
});
export type FaqEntryInput = z.output<typeof faqEntrySchema>;
