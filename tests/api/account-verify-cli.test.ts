import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { lockDataDir } from "../../src/server/db/lock";

/**
 * The staff command `npm run account:verify -- email` on the embedded database: through the running
 * server while it holds the data directory, and directly when no server runs.
 */
const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "accounts-cli-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function verifyCommand(email: string) {
  return staff("verify", email);
}

function staff(...args: string[]) {
  return run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/staff.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

const form = (email: string) => ({
  Nip: "5260250274",
  CompanyName: "Firma Testowa",
  Street: "ul. Prosta 1",
  PostalCode: "00-001",
  City: "Warszawa",
  Email: email,
  Password: "Mocne1haslo!",
  RepeatPassword: "Mocne1haslo!",
  AcceptSiteRules: true,
  AcceptAuctionRules: true,
});

describe("staff commands: npm run account:verify, npm run rules:publish", () => {
  it("verifies through the running server, then directly once it has stopped", async () => {
    const unlock = lockDataDir(dataDir);
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, PORT: "0" });
    const database = await openDatabase({ dataDir });
    const { app } = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    for (const email of ["a@firma-testowa.pl", "b@firma-testowa.pl"]) {
      const res = await fetch(`${url}/api/Register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(form(email)),
      });
      expect(res.status).toBe(200);
      const [mail] = await (await fetch(`${url}/dev/outbox.json?to=${email}`)).json();
      const guid = /guid=(\S+)/.exec(mail.text)![1];
      expect((await fetch(`${url}/api/Register/Activate?guid=${guid}`)).status).toBe(200);
    }
    const notYet = await verifyCommand("nikt@firma-testowa.pl");
    expect(notYet.code).toBe(1);
    expect(notYet.out).toContain("Nie ma konta z adresem nikt@firma-testowa.pl");

    const viaServer = await verifyCommand("a@firma-testowa.pl");
    expect(viaServer.out).toContain("Konto a@firma-testowa.pl zweryfikowane i aktywne");
    const login = await fetch(`${url}/api/Account/Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Email: "a@firma-testowa.pl", Password: "Mocne1haslo!" }),
    });
    expect(login.status).toBe(200);

    // A new auction rules version published by staff is the one in force.
    const pdf = path.join(dataDir, "regulamin-aukcji-2.pdf");
    fs.writeFileSync(pdf, "%PDF-1.4 regulamin");
    expect((await staff("publish-rules", pdf)).out).toContain("Opublikowano regulamin aukcji w wersji 2.");
    const info = await (await fetch(`${url}/api/Register`)).json();
    expect(info.AuctionRules.Version).toBe(2);
    await app.close();
    await database.close();
    unlock();
    expect(fs.existsSync(path.join(dataDir, "staff-control.json"))).toBe(false);

    const direct = await verifyCommand("b@firma-testowa.pl");
    expect(direct.out).toContain("Konto b@firma-testowa.pl zweryfikowane i aktywne");
    expect((await verifyCommand("b@firma-testowa.pl")).out).toContain("było już aktywne");
  }, 300_000);
});
