import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { acceptTotp, newRecoveryCodes, newTotpSecret, totpEnrollment } from "./totp";

const at = (seconds: number) => new Date(seconds * 1000);

describe("the second factor's codes", () => {
  const secret = newTotpSecret();
  const step = 59_000_000;
  const codeOf = (s: number) => generate({ secret, epoch: s * 30 });

  it("takes the code of now and of the steps beside it (clocks drift), and answers its step", async () => {
    const now = at(step * 30 + 10);
    expect(await acceptTotp(secret, await codeOf(step), null, now)).toBe(step);
    expect(await acceptTotp(secret, await codeOf(step - 1), null, now)).toBe(step - 1);
    expect(await acceptTotp(secret, await codeOf(step + 1), null, now)).toBe(step + 1);
    expect(await acceptTotp(secret, await codeOf(step - 2), null, now)).toBeNull();
    expect(await acceptTotp(secret, await codeOf(step + 2), null, now)).toBeNull();
  });

  it("never takes a code at or before the last step used", async () => {
    const now = at(step * 30 + 10);
    expect(await acceptTotp(secret, await codeOf(step), step, now)).toBeNull();
    expect(await acceptTotp(secret, await codeOf(step - 1), step - 1, now)).toBeNull();
    expect(await acceptTotp(secret, await codeOf(step + 1), step, now)).toBe(step + 1);
  });

  it("refuses codes of another length or another secret", async () => {
    const now = at(step * 30);
    expect(await acceptTotp(secret, (await codeOf(step)).slice(1), null, now)).toBeNull();
    expect(await acceptTotp(newTotpSecret(), await codeOf(step), null, now)).toBeNull();
  });

  it("gives the app an otpauth address with the issuer, and its QR code", () => {
    const { uri, qrSvg } = totpEnrollment(secret, "jan@flotis.pl", "Flotis panel");
    expect(uri).toBe(`otpauth://totp/Flotis%20panel:jan%40flotis.pl?secret=${secret}&issuer=Flotis%20panel`);
    expect(qrSvg).toMatch(/^<svg [^>]*viewBox/);
  });

  it("makes ten different recovery codes of the form abcde-12345", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  });
});
