import { useLocation } from "react-router";
import { LITERAL_DEFAULTS, type Literals, phoneHref } from "../../../domain/literals";

/** Paths where a visitor deals with auctions: there the block shows the auction team's contacts. */
const AUCTION_PATHS = [
  "/aukcje-samochodowe",
  "/auction/",
  "/licytowanie",
  "/wkrotce-w-sprzedazy",
  "/wygrane-aukcje",
  "/zaakceptuj-regulamin",
];

export function isAuctionPath(pathname: string): boolean {
  return AUCTION_PATHS.some((p) => pathname === p || pathname.startsWith(p.endsWith("/") ? p : `${p}/`));
}

/**
 * Phone and e-mail boxes (spec: /kontakt; "on auction pages the block switches to auction contact
 * details"). Values come from the literals, so the company changes them without a deploy.
 */
export function ContactBlock({
  literals,
  auction,
  headingLevel = 2,
}: {
  literals?: Partial<Literals>;
  /** Forces the variant; by default it follows the current path. */
  auction?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { pathname } = useLocation();
  const l = { ...LITERAL_DEFAULTS, ...literals };
  const forAuctions = auction ?? isAuctionPath(pathname);
  const phone = forAuctions ? l.AuctionPhone : l.ContactPhone;
  const email = forAuctions ? l.AuctionEmail : l.ContactEmail;
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-contact-variant={forAuctions ? "aukcje" : "ogolny"}>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <H className="text-lg font-semibold text-slate-900">
          {forAuctions ? "Zadzwoń do działu aukcji" : "Zadzwoń do nas"}
        </H>
        <a
          href={phoneHref(phone)}
          className="mt-3 block text-2xl font-bold text-brand-700 underline-offset-4 hover:underline"
        >
          {phone}
        </a>
        <p className="mt-2 whitespace-nowrap text-slate-700">{l.ContactHours}</p>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <H className="text-lg font-semibold text-slate-900">
          {forAuctions ? "Napisz w sprawie aukcji" : "Napisz do nas"}
        </H>
        <a
          href={`mailto:${email}`}
          className="mt-3 block break-all text-2xl font-bold text-brand-700 underline-offset-4 hover:underline"
        >
          {email}
        </a>
        <p className="mt-2 text-slate-700">
          {forAuctions
            ? "Odpowiadamy na pytania o licytacje, płatności i odbiór pojazdów."
            : "Odpowiemy najpóźniej następnego dnia roboczego."}
        </p>
      </div>
    </div>
  );
}
