import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALERT_MESSAGES } from "../../src/domain/alerts/wizard";
import { offers } from "../../src/server/db/schema/index";
import { alertClient, insertOffer, setOfferPrice } from "../support/alert-fixtures";
import { startApiServer, type TestServer } from "../support/api-server";

let server: TestServer;

beforeAll(async () => {
  // No digest timer: the tests build digests themselves, at chosen moments.
  // Every alert comes from 127.0.0.1: the per-address limit has its own test (abuse-rate-limits).
  // With the web pages: the e-mails' links are pages.
  server = await startApiServer(
    { ALERTS_DIGEST_INTERVAL_MINUTES: "0", RATE_LIMITS_SCALE: "100" },
    { web: true },
  );
  const db = server.services.db;
  await insertOffer(db, { make: "Audi", bodyType: "kombi", fuelType: "ON" });
  await insertOffer(db, { make: "BMW", bodyType: "suv", fuelType: "PB", gearBoxType: "manual" });
  await insertOffer(db, { make: "Kia", bodyType: "suv", fuelType: "EL" });
});
afterAll(() => server.close());

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/api${path}`, {
    ...init,
    headers: init.body ? { "content-type": "application/json", ...init.headers } : init.headers,
  });

const { uniqueEmail, validPayload, outboxFor, createAlert } = alertClient(() => server);

describe("GET /api/CarAlert", () => {
  it("offers the values present on offers, with Polish names", async () => {
    const res = await api("/CarAlert");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.AvailableAlertMakes).toEqual(["Audi", "BMW", "Kia"]);
    expect(body.BodyTypes).toEqual([
      { Name: "Kombi", Value: "kombi" },
      { Name: "SUV", Value: "suv" },
    ]);
    expect(body.FuelTypes).toContainEqual({ Name: "Elektryczny", Value: "EL" });
    expect(body.GearboxTypes).toContainEqual({ Name: "Automatyczna", Value: "automatic" });
  });
});

describe("POST /api/CarAlert", () => {
  const rejects = async (payload: unknown, message: RegExp | string) => {
    const res = await api("/CarAlert", { method: "POST", body: JSON.stringify(payload) });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.ErrorCode).toBe(1);
    if (typeof message === "string") expect(body.ErrorMessage).toBe(message);
    else expect(body.ErrorMessage).toMatch(message);
  };

  it("refuses bad payloads with a Polish message naming the field", async () => {
    await rejects(await validPayload({ Email: "jan@" }), `Pole Email: ${ALERT_MESSAGES.badEmail}`);
    await rejects(
      await validPayload({ RulesAccepted: false }),
      `Pole RulesAccepted: ${ALERT_MESSAGES.consentRequired}`,
    );
    await rejects(
      await validPayload({ MarketingAccepted: false }),
      `Pole MarketingAccepted: ${ALERT_MESSAGES.consentRequired}`,
    );
    await rejects(await validPayload({ TotalPriceBruttoTo: 0, Makes: [] }), ALERT_MESSAGES.noCriteria);
    await rejects(await validPayload({ TotalPriceBruttoTo: "dużo" }), /^Pole TotalPriceBruttoTo:/);
    await rejects(await validPayload({ Makes: ["Trabant"] }), "Pole Makes: nieznana wartość „Trabant”.");
    await rejects(await validPayload({ BodyTypes: ["rakieta"] }), /^Pole BodyTypes:/);
    await rejects(
      await validPayload({ IsCompany: false, TotalPriceBruttoTo: 0, InstallmentBruttoTo: 2000 }),
      /firmę/,
    );
    await rejects(
      await validPayload({ Captcha: "bm90LWEtY2FwdGNoYQ==" }),
      `Pole Captcha: ${ALERT_MESSAGES.captcha}`,
    );
    await rejects({ Email: "a@b.pl" }, /^Pole /);
    const broken = await api("/CarAlert", { method: "POST", body: "{nie json" });
    expect(broken.status).toBe(400);
  });

  it("creates an inactive alert and mails the activation link with a one-click unsubscribe header", async () => {
    const { payload, guid, mail } = await createAlert({ BodyTypes: ["KOMBI"] });
    expect(mail.subject).toBe("Potwierdź alert o nowych ofertach samochodów");
    expect(mail.text).toContain(`/alert/aktywacja=${guid}`);
    expect(mail.text).toContain(`/alert/dezaktywacja=${guid}`);
    expect(mail.text).toContain("- Producent: Audi");
    expect(mail.text).toContain("- Typ nadwozia: Kombi");
    expect(mail.text).toContain("- Przedział cenowy: do 150\u00a0000\u00a0zł netto");
    expect(mail.html).toContain(`/alert/aktywacja=${guid}`);
    expect(mail.headers["List-Unsubscribe"]).toBe(
      `<${server.services.config.publicUrl}/alert/dezaktywacja=${guid}>`,
    );
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const result = await server.services.db.execute(
      sql`select status, makes, body_types from car_alerts where guid = ${guid}::uuid`,
    );
    const [row] = (result as unknown as { rows: unknown[] }).rows;
    // Stored inactive, with the values spelled as offered.
    expect(row).toEqual({ status: "pending", makes: ["Audi"], body_types: ["kombi"] });
    expect(payload.Makes).toEqual(["audi"]);
  });

  it("refuses a captcha solution used once already", async () => {
    const payload = await validPayload();
    expect((await api("/CarAlert", { method: "POST", body: JSON.stringify(payload) })).status).toBe(200);
    await rejects({ ...payload, Email: uniqueEmail() }, `Pole Captcha: ${ALERT_MESSAGES.captcha}`);
  });
});

describe("PATCH and DELETE /api/CarAlert", () => {
  it("activates once; a used, unknown or malformed guid is not found", async () => {
    const { guid } = await createAlert();
    expect((await api(`/CarAlert?guid=${guid}`, { method: "PATCH" })).status).toBe(200);
    const again = await api(`/CarAlert?guid=${guid}`, { method: "PATCH" });
    expect(again.status).toBe(404);
    expect((await again.json()).ErrorCode).toBe(3);
    expect(
      (await api("/CarAlert?guid=00000000-0000-4000-8000-000000000000", { method: "PATCH" })).status,
    ).toBe(404);
    expect((await api("/CarAlert?guid=nie-guid'--", { method: "PATCH" })).status).toBe(404);
    const missing = await api("/CarAlert", { method: "PATCH" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).ErrorMessage).toMatch(/^Pole guid:/);
  });

  it("deactivates once (pending or active); then the guid is not found, and it cannot be activated", async () => {
    const { guid } = await createAlert();
    expect((await api(`/CarAlert?guid=${guid}`, { method: "DELETE" })).status).toBe(200);
    expect((await api(`/CarAlert?guid=${guid}`, { method: "DELETE" })).status).toBe(404);
    expect((await api(`/CarAlert?guid=${guid}`, { method: "PATCH" })).status).toBe(404);
    expect((await api("/CarAlert?guid=xyz", { method: "DELETE" })).status).toBe(404);
  });

  it("one-click unsubscribe accepts the form POST of mail programs", async () => {
    const { guid } = await createAlert();
    const res = await fetch(`${server.url}/api/CarAlert/Unsubscribe?guid=${guid}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect((await api(`/CarAlert?guid=${guid}`, { method: "PATCH" })).status).toBe(404);
    const unknown = await fetch(
      `${server.url}/api/CarAlert/Unsubscribe?token=00000000-0000-4000-8000-000000000000`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("the e-mails' link pages", () => {
  /** The page of an e-mail link: opened (GET), or its button clicked / a mail program's one-click POST. */
  const linkPage = async (path: string, post?: "button" | "one-click") => {
    const res = await fetch(`${server.url}${path}`, {
      method: post ? "POST" : "GET",
      headers: post
        ? {
            "content-type": "application/x-www-form-urlencoded",
            // The page's own button is posted from the site; a mail program's POST names no origin.
            ...(post === "button" ? { origin: server.url } : {}),
          }
        : {},
      body: post === "one-click" ? "List-Unsubscribe=One-Click" : post ? "" : undefined,
    });
    const html = await res.text();
    return { status: res.status, h1: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "", html };
  };
  const state = async (guid: string) => server.services.alerts.linkState(guid);

  it("activation: opening the link changes nothing (a mail scanner activates nothing), the confirming click activates, a second click says it is already active", async () => {
    const { guid } = await createAlert();
    const opened = await linkPage(`/alert/aktywacja=${guid}`);
    expect(opened).toMatchObject({ status: 200, h1: "Potwierdź alert" });
    expect(opened.html).toContain("Potwierdzam alert");
    expect(await state(guid)).toBe("pending");
    expect(await linkPage(`/alert/aktywacja=${guid}`, "button")).toMatchObject({
      status: 200,
      h1: "Alert jest aktywny",
    });
    expect(await state(guid)).toBe("active");
    expect(await linkPage(`/alert/aktywacja=${guid}`)).toMatchObject({
      status: 200,
      h1: "Alert jest już aktywny",
    });
    expect(await linkPage(`/alert/aktywacja=${guid}`, "button")).toMatchObject({
      status: 200,
      h1: "Alert jest już aktywny",
    });
    expect((await linkPage("/alert/aktywacja=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await linkPage("/alert/aktywacja=nie-guid", "button")).status).toBe(404);
  });

  it("unsubscribe (List-Unsubscribe of every alert e-mail): opened it asks, a one-click POST switches the alert off, and later it says so", async () => {
    const { guid, mail } = await createAlert();
    await linkPage(`/alert/aktywacja=${guid}`, "button");
    const header = /^<(.+)>$/.exec(mail.headers["List-Unsubscribe"])?.[1] ?? "";
    const path = new URL(header).pathname;
    expect(path).toBe(`/alert/dezaktywacja=${guid}`);
    const opened = await linkPage(path);
    expect(opened).toMatchObject({ status: 200, h1: "Wyłączyć alert?" });
    expect(opened.html).toContain(">Wyłącz alert</button>");
    expect(await state(guid)).toBe("active");
    expect(await linkPage(path, "one-click")).toMatchObject({ status: 200, h1: "Alert został wyłączony" });
    expect(await state(guid)).toBe("deactivated");
    expect(await linkPage(path)).toMatchObject({ status: 200, h1: "Alert jest już wyłączony" });
    expect(await linkPage(path, "one-click")).toMatchObject({ status: 200, h1: "Alert został wyłączony" });
    // Its activation link now says it was switched off, rather than activating it again.
    expect(await linkPage(`/alert/aktywacja=${guid}`, "button")).toMatchObject({
      status: 200,
      h1: "Alert został wyłączony",
    });
    expect(await state(guid)).toBe("deactivated");
  });

  it("a digest's unsubscribe link switches off every alert of the address after the click", async () => {
    const email = (await createAlert()).payload.Email as string;
    await createAlert({ Email: email });
    const rows = await server.services.db.execute(sql`
      select a.guid, w.unsubscribe_token as token from car_alerts a join car_alert_owners w on w.id = a.owner_id
      where lower(w.email) = lower(${email}) order by a.id`);
    const [first, second] = (rows as unknown as { rows: { guid: string; token: string }[] }).rows;
    const { token } = first;
    for (const { guid } of [first, second]) await linkPage(`/alert/aktywacja=${guid}`, "button");
    const opened = await linkPage(`/alert/wypisanie=${token}`);
    expect(opened).toMatchObject({ status: 200, h1: "Wypisać się ze wszystkich alertów?" });
    expect(opened.html).toContain("Aktywne teraz: 2 alerty.");
    expect(await state(first.guid)).toBe("active");
    expect(await linkPage(`/alert/wypisanie=${token}`, "one-click")).toMatchObject({
      status: 200,
      h1: "Wypisaliśmy Cię z alertów",
    });
    expect([await state(first.guid), await state(second.guid)]).toEqual(["deactivated", "deactivated"]);
    expect(await linkPage(`/alert/wypisanie=${token}`)).toMatchObject({ h1: "Alerty są już wyłączone" });
    expect((await linkPage("/alert/wypisanie=00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

const alerts = () => server.services.alerts;
const day = (iso: string) => new Date(iso);

/** Earlier tests leave matches of their own; each matching test starts from mailed-out state. */
async function allMailedOut() {
  await alerts().processJobs();
  await alerts().buildDigests(day("2030-01-01T10:00:00Z"));
}

const digestsFor = async (email: string) =>
  (await outboxFor(email)).filter((m) => m.subject.startsWith("Alert Flotis"));

describe("daily digests of matching offers", () => {
  beforeEach(allMailedOut);

  it("publishing a matching offer produces exactly one digest entry, and repeating it none", async () => {
    const { payload, guid } = await createAlert({
      Makes: ["Audi"],
      BodyTypes: ["kombi"],
      TotalPriceBruttoTo: 150_000,
    });
    const email = payload.Email as string;
    await api(`/CarAlert?guid=${guid}`, { method: "PATCH" });

    const db = server.services.db;
    const match = await insertOffer(db, {
      make: "Audi",
      model: "A6",
      version: "Avant",
      totalPriceNetto: 139_900,
    });
    const tooDear = await insertOffer(db, { make: "Audi", model: "A8", totalPriceNetto: 400_000 });
    const otherMake = await insertOffer(db, { make: "BMW", model: "X1", totalPriceNetto: 100_000 });
    const imageId = "ab".repeat(32);
    await db.execute(sql`insert into images (id, content_type, width, height, data)
      values (${imageId}, 'image/jpeg', 1280, 960, '\\x00'::bytea)`);
    await db.execute(
      sql`insert into offer_photos (offer_id, image_id, position) values (${match}, ${imageId}, 0)`,
    );
    for (const id of [match, tooDear, otherMake]) await alerts().onOfferChanged(id);
    await alerts().processJobs();
    // The same offer announced twice (a retried publish) is still one match.
    await alerts().onOfferChanged(match);
    await alerts().processJobs();

    // Alerts of earlier tests may match as well; this owner's mail is what counts.
    expect((await alerts().buildDigests(day("2030-03-10T08:00:00Z"))).digests).toBeGreaterThanOrEqual(1);
    const digests = await digestsFor(email);
    expect(digests).toHaveLength(1);
    const [mail] = digests;
    expect(mail.subject).toBe("Alert Flotis: nowa oferta – Audi A6 Avant");
    expect(mail.text.match(/^\* /gm)).toHaveLength(1);
    expect(mail.text).toContain("* Audi A6 Avant (nowa oferta): 139\u00a0900\u00a0zł netto");
    expect(mail.text).toContain(`/samochody-poleasingowe/audi-a6-id-${match}`);
    expect(mail.text).toContain(`/alert/dezaktywacja=${guid}`);
    expect(mail.html).toContain("139\u00a0900\u00a0zł netto");
    // The offer's main photo, small size, on the public address.
    expect(mail.html).toContain(
      `<img src="${server.services.config.publicUrl}/api/OfferImages/Get?attachmentId=${imageId}&amp;width=320&amp;height=240"`,
    );
    expect(mail.headers["List-Unsubscribe"]).toMatch(/\/alert\/wypisanie=[0-9a-f-]{36}>$/);
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Nothing new: later runs, that day or the next, send nothing.
    await alerts().buildDigests(day("2030-03-10T18:00:00Z"));
    await alerts().buildDigests(day("2030-03-11T08:00:00Z"));
    expect(await digestsFor(email)).toHaveLength(1);
  });

  it("a price cut is mailed as cheaper, at most one e-mail a day, and a rise is not mailed", async () => {
    const { payload, guid } = await createAlert({ Makes: ["Kia"], TotalPriceBruttoTo: 200_000 });
    const email = payload.Email as string;
    await api(`/CarAlert?guid=${guid}`, { method: "PATCH" });
    const db = server.services.db;
    const id = await insertOffer(db, {
      make: "Kia",
      model: "EV6",
      version: "",
      bodyType: "suv",
      fuelType: "EL",
      totalPriceNetto: 180_000,
    });
    await alerts().onOfferChanged(id);
    await alerts().processJobs();
    await alerts().buildDigests(day("2030-04-01T08:00:00Z"));

    // Same day: the price falls. It waits for tomorrow's digest.
    await setOfferPrice(db, id, 170_000);
    await alerts().onOfferChanged(id, { reason: "priceDrop" });
    await alerts().processJobs();
    await alerts().buildDigests(day("2030-04-01T20:00:00Z"));
    expect(await digestsFor(email)).toHaveLength(1);

    // A rise announced by mistake as a change is not news.
    await setOfferPrice(db, id, 175_000);
    await alerts().onOfferChanged(id, { reason: "priceDrop" });
    await alerts().processJobs();

    await alerts().buildDigests(day("2030-04-02T08:00:00Z"));
    const digests = await digestsFor(email);
    expect(digests).toHaveLength(2);
    expect(digests[0].text).toContain("* Kia EV6 (niższa cena): 175\u00a0000\u00a0zł netto");
    expect(digests[0].text.match(/^\* /gm)).toHaveLength(1);
  });

  it("an instalment alert's price drop names the car and shows the price, netto and brutto, beside the instalment", async () => {
    const { payload, guid } = await createAlert({
      Makes: ["Kia"],
      TotalPriceBruttoTo: 0,
      InstallmentBruttoTo: 10_000,
    });
    const email = payload.Email as string;
    await api(`/CarAlert?guid=${guid}`, { method: "PATCH" });
    const db = server.services.db;
    const id = await insertOffer(db, { make: "Kia", model: "Niro", version: "EV", totalPriceNetto: 180_000 });
    await alerts().onOfferChanged(id);
    await alerts().processJobs();
    await alerts().buildDigests(day("2030-05-01T08:00:00Z"));
    const [added] = await digestsFor(email);
    expect(added.subject).toBe("Alert Flotis: nowa oferta – Kia Niro EV");

    // The price falls, and the instalment with it (an instalment alert hears of its own price's fall).
    await setOfferPrice(db, id, 160_000);
    await db.update(offers).set({ leasePrice: 1_900 }).where(eq(offers.id, id));
    // As the fleet API's update announces a fall: with the prices before it.
    await alerts().onOfferChanged(id, {
      reason: "priceDrop",
      previous: { cashNetto: 180_000, cashBrutto: 221_400, installmentNetto: 2_100 },
    });
    await alerts().processJobs();
    await alerts().buildDigests(day("2030-05-02T08:00:00Z"));
    const [drop] = await digestsFor(email);
    expect(drop.subject).toBe("Alert Flotis: Kia Niro EV w niższej cenie");
    const line = drop.text.split("\n").find((l) => l.startsWith("* Kia Niro")) ?? "";
    expect(line).toContain(
      "(niższa cena, wcześniej 180\u00a0000\u00a0zł netto / 221\u00a0400\u00a0zł brutto): 160\u00a0000\u00a0zł netto / 196\u00a0800\u00a0zł brutto; rata od ",
    );
    expect(line).toContain(
      "rata od 1\u00a0900\u00a0zł netto/mies. (wcześniej od 2\u00a0100\u00a0zł netto/mies.)",
    );
  });
});

describe("matching jobs, and alerts that get nothing", () => {
  beforeEach(allMailedOut);

  it("the job survives a restart: a job written in the offer's transaction is matched by a new process", async () => {
    const { payload, guid } = await createAlert({
      Makes: ["BMW"],
      TotalPriceBruttoTo: 0,
      TotalPriceBruttoFrom: 1,
    });
    await api(`/CarAlert?guid=${guid}`, { method: "PATCH" });
    const db = server.services.db;
    let id = 0;
    await db.transaction(async (tx) => {
      id = await insertOffer(tx as never, { make: "BMW", model: "i4", totalPriceNetto: 210_000 });
      await alerts().onOfferChanged(id, { tx });
    });
    const pending = await db.execute(
      sql`select count(*)::int as n from car_alert_jobs where offer_id = ${id} and processed_at is null`,
    );
    expect((pending as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    // A fresh service over the same database stands for the restarted process.
    const { AlertsService } = await import("../../src/server/alerts/service");
    const restarted = new AlertsService(
      db,
      server.services.mail,
      server.services.captcha,
      server.services.config,
      server.services.clock,
    );
    expect(await restarted.processJobs()).toBe(1);
    expect(await restarted.processJobs()).toBe(0);
    await restarted.buildDigests(day("2030-05-01T08:00:00Z"));
    const digests = await digestsFor(payload.Email as string);
    expect(digests).toHaveLength(1);
    expect(digests[0].text).toContain("BMW i4");
  });

  it("inactive, deactivated and unsubscribed alerts get nothing; sold offers are dropped", async () => {
    const pending = await createAlert({ Makes: ["Audi"] });
    const stopped = await createAlert({ Makes: ["Audi"] });
    await api(`/CarAlert?guid=${stopped.guid}`, { method: "PATCH" });
    await api(`/CarAlert?guid=${stopped.guid}`, { method: "DELETE" });
    const sold = await createAlert({ Makes: ["Audi"] });
    await api(`/CarAlert?guid=${sold.guid}`, { method: "PATCH" });

    const db = server.services.db;
    const id = await insertOffer(db, { make: "Audi", model: "Q3", totalPriceNetto: 99_000 });
    await alerts().onOfferChanged(id);
    await alerts().processJobs();
    await db.execute(sql`update offers set status = 'sold' where id = ${id}`);
    await alerts().buildDigests(day("2030-06-01T08:00:00Z"));
    for (const a of [pending, stopped, sold])
      expect(await digestsFor(a.payload.Email as string)).toHaveLength(0);
  });
});
