import { z } from "zod";
import { todayInPoland } from "../../domain/polish-time";
import {
  accountExportSchema,
  DELETE_CONFIRMATION,
  DELETION_RULE,
  deleteAccountSchema,
  EXPORT_FORMATS,
  MY_DATA_PATH,
  PRIVACY_LINK_DAYS,
  privacyRequestSchema,
} from "../../domain/privacy-rights";
import { tooManyMessage } from "../http/rate-limit";
import { apiRoute } from "../http/route";
import { signedIn } from "../http/route-guards";
import type { ApiPlugin } from "./index";

const exportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: "Dozwolone wartości: json, csv" })
    .default("json")
    .describe("json (domyślnie) albo csv"),
});

/** Links asked for from one client address in a window: a person asks once or twice. */
export const PRIVACY_REQUESTS_PER_WINDOW = 10;

const deletedSchema = z.object({
  Success: z.literal(true),
  BidsKept: z.number().describe("Ile ofert w aukcjach zostało, już bez danych osoby"),
});

/** The person's rights (RODO arts. 15, 17, 20; ADR 052): a bidder's copy of their data, deleting the account. */
export const privacyApi: ApiPlugin = (api, { services, docs }) => {
  const { privacy, clock } = services;

  apiRoute(api, docs, {
    method: "GET",
    url: "/Account/Export",
    auth: "user",
    tags: ["Konto"],
    summary: "Kopia wszystkich danych zalogowanego użytkownika (art. 15 i 20 RODO), JSON albo CSV",
    description:
      "Konto, firma, ustawienia, zgody z datami i wersjami, sesje, ulubione, oferty, maksymalne oferty, wygrane aukcje, wnioski leasingowe złożone z konta lub pod jego adresem (z treścią dołączonych dokumentów w base64) oraz zapytania, alerty i rozmowy zapisane pod adresem e-mail konta. Bez skrótu hasła i tokenów. format=csv: jedna tabela (Sekcja, Nr, Pole, Wartość) do arkusza kalkulacyjnego.",
    query: exportQuery,
    response: accountExportSchema,
    alsoAnswers: { "text/csv": z.string() },
    handler: async ({ query }, request, reply) => {
      const { userId } = signedIn(request);
      const name = `moje-dane-${todayInPoland(clock.now())}.${query.format}`;
      void reply
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store");
      if (query.format === "json") return privacy.accountExport(userId);
      return reply.type("text/csv; charset=utf-8").send(await privacy.accountExportCsv(userId));
    },
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/Account/Delete",
    auth: "user",
    tags: ["Konto"],
    summary: "Usunięcie konta przez użytkownika (art. 17 RODO), potwierdzone hasłem",
    description: `Confirmation musi brzmieć „${DELETE_CONFIRMATION}” (inaczej 400, ErrorCode 71), Password to obecne hasło (inaczej 400, ErrorCode 35). ${DELETION_RULE} (400, ErrorCode 70, komunikat wymienia te aukcje). Dane osobowe konta i dane zapisane pod jego adresem e-mail są usuwane, wszystkie sesje kończą się; oferty w aukcjach zostają bez danych osoby.`,
    body: deleteAccountSchema,
    response: deletedSchema,
    handler: async ({ body }, request) => {
      const { user } = signedIn(request);
      const result = await privacy.deleteAccount(user, body);
      return { Success: true as const, BidsKept: result.BidsKept };
    },
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/Privacy/Request",
    rateLimit: {
      name: "PrivacyRequest",
      perWindow: PRIVACY_REQUESTS_PER_WINDOW,
      message: tooManyMessage("próśb o link"),
      scaled: true,
    },
    tags: ["Dane osobowe"],
    summary:
      "Wysyła na adres e-mail link do danych zapisanych pod nim (zapytania, alerty, rozmowy na czacie, wnioski leasingowe)",
    description: `Odpowiedź jest taka sama, czy pod adresem są jakieś dane, czy nie. Link (${MY_DATA_PATH}/{token}) działa ${PRIVACY_LINK_DAYS} dni: jego strona pokazuje dane (GET niczego nie zmienia), a przyciski (POST) pobierają je jako JSON albo CSV i zgłaszają żądanie ich usunięcia.`,
    body: privacyRequestSchema,
    response: z.object({ Success: z.literal(true) }),
    handler: async ({ body }) => {
      await privacy.requests.requestLink(body.Email);
      return { Success: true as const };
    },
  });
};
