import type { Route } from "./+types/event-calendar";

/** /wydarzenia-aukcyjne/{id}/kalendarz.ics: the auction event as an iCalendar file (ADR 060). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const body =
    Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1
      ? await context.services.auctions.events.calendar(id)
      : null;
  if (!body)
    return new Response("Nie ma takiego wydarzenia aukcyjnego.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="wydarzenie-aukcyjne-${id}.ics"`,
      "Cache-Control": "public, no-cache",
    },
  });
}
