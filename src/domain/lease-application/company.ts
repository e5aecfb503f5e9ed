import type { LegalForm, VatStatus } from "./rules";

/**
 * The company's facts the decision reads, from what the VAT register answers: its status (with the
 * date of removal, a removed company is "Niezarejestrowany" there), and the legal form, which the
 * register does not state but its name and numbers show: a sole trader has a PESEL and no KRS, a
 * company names its form in its name ("SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ", "SP. Z O.O.").
 */
export function vatStatusFromRegister(
  statusVat: string | null | undefined,
  removalDate?: string | null,
): VatStatus {
  const s = (statusVat ?? "").trim().toLowerCase();
  if (s === "czynny") return "active";
  if (s === "zwolniony") return "exempt";
  if (removalDate || s === "niezarejestrowany") return "removed";
  return "unknown";
}

const FORMS: [RegExp, LegalForm][] = [
  [/SP(ÓŁKA|\.)\s*Z\s*OGRANICZON(Ą|A)\s*ODPOWIEDZIALNO(Ś|S)CI(Ą|A)|SP\.?\s*Z\s*O\.?\s*O\.?/, "spzoo"],
  [/SP(ÓŁKA|\.)\s*AKCYJNA|\bS\.?A\.?$/, "sa"],
  [/SP(ÓŁKA|\.)\s*KOMANDYTOWA|SP\.?\s*K\.?$/, "spk"],
  [/SP(ÓŁKA|\.)\s*JAWNA|SP\.?\s*J\.?$/, "spj"],
  [/SP(ÓŁKA|\.)\s*CYWILNA|\bS\.?C\.?$/, "sc"],
  [/FUNDACJA|STOWARZYSZENIE|SPÓŁDZIELNIA|PARTNERSKA/, "other"],
];

export function legalFormFromRegister(subject: {
  name?: string | null;
  krs?: string | null;
  pesel?: string | null;
}): LegalForm | null {
  const name = (subject.name ?? "").toUpperCase().replace(/\s+/g, " ").trim();
  for (const [re, form] of FORMS) if (re.test(name)) return form;
  if (subject.pesel && !subject.krs) return "jdg";
  return null;
}
