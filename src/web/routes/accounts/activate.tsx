import { data } from "react-router";
import { MailLinkPage, mailLinkHeaders } from "../../components/mail-link-page";
import { AUCTIONS_PATH } from "../../features/accounts/paths";
import type { Route } from "./+types/activate";

type View = "confirm" | "confirmed" | "alreadyConfirmed" | "expired" | "unknown";

/** The link's guid, as the e-mail (and /activate-account, which redirects here keeping it) carries it. */
const guidOf = (request: Request) => (new URL(request.url).searchParams.get("guid") ?? "").trim();

/** What the link does now, as the page's view; an unknown or cut link is answered with 404. */
async function viewOf(request: Request, context: Route.LoaderArgs["context"]) {
  const guid = guidOf(request);
  const state = guid ? await context.services.accounts.activationLinkState(guid) : null;
  const views = { valid: "confirm", used: "alreadyConfirmed", expired: "expired" } as const;
  return { guid, view: (state ? views[state] : "unknown") as View };
}

const answer = (view: View) => data({ view }, view === "unknown" ? { status: 404 } : undefined);

/**
 * /aktywuj-konto?guid= (spec section 2), the account's activation link, as the alerts' links (ADR 050):
 * opening it (GET) changes nothing and shows one button, so a mail scanner that follows the link, or
 * runs its scripts, does not confirm an address nobody confirmed; the button posts to the same address
 * and confirms (spec: "it runs a confirm-activation action"). A second click says the address is
 * already confirmed. Links mailed before this page asked for the click are the same address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return answer((await viewOf(request, context)).view);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { guid, view } = await viewOf(request, context);
  if (view !== "confirm") return answer(view);
  try {
    await context.services.accounts.activate(guid);
    return answer("confirmed");
  } catch (err) {
    // A double click, or two tabs: the other confirmed it a moment ago, which is what the person wanted.
    const now = await viewOf(request, context);
    if (now.view !== "confirm") return answer(now.view);
    throw err;
  }
}

export const headers = mailLinkHeaders;

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

const TEXTS: Record<View, { title: string; lead: string; ok: boolean }> = {
  confirm: {
    title: "Potwierdź adres e-mail",
    lead: "Kliknij przycisk, aby potwierdzić adres e-mail podany przy rejestracji konta.",
    ok: true,
  },
  confirmed: {
    title: "Dziękujemy za potwierdzenie adresu e-mail",
    lead: "Teraz sprawdzimy dane Twojej firmy i aktywujemy konto. Gdy to zrobimy, wyślemy Ci e-mail: od tej chwili będziesz mógł licytować.",
    ok: true,
  },
  alreadyConfirmed: {
    title: "Adres e-mail jest już potwierdzony",
    lead: "Ten link został już użyty. Jeśli sprawdziliśmy już dane Twojej firmy, możesz się zalogować; jeśli nie, wyślemy Ci e-mail, gdy aktywujemy konto.",
    ok: true,
  },
  expired: {
    title: "Link aktywacyjny wygasł",
    lead: "Zaloguj się na swoje konto, a wyślemy nowy link aktywacyjny na Twój adres e-mail.",
    ok: false,
  },
  unknown: {
    title: "Link aktywacyjny nie zadziałał",
    lead: "Link aktywacyjny jest nieprawidłowy. Sprawdź, czy skopiowano go z wiadomości e-mail w całości.",
    ok: false,
  },
};

export default function Activate({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData?.view ?? loaderData.view;
  const { title, lead, ok } = TEXTS[view];
  return (
    <MailLinkPage
      title={title}
      lead={lead}
      ok={ok}
      button={view === "confirm" ? "Potwierdzam adres e-mail" : undefined}
      links={
        view === "confirmed"
          ? [{ to: AUCTIONS_PATH, label: "Zobacz aukcje" }]
          : [
              { to: "/login", label: "Zaloguj się" },
              { to: AUCTIONS_PATH, label: "Zobacz aukcje" },
            ]
      }
    />
  );
}
