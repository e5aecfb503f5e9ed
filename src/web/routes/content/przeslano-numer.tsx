import { ConfirmationScreen } from "../../components/content/confirmation";
import { publicPageHeaders } from "../../lib/cache-headers";
import { pageMeta } from "../../seo";
import type { Route } from "./+types/przeslano-numer";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: "Numer telefonu przesłany",
      description:
        "Otrzymaliśmy Twój numer telefonu. Oddzwonimy w godzinach pracy: pon. – pt., 9:00 – 19:00.",
      path: "/przeslano-numer",
      publicUrl: loaderData?.publicUrl ?? "",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const literals = await context.services.content.literals();
  return { publicUrl: context.services.config.publicUrl, promise: literals.CallbackPromise };
}

/** After a call-back request (spec section 2): phone number received, we will call back. */
export default function PrzeslanoNumer({ loaderData }: Route.ComponentProps) {
  return (
    <ConfirmationScreen
      heading="Dziękujemy! Otrzymaliśmy Twój numer telefonu."
      promise={loaderData.promise}
    />
  );
}

export const headers = publicPageHeaders;
