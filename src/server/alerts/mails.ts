import { listQueryFromCriteria } from "../../domain/alerts/prefill";
import { type OptionNames, summaryRows } from "../../domain/alerts/summary";
import type { AlertCriteria } from "../../domain/alerts/wizard";
import { BRAND } from "../../domain/brand";
import { formatCount, NOUNS } from "../../domain/format";
import type { ListTerms } from "../../domain/headline-price";
import { escapeHtml, mailLayout, unsubscribeHeaders } from "../mail/html";
import type { OutgoingMail } from "../mail/outbox";

/**
 * The alert e-mails: the double opt-in activation and the daily digest. Both carry a deactivation
 * link (/alert/dezaktywacja={guid}) and a one-click unsubscribe header (RFC 8058: List-Unsubscribe
 * with an https address and List-Unsubscribe-Post), which mail programs show as "unsubscribe".
 */

const esc = escapeHtml;
const layout = mailLayout;

/** 1 nowa oferta, 2 nowe oferty, 5 nowych ofert. */
export const newOffersText = (n: number): string => formatCount(n, NOUNS.newOffer);

/**
 * What a digest brings, by kind: "2 nowe oferty", "1 oferta w niższej cenie", "2 nowe oferty i 1 oferta
 * w niższej cenie".
 */
export function digestNewsText(offers: readonly Pick<DigestOffer, "cheaper">[]): string {
  const cheaper = offers.filter((o) => o.cheaper).length;
  const added = offers.length - cheaper;
  const parts = [
    ...(added ? [newOffersText(added)] : []),
    ...(cheaper ? [`${formatCount(cheaper, NOUNS.offer)} w niższej cenie`] : []),
  ];
  return parts.join(" i ");
}

/**
 * The digest's subject: the car by name when the e-mail brings one offer ("Alert Flotis: Kia EV6 GT w
 * niższej cenie"), else what it brings ("Alert Flotis: 2 nowe oferty dla Ciebie").
 */
function digestSubject(offers: readonly Pick<DigestOffer, "title" | "cheaper">[], news: string): string {
  if (offers.length === 1) {
    const [o] = offers;
    return `Alert ${BRAND.name}: ${o.cheaper ? `${o.title} w niższej cenie` : `nowa oferta – ${o.title}`}`;
  }
  return `Alert ${BRAND.name}: ${news} dla Ciebie`;
}

export const activationPath = (guid: string) => `/alert/aktywacja=${guid}`;
export const deactivationPath = (guid: string) => `/alert/dezaktywacja=${guid}`;
/** Every alert of one address (a digest's List-Unsubscribe): by the owner's token. */
export const unsubscribePath = (token: string) => `/alert/wypisanie=${token}`;

function criteriaTable(criteria: AlertCriteria, names: OptionNames): { text: string; html: string } {
  const rows = summaryRows(criteria, names);
  return {
    text: rows.map((r) => `- ${r.label}: ${r.value}`).join("\n"),
    html: `<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px">${rows
      .map(
        (r) =>
          `<tr><td style="padding:4px 8px 4px 0;color:#475569;width:45%">${esc(r.label)}</td><td style="padding:4px 0;font-weight:bold">${esc(r.value)}</td></tr>`,
      )
      .join("")}</table>`,
  };
}

