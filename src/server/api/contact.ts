import { z } from "zod";
import { fastCallSchema, sendMarketingMailSchema, sendQuestionSchema } from "../../domain/lead-forms";
import { apiRoute } from "../http/route";
import type { ApiPlugin } from "./index";

/** Lead bodies are small (the captcha payload is the largest part): anything bigger is refused with 413. */
export const LEAD_BODY_LIMIT = 32 * 1024;

const leadResponse = z.object({ LeadId: z.number().int() });

/** ALTCHA v2's challenge (altcha-lib's Challenge): what the browser widget solves. */
const captchaChallengeSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
    })
    .loose(),
  signature: z.string().optional(),
});

/**
 * Lead forms (spec section 7 "Contact"): contact question, self-financing request, call-back, and the
 * captcha challenge their widget fetches. Each form endpoint is rate limited per address.
 */
export const contactApi: ApiPlugin = async (api, { services, docs }) => {
  await api.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.bodyLimit = LEAD_BODY_LIMIT;
    });
    const limit = services.config.LEADS_RATE_LIMIT;

    apiRoute(scope, docs, {
      method: "GET",
      url: "/Captcha/Challenge",
      summary: "Nowe zadanie captcha (ALTCHA, proof of work) dla formularzy",
      tags: ["Kontakt"],
      description:
        "Zadanie ALTCHA w wersji 2 (podpisane parametry funkcji skrótu); rozwiązanie przychodzi z formularzem w polu Captcha i działa raz.",
      response: captchaChallengeSchema,
      handler: async (_input, _request, reply) => {
        reply.header("cache-control", "no-store");
        return services.captcha.challenge();
      },
    });

    /** A lead form's endpoint: its body checked, then stored by the leads service with the caller's address. */
    const leadForm = <B extends z.ZodType>(form: {
      url: string;
      limitName: string;
      summary: string;
      description?: string;
      body: B;
      store: (body: z.output<B>, ip: string) => Promise<{ LeadId: number }>;
    }) =>
      apiRoute(scope, docs, {
        method: "POST",
        url: form.url,
        rateLimit: { name: form.limitName, perWindow: limit },
        summary: form.summary,
        description: form.description,
        tags: ["Kontakt"],
        body: form.body,
        response: leadResponse,
        handler: async ({ body }, request) => form.store(body as z.output<B>, request.ip),
      });

    leadForm({
      url: "/Contact/SendQuestion",
      limitName: "SendQuestion",
      summary: "Formularz kontaktowy (zapytanie o ofertę lub samochód spoza oferty)",
      description:
        "Zapisuje zapytanie w bazie i w tej samej transakcji kolejkuje e-mail do działu sprzedaży i potwierdzenie dla klienta. Limit zgłoszeń na adres; captcha jednorazowa.",
      body: sendQuestionSchema,
      store: (body, ip) => services.leads.sendQuestion(body, ip),
    });
    leadForm({
      url: "/Contact/SendMarketingMail",
      limitName: "SendMarketingMail",
      summary: "Formularz samofinansowania (FormType 2)",
      body: sendMarketingMailSchema,
      store: (body, ip) => services.leads.sendMarketingMail(body, ip),
    });
    leadForm({
      url: "/FastCall/Post",
      limitName: "FastCall",
      summary: "Prośba o oddzwonienie (pon. – pt., 9:00 – 19:00)",
      body: fastCallSchema,
      store: (body, ip) => services.leads.fastCall(body, ip),
    });
  });
};
