import { data } from "react-router";
import { formatCount, NOUNS } from "../../domain/format";
import { MailLinkPage, mailLinkHeaders } from "../components/mail-link-page";
import type { Route } from "./+types/alert-link";

const LINK = /^(aktywacja|dezaktywacja|wypisanie)=(.+)$/;
type LinkAction = "aktywacja" | "dezaktywacja" | "wypisanie";

/** Each answer of the pages, with what it shows. */
type View =
  | "confirmActivation"
  | "activated"
  | "alreadyActive"
  | "switchedOff"
  | "confirmDeactivation"
  | "deactivated"
  | "alreadyDeactivated"
  | "confirmUnsubscribe"
  | "unsubscribed"
  | "nothingToUnsubscribe";

function parseLink(link: string | undefined): { action: LinkAction; id: string } {
  const m = LINK.exec(link ?? "");
  if (!m) throw data(null, { status: 404 });
  return { action: m[1] as LinkAction, id: m[2] };
}

const notFound = () => data(null, { status: 404 });

/**
 * The e-mail links /alert/aktywacja={guid}, /alert/dezaktywacja={guid} (spec section 2) and
 * /alert/wypisanie={token} (every alert of an address, a digest's List-Unsubscribe). Opening one (GET)
 * changes nothing: it shows the alert's state and, when there is something to do, one button, so a mail
 * scanner that follows the links neither activates nor switches off an alert. The button posts to the
 * same address; so does a mail program's one-click unsubscribe (RFC 8058). A second click answers with
 * the state ("already active"), never the not-found page; an unknown link is the not-found page (404).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { action, id } = parseLink(params.link);
  const alerts = context.services.alerts;
  if (action === "wypisanie") {
    const active = await alerts.ownerActiveAlerts(id);
    if (active === null) throw notFound();
    return { view: (active ? "confirmUnsubscribe" : "nothingToUnsubscribe") as View, active };
  }
  const state = await alerts.linkState(id);
  if (!state) throw notFound();
  const views: Record<"aktywacja" | "dezaktywacja", Record<typeof state, View>> = {
    aktywacja: { pending: "confirmActivation", active: "alreadyActive", deactivated: "switchedOff" },
    dezaktywacja: {
      pending: "confirmDeactivation",
      active: "confirmDeactivation",
      deactivated: "alreadyDeactivated",
    },
  };
  return { view: views[action][state], active: 0 };
}

/** The confirming click (or a mail program's one-click POST): the change, answered with its result. */
export async function action({ params, context }: Route.ActionArgs) {
  const { action, id } = parseLink(params.link);
  const alerts = context.services.alerts;
  if (action === "aktywacja") {
    const result = await alerts.activateByLink(id);
    if (!result) throw notFound();
    const view: View = result.activated
      ? "activated"
      : result.state === "active"
        ? "alreadyActive"
        : "switchedOff";
    return { view };
  }
  try {
    await alerts.unsubscribe(action === "wypisanie" ? { token: id } : { guid: id });
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw notFound();
    throw err;
  }
  return { view: (action === "wypisanie" ? "unsubscribed" : "deactivated") as View };
}

/** Never kept by a browser or a shared cache: the page shows the alert's state of the moment. */
export const headers = mailLinkHeaders;

/**
 * `ok`: the link did what the person came for (also switching off, as asked); only confirming an
 * alert switched off meanwhile could not be done.
 */
const TEXTS: Record<View, { title: string; lead: string; ok: boolean }> = {
  confirmActivation: {
    title: "Potwierdź alert",
    lead: "Kliknij przycisk, aby zacząć otrzymywać powiadomienia o nowych i tańszych samochodach pasujących do Twoich kryteriów.",
    ok: true,
  },
  activated: {
    title: "Alert jest aktywny",
    lead: "Dziękujemy za potwierdzenie. Gdy pojawi się samochód pasujący do Twoich kryteriów albo jego cena spadnie, wyślemy Ci e-mail, najwyżej jeden dziennie.",
    ok: true,
  },
  alreadyActive: {
    title: "Alert jest już aktywny",
    lead: "Ten alert został już potwierdzony. Gdy pojawi się samochód pasujący do Twoich kryteriów albo jego cena spadnie, wyślemy Ci e-mail, najwyżej jeden dziennie.",
    ok: true,
  },
  switchedOff: {
    title: "Alert został wyłączony",
    lead: "Ten alert wyłączono, więc nie można go już potwierdzić. W każdej chwili możesz ustawić nowy.",
    ok: false,
  },
  confirmDeactivation: {
    title: "Wyłączyć alert?",
    lead: "Po wyłączeniu nie będziemy wysyłać powiadomień z tego alertu.",
    ok: true,
  },
  deactivated: {
    title: "Alert został wyłączony",
    lead: "Nie będziemy już wysyłać powiadomień z tego alertu. W każdej chwili możesz ustawić nowy.",
    ok: true,
  },
  alreadyDeactivated: {
    title: "Alert jest już wyłączony",
    lead: "Nie wysyłamy powiadomień z tego alertu. W każdej chwili możesz ustawić nowy.",
    ok: true,
  },
  confirmUnsubscribe: {
    title: "Wypisać się ze wszystkich alertów?",
    lead: "Wyłączymy wszystkie alerty wysyłane na ten adres e-mail.",
    ok: true,
  },
  unsubscribed: {
    title: "Wypisaliśmy Cię z alertów",
    lead: "Wyłączyliśmy wszystkie alerty wysyłane na ten adres e-mail. W każdej chwili możesz ustawić nowy.",
    ok: true,
  },
  nothingToUnsubscribe: {
    title: "Alerty są już wyłączone",
    lead: "Na ten adres e-mail nie wysyłamy już powiadomień z żadnego alertu. W każdej chwili możesz ustawić nowy.",
    ok: true,
  },
};

/** The button of a page that still asks for the click. */
const BUTTONS: Partial<Record<View, string>> = {
  confirmActivation: "Potwierdzam alert",
  confirmDeactivation: "Wyłącz alert",
  confirmUnsubscribe: "Wypisz mnie",
};

/** The view of the answer: the click's result once there is one, else the state the link found. */
const viewOf = (loaderData: { view: View } | undefined, actionData: { view: View } | undefined) =>
  actionData?.view ?? loaderData?.view ?? "confirmActivation";

// The title is the page's own <title> (MailLinkPage): after the click it says the click's result, which
// meta() cannot see (it gets the loader's data only).
export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function AlertLinkRoute({ loaderData, actionData }: Route.ComponentProps) {
  const view = viewOf(loaderData, actionData);
  const { title, lead, ok } = TEXTS[view];
  // "Ustaw nowy alert" wherever the alert is no longer on; a confirmed one needs no new one.
  const alertOn = view === "confirmActivation" || view === "activated" || view === "alreadyActive";
  return (
    <MailLinkPage
      title={title}
      lead={lead}
      ok={ok}
      button={BUTTONS[view]}
      detail={
        view === "confirmUnsubscribe" && loaderData.active > 0
          ? `Aktywne teraz: ${formatCount(loaderData.active, NOUNS.alert)}.`
          : undefined
      }
      links={[
        { to: "/lista-pojazdow", label: "Przeglądaj oferty" },
        ...(alertOn ? [] : [{ to: "/alert", label: "Ustaw nowy alert" }]),
      ]}
    />
  );
}
