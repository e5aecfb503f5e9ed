import { expect, test } from "@playwright/test";

/** Small layout faults once seen at a phone's width. */

test("/marki does not scroll sideways at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/marki");
  await expect(page.getByRole("list", { name: "Marki w ofercie" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test("/moj-elektryk keeps each amount on one line in the table", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/moj-elektryk");
  const cells = await page.getByRole("table").getByRole("cell").allTextContents();
  expect(cells.join(" ")).toContain("20\u00a0000\u00a0km");
  // A plain space inside a number or before its unit lets the line break there ('20 / 000 km').
  for (const cell of cells) expect(cell).not.toMatch(/\d (\d{3}|zł|km)/);
  // And on screen: every cell's amount sits on one line (its text's height is one line's).
  const wrapped = await page.evaluate(
    () =>
      [...document.querySelectorAll("table td")].filter((td) => {
        const range = document.createRange();
        for (const m of (td.textContent ?? "").matchAll(/\d[\d\u00a0]*\u00a0(zł|km)/g)) {
          const node = td.firstChild as Text;
          range.setStart(node, m.index as number);
          range.setEnd(node, (m.index as number) + m[0].length);
          if (range.getClientRects().length > 1) return true;
        }
        return false;
      }).length,
  );
  expect(wrapped).toBe(0);
});

test("no public page scrolls sideways on a phone: only tables and carousels move within themselves @phone", async ({
  page,
  request,
}) => {
  const first = async (path: string, data: Record<string, unknown> = {}) => {
    const res = await request.post(`/api/Offers/${path}`, { data });
    return (await res.json()).Tails[0] as { Url: string; AuctionId: number };
  };
  const [fresh, exLease, auction, electric] = [
    await first("NewVehicles"),
    await first("AfterLease"),
    await first("EndingAuctions"),
    await first("NewVehicles", { FuelTypes: ["EL"] }),
  ];
  const pages = [
    "/",
    "/lista-pojazdow",
    "/lista-pojazdow?search=kamera%20cofania%20suv",
    "/lista-pojazdow?search=tesla%20do%2020%20tys",
    // A query of one endless word (5 000 letters) wraps in the search summary and the empty result.
    `/lista-pojazdow?search=${"a".repeat(5000)}`,
    "/aukcje-samochodowe",
    fresh.Url,
    exLease.Url,
    auction.Url,
    `/porownanie?oferty=${fresh.AuctionId},${exLease.AuctionId},${electric.AuctionId}`,
    "/ulubione",
    "/finansowanie",
    "/moj-elektryk",
    "/formularz-kontaktowy",
    "/lp-q7",
    "/alert",
    "/rejestracja",
  ];
  const wide: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width !== page.viewportSize()?.width) wide.push(`${path.slice(0, 60)}: ${width} px`);
  }
  expect(wide).toEqual([]);
});
