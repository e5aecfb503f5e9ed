import { BRAND } from "../../domain/brand";
import { formatCount, formatDateTime, formatPrice, NOUNS } from "../../domain/format";
import { toBrutto } from "../../domain/vehicles";
import { escapeHtml as esc, mailLayout, unsubscribeHeaders } from "../mail/html";
import type { OutgoingMail } from "../mail/outbox";

/**
 * The bidders' notification e-mails that their settings switch on and off (ADR 051): a favourite
 * auction's start and its last hour ("AuctionStart"), and the weekly new auctions ("NewAuctions").
 * Each has a text and an HTML part, says why it came, and carries a one-click unsubscribe of its
 * setting (the List-Unsubscribe headers and a link in the body).
 */

/** One auction as these e-mails show it. */
export interface MailedAuction {
  auctionId: number;
  title: string;
  /** Absolute address of the auction page. */
  link: string;
  /** Absolute address of the main photo (small), or null without photos. */
  photoUrl: string | null;
  start: Date;
  end: Date;
  startingPrice: number;
  currentPrice: number;
  bidCount: number;
}

/** "40 000 zł netto (49 200 zł brutto)": auction prices are netto; the brutto beside it for clarity. */
export const nettoWithBrutto = (netto: number) =>
  `${formatPrice(netto)} netto (${formatPrice(toBrutto(netto))} brutto)`;

/** The price line of an auction: the starting price until someone bids, then the current price. */
function priceLine(a: MailedAuction): { label: string; value: string } {
  return a.bidCount > 0
    ? {
        label: "Aktualna cena",
        value: `${nettoWithBrutto(a.currentPrice)}, liczba ofert: ${a.bidCount}`,
      }
    : { label: "Cena wywoławcza", value: nettoWithBrutto(a.startingPrice) };
}

const FAVOURITES_NOTE =
  "Tę wiadomość wysyłamy, bo ta aukcja jest w Twoich ulubionych, a w ustawieniach konta włączono powiadomienia o aukcjach z ulubionych.";
const WEEKLY_NOTE =
  "Tę wiadomość wysyłamy raz w tygodniu, w poniedziałek rano, bo w ustawieniach konta włączono powiadomienia o nowych aukcjach.";

const SIGNATURE = `Zespół aukcji ${BRAND.name}`;

/** The ending of every such e-mail: why it came, the one-click unsubscribe, the signature. */
function ending(note: string, unsubscribe: { url: string; label: string }) {
  return {
    text: ["", note, `${unsubscribe.label}: ${unsubscribe.url}`, "", SIGNATURE],
    html: `<p style="margin:24px 0 0">${esc(SIGNATURE)}</p>
<p style="font-size:12px;color:#475569;margin-top:24px">${esc(note)} <a href="${esc(unsubscribe.url)}" style="color:#475569">${esc(unsubscribe.label)}</a>.</p>`,
  };
}