export function activationMail(opts: {
  publicUrl: string;
  email: string;
  guid: string;
  criteria: AlertCriteria;
  names: OptionNames;
  unsubscribeUrl: string;
}): OutgoingMail {
  const activate = `${opts.publicUrl}${activationPath(opts.guid)}`;
  const deactivate = `${opts.publicUrl}${deactivationPath(opts.guid)}`;
  const table = criteriaTable(opts.criteria, opts.names);
  const subject = "Potwierdź alert o nowych ofertach samochodów";
  const text = `Dzień dobry,

dziękujemy za ustawienie alertu w serwisie ${BRAND.name}. Aby zacząć otrzymywać powiadomienia o nowych
i tańszych samochodach, potwierdź adres e-mail, otwierając link:

${activate}

Kryteria alertu:
${table.text}

Jeśli alert nie został ustawiony przez Ciebie, zignoruj tę wiadomość: bez potwierdzenia nie wyślemy żadnych powiadomień.
Wyłączenie alertu: ${deactivate}
`;
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Potwierdź swój alert</h1>
<p>Dziękujemy za ustawienie alertu. Aby zacząć otrzymywać powiadomienia o nowych i tańszych samochodach, potwierdź adres e-mail.</p>
<p style="margin:24px 0"><a href="${esc(activate)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Potwierdzam alert</a></p>
<h2 style="font-size:16px;margin:24px 0 8px">Kryteria alertu</h2>
${table.html}
<p style="font-size:12px;color:#475569;margin-top:24px">Jeśli alert nie został ustawiony przez Ciebie, zignoruj tę wiadomość: bez potwierdzenia nie wyślemy żadnych powiadomień.
<a href="${esc(deactivate)}" style="color:#475569">Wyłącz alert</a>.</p>`,
  );
  return { to: opts.email, subject, text, html, headers: unsubscribeHeaders(opts.unsubscribeUrl) };
}

export interface DigestOffer {
  title: string;
  url: string;
  photoUrl: string | null;
  /** "129 900 zł netto", "1 499 zł netto/mies." */
  price: string;
  /** Matched for a price drop rather than as a new offer. */
  cheaper: boolean;
  /**
   * A price drop's price before it in the same words ("139 900 zł netto / 171 977 zł brutto"); null
   * when not known.
   */
  previousPrice: string | null;
  /** A price drop's "od" instalment beside the price ("od 1 499 zł netto/mies."), and before it. */
  instalment: string | null;
  previousInstalment: string | null;
}

export interface DigestSection {
  guid: string;
  criteria: AlertCriteria;
  offers: DigestOffer[];
}

/** An e-mail lists at most this many offers per alert; the rest are one link away on the list. */
export const MAX_OFFERS_PER_ALERT = 10;

/** The terms of the "od" instalments, as the lists state them (ADR 042). */
export const instalmentNote = (t: ListTerms) =>
  `Raty „od” netto/mies. to najniższe raty z kalkulatora na stronie oferty: leasing przy ${t.leasing}; najem przy ${t.rent}; ${t.insurance}.`;

export function digestMail(opts: {
  publicUrl: string;
  email: string;
  sections: DigestSection[];
  names: OptionNames;
  unsubscribeUrl: string;
  /** The parameters of the "od" instalments (ADR 020), stated under the offers. */
  terms?: ListTerms;
}): OutgoingMail {
  const offers = opts.sections.flatMap((s) => s.offers);
  const news = digestNewsText(offers);
  const subject = digestSubject(offers, news);
  const textParts: string[] = ["Dzień dobry,", "", `mamy samochody pasujące do Twojego alertu (${news}).`];
  const htmlParts: string[] = [
    `<h1 style="font-size:22px;margin:0 0 12px">Samochody pasujące do Twojego alertu</h1>`,
  ];
  for (const section of opts.sections) {
    const table = criteriaTable(section.criteria, opts.names);
    const deactivate = `${opts.publicUrl}${deactivationPath(section.guid)}`;
    textParts.push("");
    htmlParts.push(`<table role="presentation" style="border-collapse:collapse;width:100%;margin-top:12px">`);
    for (const o of section.offers.slice(0, MAX_OFFERS_PER_ALERT)) {
      const note = !o.cheaper
        ? "nowa oferta"
        : o.previousPrice
          ? `niższa cena, wcześniej ${o.previousPrice}`
          : "niższa cena";
      const instalment = o.instalment
        ? `; rata ${o.instalment}${o.previousInstalment ? ` (wcześniej ${o.previousInstalment})` : ""}`
        : "";
      textParts.push(`* ${o.title} (${note}): ${o.price}${instalment}`, `  ${o.url}`);
      const photo = o.photoUrl
        ? `<td style="padding:8px 12px 8px 0;width:160px;vertical-align:top"><a href="${esc(o.url)}"><img src="${esc(o.photoUrl)}" width="160" height="120" alt="${esc(o.title)}" style="display:block;border-radius:6px;border:0"></a></td>`
        : "";
      htmlParts.push(`<tr>${photo}<td style="padding:8px 0;vertical-align:top"><a href="${esc(o.url)}" style="color:#0f172a;font-weight:bold;font-size:16px">${esc(o.title)}</a>
<p style="margin:4px 0;font-size:18px;font-weight:bold;color:#1d4ed8">${esc(o.price)}${o.previousPrice ? ` <s style="font-size:14px;font-weight:normal;color:#475569">${esc(o.previousPrice)}</s>` : ""}</p>
${o.instalment ? `<p style="margin:0 0 4px;font-size:14px;color:#0f172a">rata ${esc(o.instalment)}${o.previousInstalment ? ` <s style="color:#475569">${esc(o.previousInstalment)}</s>` : ""}</p>` : ""}
<p style="margin:0;font-size:12px;color:#475569">${esc(note)}</p></td></tr>`);
    }
    const more = section.offers.length - MAX_OFFERS_PER_ALERT;
    const moreHtml =
      more > 0
        ? (() => {
            const list = `${opts.publicUrl}/lista-pojazdow?${listQueryFromCriteria(section.criteria)}`;
            textParts.push("", `…i jeszcze ${more} — wszystkie pasujące oferty: ${list}`);
            return `<p style="margin:8px 0"><a href="${esc(list)}" style="color:#1d4ed8;font-weight:bold">Zobacz wszystkie pasujące oferty (jeszcze ${more})</a></p>`;
          })()
        : "";
    textParts.push("", "Kryteria alertu:", table.text, "", `Wyłączenie tego alertu: ${deactivate}`);
    htmlParts.push(
      `</table>${moreHtml}<h2 style="font-size:14px;margin:24px 0 8px;color:#475569">Kryteria alertu</h2>${table.html}<p style="font-size:12px;color:#475569"><a href="${esc(deactivate)}" style="color:#475569">Wyłącz ten alert</a></p>`,
    );
  }
  if (opts.terms) {
    const note = instalmentNote(opts.terms);
    textParts.push("", note);
    htmlParts.push(`<p style="font-size:12px;color:#475569;margin-top:16px">${esc(note)}</p>`);
  }
  textParts.push(
    "",
    "Otrzymujesz tę wiadomość, bo na ten adres ustawiono i potwierdzono alert. Wysyłamy najwyżej jedną taką wiadomość dziennie.",
  );
  htmlParts.push(
    `<p style="font-size:12px;color:#475569;margin-top:24px">Otrzymujesz tę wiadomość, bo na ten adres ustawiono i potwierdzono alert. Wysyłamy najwyżej jedną taką wiadomość dziennie.</p>`,
  );
  return {
    to: opts.email,
    subject,
    text: `${textParts.join("\n")}\n`,
    html: layout(subject, htmlParts.join("\n")),
    headers: unsubscribeHeaders(opts.unsubscribeUrl),
  };
}
