import { z } from "zod";
import { consentRecordSchema } from "../../domain/consent-record";
import { apiRoute } from "../http/route";
import { recordConsent } from "../tracking/conversions";
import type { ApiPlugin } from "./index";

/**
 * The cookie choice of a visitor (ADR 021), recorded for accountability: an anonymous id
 * made up by the browser, the categories, the policy version and when. Limited per address as an
 * abuse guard only (a person decides a few times at most).
 */
export const consentApi: ApiPlugin = (api, { services, docs }) => {
  apiRoute(api, docs, {
    method: "POST",
    url: "/Consent",
    rateLimit: { name: "Consent", perWindow: 30, scaled: true },
    summary: "Zapis wyboru dotyczącego plików cookie (rozliczalność zgody)",
    tags: ["Zgody"],
    body: consentRecordSchema,
    response: z.object({ Ok: z.literal(true) }),
    handler: async ({ body }) => {
      await recordConsent(services.db, body);
      return { Ok: true as const };
    },
  });
};
