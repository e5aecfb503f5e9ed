import { BRAND } from "../../domain/brand";
import { formatDateTime } from "../../domain/format";
import { applicantReasons, type Decision } from "../../domain/lease-application/rules";
import { type MailLine, render } from "../leads/mails";
import type { OutgoingMail } from "../mail/outbox";

const SIGNATURE = `Pozdrawiamy,\nzespół ${BRAND.name}\n${BRAND.phone} · ${BRAND.email}`;

function mail(
  to: string,
  subject: string,
  intro: string[],
  lines: MailLine[],
  outro: string[],
): OutgoingMail {
  return { to, subject, ...render(subject, intro, lines, [...outro, SIGNATURE]) };
}

/** The reasons and what would change them, one line each, as the decision page shows them. */
function reasonLines(d: Pick<Decision, "Results">): string[] {
  return applicantReasons(d as Decision).map((r) =>
    r.Change ? `• ${r.Reason}. Co to zmieni: ${r.Change}.` : `• ${r.Reason}.`,
  );
}

/** The e-mails the applicant gets at each step of the application (each with the link to its page). */
export const applicantMail = {
  submitted(o: {
    to: string;
    name: string;
    id: number;
    car: string;
    decision: Decision;
    reservedUntil: Date | null;
    link: string;
    documents: string | null;
    accountUrl: string | null;
  }): OutgoingMail {
    const first: Record<Decision["Outcome"], string> = {
      accept:
        "wstępna decyzja w sprawie Twojego wniosku jest pozytywna. Analityk potwierdzi ją po sprawdzeniu wniosku.",
      review: "Twój wniosek przekazaliśmy analitykowi. Odpowiemy w ciągu jednego dnia roboczego.",
      refuse: "na podstawie danych z wniosku nie możemy teraz zaproponować finansowania.",
    };
    return mail(
      o.to,
      `${o.decision.Title}: wniosek leasingowy nr ${o.id}`,
      [
        `Dzień dobry ${o.name},`,
        `dziękujemy za wniosek o finansowanie samochodu ${o.car}.`,
        first[o.decision.Outcome],
      ],
      [
        ["Numer wniosku", o.id],
        ["Wstępna decyzja", o.decision.Title],
        ["Rezerwacja samochodu do", o.reservedUntil ? formatDateTime(o.reservedUntil) : null],
      ],
      [
        ...reasonLines(o.decision),
        ...(o.documents ? [`${o.documents}: dodasz je na stronie wniosku.`] : []),
        `Wniosek i jego przebieg zobaczysz tutaj: ${o.link}`,
        ...(o.accountUrl
          ? [
              `Załóż konto na ten sam adres e-mail, aby mieć wnioski i aukcje w jednym miejscu: ${o.accountUrl}`,
            ]
          : []),
      ],
    );
  },
  documentsRequested(o: {
    to: string;
    name: string;
    id: number;
    documents: string;
    link: string;
  }): OutgoingMail {
    return mail(
      o.to,
      `Prośba o dokumenty: wniosek leasingowy nr ${o.id}`,
      [`Dzień dobry ${o.name},`, "aby rozpatrzyć Twój wniosek, potrzebujemy dokumentów:"],
      [["Dokumenty", o.documents]],
      [`Dodasz je na stronie wniosku: ${o.link}`],
    );
  },
  finalDecision(o: {
    to: string;
    name: string;
    id: number;
    approved: boolean;
    reason: string;
    link: string;
  }): OutgoingMail {
    return mail(
      o.to,
      `${o.approved ? "Wniosek zaakceptowany" : "Wniosek odrzucony"}: wniosek leasingowy nr ${o.id}`,
      [
        `Dzień dobry ${o.name},`,
        o.approved
          ? "analityk zaakceptował Twój wniosek. Przygotowujemy umowę: doradca skontaktuje się z Tobą, aby ustalić termin podpisania."
          : "analityk rozpatrzył Twój wniosek i nie możemy zaproponować finansowania.",
      ],
      [["Uzasadnienie", o.reason]],
      [`Szczegóły wniosku: ${o.link}`],
    );
  },
};

export function salesApplicationMail(
  to: string,
  id: number,
  car: string,
  company: string,
  decision: Decision,
  panelLink: string,
): OutgoingMail {
  return mail(
    to,
    `Nowy wniosek leasingowy nr ${id}: ${decision.Title}`,
    ["Wpłynął wniosek leasingowy złożony online."],
    [
      ["Samochód", car],
      ["Firma", company],
      ["Wstępna decyzja", decision.Title],
    ],
    [...reasonLines(decision), `Wniosek w panelu: ${panelLink}`],
  );
}
