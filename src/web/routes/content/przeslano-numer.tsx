import { ConfirmationScreen } from "../../components/content/confirmation";
import { publicPageLoader, publicPageMeta } from "../../seo";
import type { Route } from "./+types/przeslano-numer";

export const meta = publicPageMeta(
  {
    title: "Numer telefonu przesłany",
    description: "Otrzymaliśmy Twój numer telefonu. Oddzwonimy w godzinach pracy: pon. – pt., 9:00 – 19:00.",
    path: "/przeslano-numer",
  },
  { noindex: true },
);

export const loader = publicPageLoader(async ({ content }) => ({
  promise: (await content.literals()).CallbackPromise,
}));

/** After a call-back request (spec section 2): phone number received, we will call back. */
export default function PrzeslanoNumer({ loaderData }: Route.ComponentProps) {
  return (
    <ConfirmationScreen
      heading="Dziękujemy! Otrzymaliśmy Twój numer telefonu."
      promise={loaderData.promise}
    />
  );
}
