import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { contentSecurityPolicy } from "../http/csp";
import { trackingTags } from "./tags";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("advertising tags in the configuration and the CSP", () => {
  it("unset: no tag for the browser and no outside host in the page's CSP", () => {
    const config = loadConfig({});
    expect(trackingTags(config)).toEqual({ meta: null, linkedin: null });
    const csp = contentSecurityPolicy(config, { nonce: "n" });
    for (const name of ["script-src", "img-src", "connect-src"]) {
      expect(directive(csp, name)).not.toMatch(/facebook|licdn|linkedin/);
    }
  });

  it("configured: the ids and conversion ids for the browser, the vendors' hosts in the CSP", () => {
    const config = loadConfig({
      META_PIXEL_ID: "123456789012345",
      LINKEDIN_PARTNER_ID: "4242",
      LINKEDIN_CONVERSION_IDS: "lead=11,registration=33",
    });
    expect(trackingTags(config)).toEqual({
      meta: { pixelId: "123456789012345", scriptUrl: "https://connect.facebook.net/en_US/fbevents.js" },
      linkedin: {
        partnerId: "4242",
        scriptUrl: "https://snap.licdn.com/li.lms-analytics/insight.min.js",
        conversions: { lead: 11, registration: 33 },
      },
    });
    const csp = contentSecurityPolicy(config, { nonce: "n" });
    expect(directive(csp, "script-src")).toContain("https://connect.facebook.net");
    expect(directive(csp, "script-src")).toContain("https://snap.licdn.com");
    expect(directive(csp, "img-src")).toContain("https://www.facebook.com");
    expect(directive(csp, "connect-src")).toContain("https://px.ads.linkedin.com");
  });

  it("refuses a malformed id with the variable's name", () => {
    expect(() => loadConfig({ META_PIXEL_ID: "abc" })).toThrow(/META_PIXEL_ID/);
    expect(() => loadConfig({ LINKEDIN_CONVERSION_IDS: "lead:1" })).toThrow(/LINKEDIN_CONVERSION_IDS/);
  });
});
