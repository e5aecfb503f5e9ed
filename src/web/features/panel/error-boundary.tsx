import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { FORBIDDEN_MESSAGE } from "../../../domain/staff/roles";
import { Panel, PanelPage } from "./ui";

/**
 * A panel screen that cannot be shown, inside the panel's frame: outside the member's role (403), a
 * record that does not exist (404), or a failure on the server (no details, spec section 8).
 */
export function PanelErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 403
      ? ["Brak dostępu", FORBIDDEN_MESSAGE]
      : status === 404
        ? [
            "Nie znaleziono",
            typeof (error as { data?: unknown }).data === "string"
              ? String((error as { data: string }).data)
              : "Nie ma takiej strony w panelu.",
          ]
        : ["Wystąpił błąd", "Wystąpił błąd po stronie serwera. Spróbuj ponownie za chwilę."];
  return (
    <PanelPage title={title}>
      <title>{title}</title>
      <Panel>
        <p>{text}</p>
        <Link className="mt-4 inline-block font-semibold text-brand-700 underline" to="/panel">
          Wróć do przeglądu
        </Link>
      </Panel>
    </PanelPage>
  );
}