/** An auction's card in the HTML part: the photo, the title as a link, the price and the times. */
function auctionCard(a: MailedAuction, rows: { label: string; value: string }[]): string {
  const photo = a.photoUrl
    ? `<td style="padding:8px 12px 8px 0;width:160px;vertical-align:top"><a href="${esc(a.link)}"><img src="${esc(a.photoUrl)}" width="160" height="120" alt="${esc(a.title)}" style="display:block;border-radius:6px;border:0"></a></td>`
    : "";
  const lines = rows
    .map(
      (r) =>
        `<p style="margin:4px 0;font-size:14px"><span style="color:#475569">${esc(r.label)}:</span> <strong>${esc(r.value)}</strong></p>`,
    )
    .join("");
  return `<table role="presentation" style="border-collapse:collapse;width:100%;margin-top:12px"><tr>${photo}<td style="padding:8px 0;vertical-align:top"><a href="${esc(a.link)}" style="color:#0f172a;font-weight:bold;font-size:16px">${esc(a.title)}</a> <span style="font-size:12px;color:#475569">(nr ${a.auctionId})</span>${lines}</td></tr></table>`;
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${esc(href)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${esc(label)}</a></p>`;

const FAVOURITES_UNSUBSCRIBE = "Wyłącz powiadomienia o aukcjach z ulubionych";

/**
 * Whether the favourites' e-mails may invite to bid: a person whose account may not bid yet reads
 * what to do first instead (the auction page would refuse them), with the address of the settings.
 */
export type MailedStanding =
  | { mayBid: true }
  | { mayBid: false; why: "reverification" | "notAllowed"; settingsUrl: string };

/** What a person who may not bid yet reads in place of the invitation to bid. */
function firstStep(s: Exclude<MailedStanding, { mayBid: true }>): string {
  const why =
    s.why === "reverification"
      ? "Licytować możesz po zakończeniu ponownej weryfikacji danych firmy (zmieniono NIP lub nazwę firmy); poinformujemy Cię e-mailem."
      : "Licytować mogą tylko zweryfikowane konta firmowe (przedsiębiorcy).";
  return `${why} Sprawdź dane firmy w ustawieniach konta: ${s.settingsUrl}`;
}

/** A favourite auction and its moment, in one of the two favourites' e-mails. */
function favouriteMail(
  to: string,
  a: MailedAuction,
  unsubscribeUrl: string,
  words: { subject: string; heading: string; lead: string; action: string; firstStep?: string },
): OutgoingMail {
  const price = priceLine(a);
  const first = words.firstStep ? [words.firstStep] : [];
  const rows = [price, { label: "Koniec aukcji", value: formatDateTime(a.end) }];
  const end = ending(FAVOURITES_NOTE, { url: unsubscribeUrl, label: FAVOURITES_UNSUBSCRIBE });
  const text = [
    "Dzień dobry,",
    "",
    words.lead,
    ...first,
    ...rows.map((r) => `${r.label}: ${r.value}.`),
    "",
    `${words.action}: ${a.link}`,
    ...end.text,
  ].join("\n");
  const html = mailLayout(
    words.subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${esc(words.heading)}</h1>
<p>${esc(words.lead)}</p>
${first.map((line) => `<p style="background:#fef3c7;color:#78350f;padding:8px 12px;border-radius:6px">${linked(line)}</p>`).join("")}
${auctionCard(a, rows)}
${button(a.link, words.action)}
${end.html}`,
  );
  return { to, subject: words.subject, text: `${text}\n`, html, headers: unsubscribeHeaders(unsubscribeUrl) };
}

/** The text's address as a link in the HTML part (the settings' address ends the first step). */
function linked(line: string): string {
  const m = /^(.*: )(https?:\/\/\S+)$/.exec(line);
  return m ? `${esc(m[1])}<a href="${esc(m[2])}" style="color:#78350f">${esc(m[2])}</a>` : esc(line);
}

/** A favourite auction has started. */
export function favouriteStartedMail(
  to: string,
  a: MailedAuction,
  unsubscribeUrl: string,
  standing: MailedStanding = { mayBid: true },
): OutgoingMail {
  const lead = `Rozpoczęła się aukcja „${a.title}” (nr ${a.auctionId}), którą masz w ulubionych.`;
  return favouriteMail(to, a, unsubscribeUrl, {
    subject: `Rozpoczęła się aukcja z Twoich ulubionych: ${a.title}`,
    heading: "Aukcja z Twoich ulubionych już trwa",
    lead: standing.mayBid ? `${lead} Możesz już licytować.` : lead,
    action: "Przejdź do aukcji",
    firstStep: standing.mayBid ? undefined : firstStep(standing),
  });
}

/** A favourite auction ends within the hour (ENDS_SOON_MS). */
export function favouriteEndsSoonMail(
  to: string,
  a: MailedAuction,
  unsubscribeUrl: string,
  standing: MailedStanding = { mayBid: true },
): OutgoingMail {
  const lead = `Aukcja „${a.title}” (nr ${a.auctionId}), którą masz w ulubionych, kończy się ${formatDateTime(a.end)}.`;
  return favouriteMail(to, a, unsubscribeUrl, {
    subject: `Aukcja z Twoich ulubionych wkrótce się kończy: ${a.title}`,
    heading: "Ostatnia godzina aukcji z Twoich ulubionych",
    lead: standing.mayBid ? `${lead} Jeśli chcesz licytować, zostało niewiele czasu.` : lead,
    action: standing.mayBid ? "Licytuj teraz" : "Przejdź do aukcji",
    firstStep: standing.mayBid ? undefined : firstStep(standing),
  });
}

