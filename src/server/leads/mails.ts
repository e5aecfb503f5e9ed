import { BRAND } from "../../domain/brand";
import type { OutgoingMail } from "../mail/outbox";

/** Escapes text for HTML mail: whatever a person typed (HTML too) is shown as text, never as markup. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export type MailLine = [label: string, value: string | number | null | undefined];

export function render(
  title: string,
  intro: string[],
  lines: MailLine[],
  outro: string[] = [],
): { text: string; html: string } {
  const shown = lines.filter(([, v]) => v !== null && v !== undefined && v !== "");
  const text = [
    ...intro,
    "",
    ...shown.map(([k, v]) => `${k}: ${v}`),
    ...(outro.length ? ["", ...outro] : []),
  ].join("\n");
  const html = `<!doctype html><html lang="pl"><body style="font-family:Arial,sans-serif;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${intro.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${
  shown.length
    ? `<table cellpadding="4" style="border-collapse:collapse">${shown
        .map(
          ([k, v]) =>
            `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(String(v))}</td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${outro.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
</body></html>`;
  return { text, html };
}

export function salesMail(to: string, subject: string, intro: string, lines: MailLine[]): OutgoingMail {
  return { to, subject, ...render(subject, [intro], lines) };
}

export function customerQuestionMail(opts: {
  to: string;
  name: string;
  leadId: number;
  offerTitle: string | null;
  certificateUrl: string | null;
}): OutgoingMail {
  const subject = `Dziękujemy za zapytanie – ${BRAND.name}`;
  const intro = [
    `Dzień dobry ${opts.name},`,
    opts.offerTitle
      ? `dziękujemy za zapytanie o ofertę: ${opts.offerTitle}.`
      : "dziękujemy za zapytanie wysłane przez nasz formularz.",
    "Nasz doradca skontaktuje się z Tobą w ciągu 4 godzin (w godzinach pracy: pon. – pt., 9:00 – 19:00).",
  ];
  const outro = [
    ...(opts.certificateUrl
      ? [`Certyfikat stanu technicznego tego samochodu znajdziesz tutaj: ${opts.certificateUrl}`]
      : []),
    `Numer zgłoszenia: ${opts.leadId}.`,
    `Pozdrawiamy,\nzespół ${BRAND.name}\n${BRAND.phone} · ${BRAND.email}`,
  ];
  return { to: opts.to, subject, ...render(subject, intro, [], outro) };
}

export function customerSelfFinancingMail(opts: { to: string; name: string; leadId: number }): OutgoingMail {
  const subject = `Otrzymaliśmy Twoje zgłoszenie – ${BRAND.name}`;
  return {
    to: opts.to,
    subject,
    ...render(
      subject,
      [
        `Dzień dobry ${opts.name},`,
        "dziękujemy za zgłoszenie w sprawie samofinansowania.",
        "Nasz doradca skontaktuje się z Tobą w ciągu 4 godzin (w godzinach pracy: pon. – pt., 9:00 – 19:00).",
      ],
      [],
      [`Numer zgłoszenia: ${opts.leadId}.`, `Pozdrawiamy,\nzespół ${BRAND.name}`],
    ),
  };
}
