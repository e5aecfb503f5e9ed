import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";

test("home page is rendered on the server in Polish", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain('<html lang="pl"');
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("an unknown path shows the not-found page with status 404 @phone", async ({ page }) => {
  const response = await page.goto("/to-nie-istnieje/wcale");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Wystąpił błąd");
  await expect(page.getByText("Upss...")).toBeVisible();
  await expect(page.getByText("Strona odjechała...")).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  await page.getByRole("link", { name: "Przeglądaj oferty" }).click();
  await expect(page).toHaveURL(/\/lista-pojazdow/);
});

test("the API's description reads as a page in a browser: areas, an operation's schemas, the JSON beside it", async ({
  page,
}) => {
  await page.goto("/api/docs");
  await expect(page).toHaveTitle("API marketplace: dokumentacja");
  await page.getByRole("navigation", { name: "Obszary API" }).getByRole("link", { name: "Aukcje" }).click();
  const bid = page.locator("article", { has: page.getByText("/api/Bidding/Bid", { exact: true }) });
  await expect(bid.getByText("Wymaga tokenu dostępu")).toBeVisible();
  await bid.getByText("Odpowiedź 200 (application/json)").click();
  await expect(bid.locator("pre").last()).toContainText('"MinimumBid"');
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "/api/docs.json" }).click();
  await expect(page).toHaveURL(/\/api\/docs\.json$/);
  await expect(page.locator("body")).toContainText(/"openapi":\s*"3\.0\.3"/);
});
