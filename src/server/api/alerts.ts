import { z } from "zod";
import { CarAlertRequestSchema } from "../../domain/alerts/request";
import { tooManyMessage } from "../http/rate-limit";
import { apiRoute } from "../http/route";
import { replyRetryAfter } from "../mail/recipient-limit";
import type { ApiPlugin } from "./index";

/**
 * New alerts per client address per rate window: each one mails an address the sender chooses, and
 * a person sets up a handful at most.
 */
export const CAR_ALERTS_PER_WINDOW = 10;
const carAlertsLimited = tooManyMessage("nowych alertów");

const option = z.object({ Name: z.string(), Value: z.string() });
const guidQuery = z.object({
  guid: z.string().trim().min(1).max(100).describe("Identyfikator alertu z linku w e-mailu."),
});

/**
 * Car alerts (spec section 7): options, creation (double opt-in: the alert waits for the link in the
 * activation e-mail), activation, deactivation, and the one-click unsubscribe of the e-mail headers.
 */
export const alertsApi: ApiPlugin = async (api, { services, docs }) => {
  // A child scope, so the form parser of one-click unsubscribe stays with these routes.
  await api.register(async (scope) => {
    // RFC 8058: mail programs POST "List-Unsubscribe=One-Click" as a form; its content is not needed.
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_req, body, done) => done(null, { form: String(body).slice(0, 200) }),
    );
    const tags = ["Alerty"];

    apiRoute(scope, docs, {
      method: "GET",
      url: "/CarAlert",
      summary: "Opcje kreatora alertu: typy nadwozia, paliwa, skrzynie biegów i marki obecne w ofertach",
      tags,
      response: z.object({
        BodyTypes: z.array(option),
        FuelTypes: z.array(option),
        GearboxTypes: z.array(option),
        AvailableAlertMakes: z.array(z.string()),
      }),
      handler: () => services.alerts.options(),
    });

    apiRoute(scope, docs, {
      method: "POST",
      url: "/CarAlert",
      rateLimit: {
        name: "CarAlert",
        perWindow: CAR_ALERTS_PER_WINDOW,
        message: carAlertsLimited,
        scaled: true,
      },
      summary: "Nowy alert (nieaktywny do czasu kliknięcia linku aktywacyjnego z e-maila)",
      description:
        "Kwoty w złotych, 0 gdy nieużywane: dla firmy ceny netto, dla osoby prywatnej brutto (jak na liście ofert); rata tylko dla firmy. Wymaga zgód i rozwiązanej captchy (GET /api/Captcha/Challenge). Odpowiedź 200 nie zawiera identyfikatora alertu: ten przychodzi tylko e-mailem. Limity: na adres klienta i na adres e-mail odbiorcy (429 z Retry-After).",
      tags,
      body: CarAlertRequestSchema,
      response: z.object({ ActivationRequired: z.literal(true) }),
      handler: async ({ body }, _request, reply) => {
        await replyRetryAfter(reply, services.alerts.create(body));
        return { ActivationRequired: true as const };
      },
    });

    /** An e-mail's link that turns one alert on (PATCH) or off (DELETE), answering its new state. */
    const alertSwitch = (
      method: "PATCH" | "DELETE",
      summary: string,
      active: boolean,
      apply: (guid: string) => Promise<unknown>,
    ) =>
      apiRoute(scope, docs, {
        method,
        url: "/CarAlert",
        summary,
        tags,
        query: guidQuery,
        response: z.object({ Active: z.literal(active) }),
        handler: async ({ query }) => {
          await apply(query.guid);
          return { Active: active };
        },
      });
    alertSwitch(
      "PATCH",
      "Aktywacja alertu (link z e-maila); nieznany lub użyty identyfikator: 404",
      true,
      (guid) => services.alerts.activate(guid),
    );
    alertSwitch(
      "DELETE",
      "Wyłączenie alertu (link z e-maila); nieznany lub już wyłączony: 404",
      false,
      (guid) => services.alerts.deactivate(guid),
    );

    apiRoute(scope, docs, {
      method: "POST",
      url: "/CarAlert/Unsubscribe",
      summary: "Wypisanie jednym kliknięciem (nagłówek List-Unsubscribe-Post, RFC 8058)",
      description:
        "guid: jeden alert (e-mail aktywacyjny); token: wszystkie alerty adresu (zestawienie dzienne). Powtórzenie nie szkodzi.",
      tags,
      query: z
        .object({
          guid: z.string().trim().max(100).optional(),
          token: z.string().trim().max(100).optional(),
        })
        .refine((q) => q.guid || q.token, { message: "Podaj guid albo token." }),
      response: z.object({ Unsubscribed: z.number().int() }),
      handler: async ({ query }) => ({ Unsubscribed: await services.alerts.unsubscribe(query) }),
    });
  });
};
