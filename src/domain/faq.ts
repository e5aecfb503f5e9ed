/** The FAQ sections (spec section 1), in page order; entries live in the `faq_entries` table. */
export const FAQ_SECTIONS = [
  { key: "nowe", title: "Samochody nowe" },
  { key: "poleasingowe", title: "Samochody poleasingowe" },
  { key: "finansowanie", title: "Finansowanie" },
  { key: "umowa", title: "Szczegóły umowy" },
  { key: "pakiety", title: "Pakiety dodatkowe" },
  { key: "aukcje", title: "Aukcje" },
  { key: "elektryk", title: "Dopłata „Mój elektryk”" },
] as const;

export type FaqSectionKey = (typeof FAQ_SECTIONS)[number]["key"];

export interface FaqEntry {
  section: FaqSectionKey;
  /** Anchor of the answer on /faq (#slug), stable so links keep working. */
  slug: string;
  question: string;
  /** Plain text; paragraphs separated by an empty line. */
  answer: string;
}
