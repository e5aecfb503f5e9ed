import type { OfferList } from "../../../domain/catalogue/offer";

/** Browser calls of the catalogue (pages loaded after the first render: carousels, favourites). */
export async function postList(path: string, body: Record<string, unknown>): Promise<OfferList> {
  const res = await fetch(`/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as OfferList;
}