/** The weekly list: the auctions published in the past week that are still open. */
export function newAuctionsMail(
  to: string,
  auctions: MailedAuction[],
  opts: { unsubscribeUrl: string; listUrl: string },
): OutgoingMail {
  const count = formatCount(auctions.length, NOUNS.newAuction);
  const subject = `Aukcje ${BRAND.name}: ${count} z ostatniego tygodnia`;
  const text: string[] = ["Dzień dobry,", "", `oto aukcje opublikowane w ostatnim tygodniu (${count}):`];
  const cards: string[] = [];
  for (const a of auctions) {
    const rows = [
      { label: "Cena wywoławcza", value: nettoWithBrutto(a.startingPrice) },
      ...(a.bidCount > 0 ? [priceLine(a)] : []),
      { label: "Początek", value: formatDateTime(a.start) },
      { label: "Koniec", value: formatDateTime(a.end) },
    ];
    text.push(
      "",
      `* ${a.title} (nr ${a.auctionId})`,
      ...rows.map((r) => `  ${r.label}: ${r.value}`),
      `  ${a.link}`,
    );
    cards.push(auctionCard(a, rows));
  }
  text.push("", `Wszystkie aukcje: ${opts.listUrl}`);
  const end = ending(WEEKLY_NOTE, {
    url: opts.unsubscribeUrl,
    label: "Wyłącz powiadomienia o nowych aukcjach",
  });
  const html = mailLayout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Nowe aukcje z ostatniego tygodnia</h1>
<p>Oto aukcje opublikowane w ostatnim tygodniu (${esc(count)}). Ceny podajemy netto, w nawiasie brutto (z VAT 23%).</p>
${cards.join("\n")}
${button(opts.listUrl, "Zobacz wszystkie aukcje")}
${end.html}`,
  );
  return {
    to,
    subject,
    text: `${[...text, ...end.text].join("\n")}\n`,
    html,
    headers: unsubscribeHeaders(opts.unsubscribeUrl),
  };
}

const EVENT_NOTE =
  "Tę wiadomość wysyłamy, bo samochód z tego wydarzenia jest w Twoich ulubionych, a w ustawieniach konta włączono powiadomienia o aukcjach z ulubionych.";

/**
 * An auction event starts soon (ADR 060): its name and moments, the favourite lots in it, the event's
 * page and its calendar file. One e-mail per event instead of one per lot.
 */
export function eventReminderMail(
  to: string,
  e: {
    name: string;
    startsAt: Date;
    firstCloseAt: Date;
    intervalSeconds: number;
    lots: number;
    link: string;
    calendarLink: string;
    favourites: { lotNumber: number; title: string }[];
  },
  unsubscribeUrl: string,
): OutgoingMail {
  const subject = `Wkrótce rozpoczyna się wydarzenie aukcyjne: ${e.name}`;
  const lead = `Licytacja w wydarzeniu „${e.name}” (${formatCount(e.lots, NOUNS.car)}) rozpocznie się ${formatDateTime(e.startsAt)}.`;
  const close = `Licytacja pierwszego samochodu kończy się ${formatDateTime(e.firstCloseAt)}, kolejnych po nim co ${e.intervalSeconds} s.`;
  const yours = e.favourites.map((f) => `Nr ${f.lotNumber}: ${f.title}`);
  const end = ending(EVENT_NOTE, { url: unsubscribeUrl, label: FAVOURITES_UNSUBSCRIBE });
  const text = [
    "Dzień dobry,",
    "",
    lead,
    close,
    "",
    "Samochody z Twoich ulubionych w tym wydarzeniu:",
    ...yours,
    "",
    `Kolejność i przebieg wydarzenia: ${e.link}`,
    `Dodaj do kalendarza: ${e.calendarLink}`,
    ...end.text,
  ].join("\n");
  const html = mailLayout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${esc(e.name)}</h1>
<p>${esc(lead)}</p>
<p>${esc(close)}</p>
<p style="margin:12px 0 4px">Samochody z Twoich ulubionych w tym wydarzeniu:</p>
<ul>${yours.map((y) => `<li>${esc(y)}</li>`).join("")}</ul>
${button(e.link, "Przejdź do wydarzenia")}
<p><a href="${esc(e.calendarLink)}" style="color:#1d4ed8">Dodaj do kalendarza (plik .ics)</a></p>
${end.html}`,
  );
  return { to, subject, text: `${text}\n`, html, headers: unsubscribeHeaders(unsubscribeUrl) };
}
