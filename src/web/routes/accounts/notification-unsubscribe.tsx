import { data } from "react-router";
import { UNSUBSCRIBABLE_NOTIFICATIONS, type UnsubscribableNotification } from "../../../domain/account";
import { MailLinkPage, mailLinkHeaders } from "../../components/mail-link-page";
import type { Route } from "./+types/notification-unsubscribe";

const LINK = /^wypisanie=(.+)$/;

/** The setting and the token of /powiadomienia/{setting}/wypisanie={token}; anything else is 404. */
function parseLink(params: { setting?: string; link?: string }) {
  const setting = (UNSUBSCRIBABLE_NOTIFICATIONS as Record<string, UnsubscribableNotification>)[
    params.setting ?? ""
  ];
  const m = LINK.exec(params.link ?? "");
  if (!setting || !m) throw data(null, { status: 404 });
  return { setting, token: m[1] };
}

type View = "confirm" | "switchedOff" | "alreadyOff";

/**
 * The unsubscribe link of a bidder's notification e-mails (ADR 051): /powiadomienia/ulubione-aukcje/
 * wypisanie={token} (a favourite auction's start and last hour) and /powiadomienia/nowe-aukcje/
 * wypisanie={token} (the weekly new auctions), also their List-Unsubscribe address. As the alerts'
 * links (ADR 050): opening it (GET) changes nothing, it shows the setting's state and a button; the
 * button, or a mail program's one-click POST (RFC 8058), switches the setting off. The token is the
 * account's own, so no sign-in is needed; an unknown one is the not-found page (404).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { setting, token } = parseLink(params);
  const on = await context.services.auctions.notifications.settingByToken(token, setting);
  if (on === null) throw data(null, { status: 404 });
  return { setting, view: (on ? "confirm" : "alreadyOff") as View };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { setting, token } = parseLink(params);
  if (!(await context.services.auctions.notifications.switchOff(token, setting)))
    throw data(null, { status: 404 });
  return { view: "switchedOff" as View };
}

export const headers = mailLinkHeaders;

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** What each page says, by setting: its name in the titles and what it sends in the leads. */
const WORDS: Record<UnsubscribableNotification, { name: string; sends: string }> = {
  AuctionStart: {
    name: "o aukcjach z ulubionych",
    sends: "e-maili o rozpoczęciu aukcji z Twoich ulubionych i o ich ostatniej godzinie",
  },
  NewAuctions: {
    name: "o nowych aukcjach",
    sends: "cotygodniowego e-maila z nowymi aukcjami",
  },
  Outbid: {
    name: "o przelicytowaniu",
    sends: "e-maili o przelicytowaniu Twoich ofert ani o przekroczeniu Twojej maksymalnej oferty",
  },
};

function texts(view: View, setting: UnsubscribableNotification) {
  const { name, sends } = WORDS[setting];
  const settings = "Powiadomienia możesz znów włączyć w ustawieniach konta, w części „Powiadomienia e-mail”.";
  switch (view) {
    case "confirm":
      return {
        title: `Wyłączyć powiadomienia ${name}?`,
        lead: `Po wyłączeniu nie będziemy wysyłać Ci ${sends}. Pozostałe powiadomienia się nie zmienią.`,
      };
    case "switchedOff":
      return {
        title: `Powiadomienia ${name} zostały wyłączone`,
        lead: `Nie będziemy już wysyłać Ci ${sends}. ${settings}`,
      };
    case "alreadyOff":
      return {
        title: `Powiadomienia ${name} są już wyłączone`,
        lead: `Nie wysyłamy Ci ${sends}. ${settings}`,
      };
  }
}

export default function NotificationUnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData?.view ?? loaderData.view;
  const { title, lead } = texts(view, loaderData.setting);
  return (
    <MailLinkPage
      title={title}
      lead={lead}
      // Switched off, or off already: what the person came for.
      ok
      button={view === "confirm" ? "Wyłącz powiadomienia" : undefined}
      links={[
        { to: "/aukcje-samochodowe", label: "Przeglądaj aukcje" },
        { to: "/ustawienia", label: "Ustawienia konta" },
      ]}
    />
  );
}
