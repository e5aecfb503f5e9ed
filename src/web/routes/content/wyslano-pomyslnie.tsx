import { ConfirmationScreen } from "../../components/content/confirmation";
import { publicPageLoader, publicPageMeta } from "../../seo";
import type { Route } from "./+types/wyslano-pomyslnie";

export const meta = publicPageMeta(
  {
    title: "Zapytanie wysłane",
    description: "Dziękujemy za zapytanie. Nasz doradca skontaktuje się z Tobą w ciągu 4 godzin.",
    path: "/wyslano-pomyslnie",
  },
  { noindex: true },
);

export const loader = publicPageLoader(async ({ content }) => ({
  promise: (await content.literals()).AdviserContactPromise,
}));

/** After a lead form (spec section 2): enquiry sent, adviser within 4 hours. */
export default function WyslanoPomyslnie({ loaderData }: Route.ComponentProps) {
  return (
    <ConfirmationScreen heading="Dziękujemy! Twoje zapytanie zostało wysłane." promise={loaderData.promise} />
  );
}
