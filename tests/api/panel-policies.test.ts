import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_CATEGORIES } from "../../src/domain/consent";
import { formatDate } from "../../src/domain/format";
import { POLICIES, type PolicyKind } from "../../src/domain/policies";
import { RETENTION } from "../../src/domain/privacy";
import { startApiServer, type TestServer } from "../support/api-server";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// The privacy and cookie policies edited in the panel as versions: a changed text is the next
// version, on the page at once (through the page cache) with its number and date, the older ones
// readable at their own addresses; an unchanged save makes none; what the page takes from the code
// (the retention job's periods, the consent categories' cookie table) stays whatever the text says.

const DAY = 24 * 60 * 60 * 1000;
const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY_HOPS: "1" }, { web: true, clock });
  // Days after version 1 of 28.11.2026, so a new version's date is the save's own.
  clock.advance(3 * DAY);
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);

/** A public page as a visitor gets it, once this process has seen every committed change. */
async function publicPage(path: string) {
  await server.services.changes.caughtUp(server.services.db);
  const res = await fetch(`${server.url}${path}`);
  const html = await res.text();
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { status: res.status, cache: res.headers.get("x-page-cache"), html, text };
}

/** The editor's form as the panel sends it: the texts in force, with `changes`. */
async function policyForm(kind: PolicyKind, changes: Record<string, string> = {}) {
  const { sections } = await server.services.policies.current(kind);
  return { intent: "save", ...sections, ...changes } as Record<string, string>;
}

const editor = (kind: PolicyKind) => `/panel/polityki/${POLICIES[kind].panelSlug}`;

