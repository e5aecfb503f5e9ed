import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { rulesToForm } from "../../src/domain/lease-application/rule-form";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";
import { type RegistryStandIn, startRegistryStandIn, YOUNG_COMPANY_NIP } from "../support/registry-stand-in";

// The leasing applications in the back-office over HTTP: who reads the queue, who decides, who edits
// the rules; the decision and a saved rule version as the pages post them.

const clock = new ManualClock();
let server: TestServer;
let standIn: RegistryStandIn;
beforeAll(async () => {
  standIn = await startRegistryStandIn();
  server = await startApiServer(
    { TRUST_PROXY_HOPS: "1", RATE_LIMITS_SCALE: "100", COMPANY_REGISTRY_URL: standIn.url },
    { web: true, clock },
  );
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

const { send, signedIn } = panelHttp(() => server, clock);

let applications = 0;
async function youngCompanyApplication(): Promise<number> {
  const res = await fetch(`${server.url}/api/LeaseApplication`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.6.0.1" },
    body: JSON.stringify({
      Car: { MakeModel: "Kia Ceed", Year: 2024, PriceNetto: 90_000 },
      Terms: { Product: "leasing", Period: 36, OwPercent: 10, RvPercent: 20 },
      Company: {
        Nip: YOUNG_COMPANY_NIP,
        CompanyName: "Nowa Firma",
        Street: "ul. A 1",
        PostalCode: "90-004",
        City: "Łódź",
      },
      Applicant: {
        Name: "Jan",
        Surname: "Nowak",
        Email: `panel-${++applications}@firma.pl`,
        PhoneNumber: "600700800",
      },
      Signatory: { Name: "Jan", Surname: "Nowak", Position: "Właściciel" },
      Statements: { TermsConsent: true, AssessmentConsent: true, TruthStatement: true },
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { ApplicationId: number }).ApplicationId;
}

describe("leasing applications in the panel", () => {
  it("sales read the queue and the application but may not decide; an analyst decides", async () => {
    const id = await youngCompanyApplication();
    const sales = await signedIn("sales");
    const queue = await send(sales.browser, "/panel/wnioski-leasingowe");
    expect(queue.status).toBe(200);
    expect(await queue.text()).toContain(`/panel/wnioski-leasingowe/${id}`);
    const page = await send(sales.browser, `/panel/wnioski-leasingowe/${id}`);
    expect(await page.text()).toContain("Firma działa krócej niż 6 miesięcy");
    const decision = { intent: "decide", Decision: "approved", Reason: "Dobre przychody." };
    const refused = await send(sales.browser, `/panel/wnioski-leasingowe/${id}`, decision);
    expect(refused.status).toBe(403);
    expect((await send(sales.browser, "/panel/reguly-wnioskow")).status).toBe(403);

    const analyst = await signedIn("analyst");
    const decided = await send(analyst.browser, `/panel/wnioski-leasingowe/${id}`, decision);
    expect(decided.status).toBe(200);
    const view = await server.services.leaseApplications.read(id, { staff: true });
    expect(view.row.status).toBe("contract");
    // A content editor has nothing to do with applications.
    expect((await send((await signedIn("content")).browser, "/panel/wnioski-leasingowe")).status).toBe(403);
  });

  it("the rules editor dry-runs a change, then saves it as the next version", async () => {
    await youngCompanyApplication();
    const analyst = await signedIn("analyst");
    const { rules } = await server.services.leaseApplications.currentRules();
    const form = Object.fromEntries(Object.entries(rulesToForm(rules)).map(([k, v]) => [k, String(v)]));
    const looser = { ...form, intent: "rules", AgeReviewBelow: "2" };
    const dry = await send(analyst.browser, "/panel/reguly-wnioskow", { ...looser, Mode: "dryRun" });
    expect(dry.status).toBe(200);
    expect(await dry.text()).toMatch(/Ta zmiana zamieniłaby \d+ wnios(ek|ki|ków) do analizy na decyzj/);
    expect((await server.services.leaseApplications.currentRules()).version).toBe(1);
    const saved = await send(analyst.browser, "/panel/reguly-wnioskow", { ...looser, Mode: "save" });
    expect(await saved.text()).toContain("Zapisano wersję 2");
    expect((await server.services.leaseApplications.currentRules()).version).toBe(2);
  });
});
