import { data, type MetaDescriptor } from "react-router";
import { ConfirmationScreen } from "../../components/content/confirmation";
import { publicPageMeta } from "../../seo";
import type { Route } from "./+types/confirmation";

/**
 * The confirmation screens of spec section 2, one route at two addresses: after a lead form and after
 * a call-back request. What happens next is a literal, editable in the database; no search lists them.
 */
const SCREENS = {
  "/wyslano-pomyslnie": {
    title: "Zapytanie wysłane",
    description: "Dziękujemy za zapytanie. Nasz doradca skontaktuje się z Tobą w ciągu 4 godzin.",
    heading: "Dziękujemy! Twoje zapytanie zostało wysłane.",
    promise: "AdviserContactPromise",
  },
  "/przeslano-numer": {
    title: "Numer telefonu przesłany",
    description: "Otrzymaliśmy Twój numer telefonu. Oddzwonimy w godzinach pracy: pon. – pt., 9:00 – 19:00.",
    heading: "Dziękujemy! Otrzymaliśmy Twój numer telefonu.",
    promise: "CallbackPromise",
  },
} as const;

const isScreen = (path: string): path is keyof typeof SCREENS => Object.hasOwn(SCREENS, path);

export async function loader({ url, context }: Route.LoaderArgs) {
  // The addresses match in any letter case (as routes do), and with a trailing slash.
  const path = url.pathname.toLowerCase().replace(/\/$/, "");
  if (!isScreen(path)) throw data("Nie ma takiej strony.", { status: 404 });
  const literals = await context.services.content.literals();
  return { path, promise: literals[SCREENS[path].promise] };
}

export function meta({ loaderData, matches }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return [];
  const seo = { ...SCREENS[loaderData.path], path: loaderData.path };
  return publicPageMeta(seo, { noindex: true })({ loaderData, matches });
}

export default function Confirmation({ loaderData }: Route.ComponentProps) {
  return <ConfirmationScreen heading={SCREENS[loaderData.path].heading} promise={loaderData.promise} />;
}