describe("the privacy policy edited in the panel", () => {
  // Version 2 is the migration's (0051: the leasing applications); an editor's first save is version 3.
  it("a changed section is version 3 on the page at once, with its date and the editor in the log; version 1 stays readable at its own address", async () => {
    const content = await signedIn("content");
    // The page is in the page cache before the save.
    await publicPage("/polityka-prywatnosci");
    const before = await publicPage("/polityka-prywatnosci");
    expect(before.cache).toBe("hit");
    expect(before.text).toMatch(/Wersja 2 z \d\d\.\d\d\.\d{4}/);

    const saved = await send(
      content.browser,
      editor("privacy"),
      await policyForm("privacy", {
        "poza-eog":
          "Nie przekazujemy danych poza Europejski Obszar Gospodarczy.\r\n\r\nMeta i LinkedIn również nie.",
      }),
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.text()).toContain("Zapisano wersję 3. Strona polityki pokazuje ją od razu.");

    const page = await publicPage("/polityka-prywatnosci");
    expect(page.cache).toBe("miss");
    expect(page.text).toContain(`Wersja 3 z ${formatDate(clock.now())}`);
    expect(page.text).toContain("Meta i LinkedIn również nie.");
    expect(page.text).not.toContain("standardowe klauzule umowne");
    // The older version is listed and linked, and reads as it was.
    expect(page.html).toContain('href="/polityka-prywatnosci/wersja-1"');
    const old = await publicPage("/polityka-prywatnosci/wersja-1");
    expect(old.status).toBe(200);
    expect(old.text).toContain("Wersja 1 z 28.11.2026 – to wersja archiwalna.");
    expect(old.text).toContain("standardowe klauzule umowne");
    expect(old.html).toContain('<meta name="robots" content="noindex"/>');
    expect((await publicPage("/polityka-prywatnosci/wersja-7")).status).toBe(404);
    expect((await publicPage("/polityka-prywatnosci/siodma")).status).toBe(404);

    const [entry] = (await server.services.staff.audit({ entity: "policy", entityId: "privacy" })).entries;
    expect(entry).toMatchObject({
      action: "policy.publish",
      staffName: content.name,
      after: { version: 3, changed: "Przekazywanie danych poza Europejski Obszar Gospodarczy" },
    });
    const [newest] = await server.services.policies.list("privacy");
    expect(newest).toMatchObject({ version: 3, createdBy: content.name });
  });

  it("saving the texts unchanged (or with other line ends) makes no version", async () => {
    const content = await signedIn("content");
    const versions = await server.services.policies.list("privacy");
    const log = (await server.services.staff.audit({ entity: "policy" })).total;
    const form = await policyForm("privacy");
    const again = await send(content.browser, editor("privacy"), {
      ...form,
      odbiorcy: `${form.odbiorcy.replace(/\n/g, "\r\n")}\n\n`,
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Nic się nie zmieniło – nowa wersja nie powstała.");
    expect(await server.services.policies.list("privacy")).toEqual(versions);
    expect((await server.services.staff.audit({ entity: "policy" })).total).toBe(log);
  });

  it("fills the administrator from the literals and keeps the retention job's periods above the editable text", async () => {
    const content = await signedIn("content");
    await send(
      content.browser,
      editor("privacy"),
      await policyForm("privacy", { okres: "Inne dane | Okres\nFaktury | 5 lat" }),
    );
    const page = await publicPage("/polityka-prywatnosci");
    const literals = await server.services.content.literals();
    expect(page.text).toContain(`Administratorem Twoich danych osobowych jest ${literals.CompanyName}`);
    expect(page.html).toContain('href="mailto:iod@flotis.pl"');
    // The table's cells carry their column's name for phones ("Dane: …").
    for (const r of RETENTION) {
      expect(page.text).toContain(`Dane: ${r.data}`);
      expect(page.text).toContain(`Okres przechowywania: ${r.period}`);
    }
    expect(page.text).toContain("Inne dane: Faktury Okres: 5 lat");
  });

  it("refuses an empty section, an unknown field, a control character and a row wider than its table, at the field; other roles may not edit", async () => {
    const content = await signedIn("content");
    const versions = await server.services.policies.list("privacy");
    const bad = await send(
      content.browser,
      editor("privacy"),
      await policyForm("privacy", {
        skarga: "  \n ",
        administrator: "Administratorem jest {nazwa-spolki}.",
        cele: "Cel | Dane\nKontakt | e-mail | zgoda",
      }),
    );
    expect(bad.status).toBe(400);
    const text = (await bad.text()).replace(/&quot;/g, '"');
    expect(text).toContain("Pole wymagane");
    expect(text).toContain("Nie ma pola {nazwa-spolki}.");
    expect(text).toContain("ma więcej kolumn niż nagłówek (2)");
    const control = await send(
      content.browser,
      editor("privacy"),
      await policyForm("privacy", { zmiany: "a\u0007b" }),
    );
    expect(control.status).toBe(400);
    expect(await server.services.policies.list("privacy")).toEqual(versions);

    const sales = await signedIn("sales");
    expect((await send(sales.browser, editor("privacy"))).status).toBe(403);
    expect(
      (await send(sales.browser, editor("privacy"), await policyForm("privacy", { zmiany: "Nowe." }))).status,
    ).toBe(403);
    expect((await send(content.browser, "/panel/polityki/regulamin")).status).toBe(404);
  });
});

describe("the cookie policy edited in the panel", () => {
  it("its introduction is a new version; the tables of cookies and tags are still the consent categories", async () => {
    const content = await signedIn("content");
    const saved = await send(
      content.browser,
      editor("cookies"),
      await policyForm("cookies", { "czym-sa": "Pliki cookie to **małe pliki** zapisywane przez stronę." }),
    );
    expect(saved.status).toBe(200);
    const page = await publicPage("/polityka-cookies");
    expect(page.text).toMatch(/Wersja 2 z \d\d\.\d\d\.2026/);
    expect(page.html).toContain("<strong");
    expect(page.text).toContain("małe pliki zapisywane przez stronę");
    for (const category of CONSENT_CATEGORIES)
      for (const item of category.items) {
        expect(page.text).toContain(item.name);
        expect(page.text).toContain(item.purpose);
      }
    expect((await publicPage("/polityka-cookies/wersja-1")).text).toContain(
      "Pliki cookie to małe pliki tekstowe, które strona zapisuje w Twojej przeglądarce.",
    );
  });
});
