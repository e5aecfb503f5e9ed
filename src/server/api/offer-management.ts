import { z } from "zod";
import { eventPath, eventTermsFields, MAX_EVENT_LOTS } from "../../domain/auctions/events";
import { auctionReasonSchema } from "../../domain/staff/auctions";
import { saveTechnicalReport, TechnicalReportSchema } from "../auctions/technical-report";
import { NewOfferSchema, OfferPricesSchema } from "../catalogue/offer-management";
import { ServiceHistoryBodySchema } from "../catalogue/service-history";
import { badRequest, notFound } from "../http/errors";
import { apiRoute } from "../http/route";
import { putImage, UnsupportedImageError } from "../images/store";
import type { Services } from "../service-types";
import { StaffError } from "../staff/staff-error";
import type { ApiPlugin } from "./index";

const MAX_ID = 2 ** 31 - 1;
const auctionIdQuery = z.object({
  AuctionId: z.coerce.number().int().min(1).max(MAX_ID).describe("Identyfikator oferty (AuctionId)."),
});
const managed = z.object({ AuctionId: z.number(), Url: z.string() });
const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
const withdrawalQuery = auctionIdQuery.extend({
  Reason: auctionReasonSchema.shape.Reason.optional().describe(
    "Powód odwołania aukcji, pokazywany licytującym (10–500 znaków).",
  ),
});
const REPORT_SUMMARY =
  "Opis stanu technicznego aukcji (do jej rozpoczęcia; poprawka to kolejna wersja): oceny, opony, uszkodzenia, zdjęcia";
/** The clock and the outbox a saved report needs (those interested in a correction are e-mailed). */
const reportSaving = ({ clock, mail, config }: Services) => ({
  now: clock.now(),
  mail,
  publicUrl: config.publicUrl,
});
const REPORT_DESCRIPTION =
  "Opis sporządza osoba, która oglądała samochód; serwis nigdy go nie tworzy sam. Aukcja bez opisu pokazuje 'Opis stanu technicznego w przygotowaniu'. Zdjęcia (PhotoIds i PhotoId uszkodzeń) wyślij najpierw na /api/Admin/Images. Od rozpoczęcia aukcji opisu nie można zmienić (400); poprawka przed rozpoczęciem jest kolejną wersją z datą, widoczną na stronie aukcji, a kto w aukcji licytował lub dodał ją do ulubionych (zalogowany), dostaje e-mail.";
/** Who the audit log names for the fleet system's calls. */
const FLEET_SYSTEM = { id: null, name: "system flotowy (API)" };
const FLEET_CANCEL_REASON = "Sprzedający wycofał samochód ze sprzedaży.";

/**
 * Offer management for the company's fleet system (ADR 012): photos, publishing, price changes,
 * auction condition reports, withdrawal. Machine to machine: every call carries `Authorization: Bearer {OFFERS_API_KEY}`; without
 * that setting the whole API answers 404, as if it did not exist.
 */
export const offerManagementApi: ApiPlugin = async (api, { services, docs }) => {
  await api.register(async (scope) => {
    const tags = ["Zarządzanie ofertami"];
    // Photos arrive as the image file itself (image/jpeg, image/png, image/webp, image/avif).
    scope.addContentTypeParser(
      /^image\//,
      { parseAs: "buffer", bodyLimit: MAX_PHOTO_BYTES },
      (_req, body, done) => done(null, body),
    );

    apiRoute(scope, docs, {
      method: "POST",
      url: "/Admin/Images",
      auth: "apiKey",
      summary: "Zdjęcie oferty: treścią żądania jest sam plik (Content-Type image/…, do 15 MB)",
      description:
        "Odpowiada identyfikatorem zdjęcia (skrót SHA-256 treści) do użycia w PhotoIds; to samo zdjęcie wysłane drugi raz ma ten sam identyfikator i nie jest zapisywane ponownie.",
      tags,
      response: z.object({ Id: z.string(), Url: z.string() }),
      handler: async (_input, request) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw badRequest("Wyślij plik zdjęcia jako treść żądania z nagłówkiem Content-Type image/….");
        }
        try {
          const id = await putImage(services.db, request.body);
          return { Id: id, Url: `/api/OfferImages/Get?attachmentId=${id}&width=1280&height=960` };
        } catch (err) {
          if (err instanceof UnsupportedImageError) throw badRequest(err.message);
          throw err;
        }
      },
    });

    apiRoute(scope, docs, {
      method: "POST",
      url: "/Admin/Offers",
      auth: "apiKey",
      summary:
        "Publikacja oferty: od razu na liście i stronie oferty; alerty e-mail dostają ją w najbliższym zestawieniu",
      description:
        "Ceny w pełnych złotych netto (brutto = netto + 23% VAT). Samochody nowe i poleasingowe: Prices z co najmniej jedną formą płatności; aukcje: AuctionStart, AuctionEnd i StartingPrice. Samochody poleasingowe i aukcje: opcjonalnie ServiceHistory (wizyty w serwisie i odczyty licznika), później do zastąpienia przez PUT /api/Admin/Offers/ServiceHistory.",
      tags,
      body: NewOfferSchema,
      response: managed,
      handler: async ({ body }, _request, reply) => {
        reply.status(201);
        return services.offerManagement.publish(body);
      },
    });

    apiRoute(scope, docs, {
      method: "PUT",
      url: "/Admin/Offers/Prices",
      auth: "apiKey",
      summary: "Nowe ceny oferty (zastępują wszystkie); obniżka trafia do historii cen i do alertów",
      tags,
      query: auctionIdQuery,
      body: OfferPricesSchema,
      response: managed.extend({ PriceFell: z.boolean() }),
      handler: ({ query, body }) => services.offerManagement.changePrices(query.AuctionId, body),
    });

    apiRoute(scope, docs, {
      method: "PUT",
      url: "/Admin/Offers/TechnicalReport",
      auth: "apiKey",
      summary: REPORT_SUMMARY,
      description: REPORT_DESCRIPTION,
      tags,
      query: auctionIdQuery,
      body: TechnicalReportSchema,
      response: z.object({ AuctionId: z.number(), Saved: z.literal(true) }),
      handler: async ({ query, body }) => {
        await saveTechnicalReport(services.db, query.AuctionId, body, reportSaving(services));
        return { AuctionId: query.AuctionId, Saved: true as const };
      },
    });

    apiRoute(scope, docs, {
      method: "PUT",
      url: "/Admin/Offers/ServiceHistory",
      auth: "apiKey",
      summary:
        "Historia serwisowa samochodu poleasingowego lub aukcji (zastępuje poprzednią): wizyty w serwisie i odczyty licznika",
      description:
        "Cała historia w polu ServiceHistory, jak przy publikacji oferty; pusta lista usuwa historię. Data wizyty nie może być z przyszłości ani sprzed roku poprzedzającego rocznik samochodu. Samochody nowe nie mają historii serwisowej (400).",
      tags,
      query: auctionIdQuery,
      body: ServiceHistoryBodySchema,
      response: managed.extend({ ServiceVisits: z.number().int() }),
      handler: ({ query, body }) =>
        services.offerManagement.changeServiceHistory(query.AuctionId, body.ServiceHistory),
    });

    registerAuctionEvents(scope, docs, services, tags);

    apiRoute(scope, docs, {
      method: "DELETE",
      url: "/Admin/Offers",
      auth: "apiKey",
      summary:
        "Wycofanie oferty ze sprzedaży (strona samochodu odpowiada odtąd 404, aukcji: że ją odwołano); aukcji z ofertami nie można wycofać",
      description:
        "Trwająca lub zaplanowana aukcja bez ofert zostaje odwołana: jej strona zostaje i mówi, że aukcję odwołano, z podanym powodem (Reason; bez niego ogólnym), a otwarte strony aukcji dowiadują się o tym od razu.",
      tags,
      query: withdrawalQuery,
      response: z.object({ AuctionId: z.number(), Withdrawn: z.literal(true) }),
      handler: async ({ query }) => {
        const cancelled = await services.staff.auctions.cancelForFleet(
          query.AuctionId,
          query.Reason ?? FLEET_CANCEL_REASON,
          FLEET_SYSTEM,
        );
        if (!cancelled) await services.offerManagement.withdraw(query.AuctionId);
        return { AuctionId: query.AuctionId, Withdrawn: true as const };
      },
    });
  });
};

const eventLotsBody = z.object({
  AuctionIds: z
    .array(z.number().int().min(1).max(MAX_ID))
    .max(MAX_EVENT_LOTS)
    .describe("Aukcje (AuctionId) jako kolejne pozycje wydarzenia, w tej kolejności."),
});

const eventBody = z
  .object({
    ...eventTermsFields,
    IntervalSeconds: eventTermsFields.IntervalSeconds.describe(
      "Odstęp między planowanymi końcami kolejnych pozycji, w sekundach.",
    ),
    Start: z.iso.datetime({ offset: true }).describe("Początek licytacji wszystkich pozycji (ISO 8601)."),
    FirstClose: z.iso.datetime({ offset: true }).describe("Planowany koniec pierwszej pozycji (ISO 8601)."),
    AuctionIds: eventLotsBody.shape.AuctionIds.default([]),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.FirstClose) <= Date.parse(v.Start))
      ctx.addIssue({
        code: "custom",
        path: ["FirstClose"],
        message: "Koniec pierwszej pozycji musi być po początku.",
      });
  });

/** A refusal of the events' service (the panel's words) as the API's error. */
async function asApi<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof StaffError) throw err.status === 404 ? notFound(err.message) : badRequest(err.message);
    throw err;
  }
}

/**
 * Auction events through the fleet API (ADR 060): a named sale created with its lots, and more lots
 * put in it later; each lot opens at the event's start and closes one interval after the lot before.
 */
function registerAuctionEvents(
  scope: Parameters<ApiPlugin>[0],
  docs: Parameters<ApiPlugin>[1]["docs"],
  services: Parameters<ApiPlugin>[1]["services"],
  tags: string[],
) {
  const answer = z.object({ EventId: z.number(), Url: z.string(), Lots: z.number() });
  apiRoute(scope, docs, {
    method: "POST",
    url: "/Admin/AuctionEvents",
    auth: "apiKey",
    summary: "Wydarzenie aukcyjne: nazwana sprzedaż, której pozycje kończą się po kolei co ustalony odstęp",
    description:
      "Każda aukcja z AuctionIds staje się kolejną pozycją: licytacja zaczyna się w Start, pozycja n kończy się planowo w FirstClose + (n − 1) × IntervalSeconds. Każda pozycja ma własne przedłużenie w ostatnich sekundach: przedłużenie jednej nie przesuwa pozostałych. Aukcje z ofertami, zakończone albo z innego wydarzenia są odrzucane (400), wtedy nic nie zostaje zapisane.",
    tags,
    body: eventBody,
    response: answer,
    handler: async ({ body }, _request, reply) => {
      const now = services.clock.now();
      if (Date.parse(body.FirstClose) <= now.getTime())
        throw badRequest("Pole FirstClose: Koniec pierwszej pozycji musi być w przyszłości.");
      const { id, lots } = await asApi(() =>
        services.auctions.events.create(
          {
            Name: body.Name,
            StartsAt: new Date(body.Start),
            FirstCloseAt: new Date(body.FirstClose),
            IntervalSeconds: body.IntervalSeconds,
          },
          FLEET_SYSTEM,
          body.AuctionIds,
        ),
      );
      reply.status(201);
      return { EventId: id, Url: eventPath(id), Lots: lots };
    },
  });

  apiRoute(scope, docs, {
    method: "PUT",
    url: "/Admin/AuctionEvents/Lots",
    auth: "apiKey",
    summary: "Kolejne pozycje wydarzenia aukcyjnego (dopisywane po dotychczasowych, w podanej kolejności)",
    tags,
    query: z.object({
      EventId: z.coerce.number().int().min(1).max(MAX_ID).describe("Identyfikator wydarzenia."),
    }),
    body: eventLotsBody,
    response: answer,
    handler: async ({ query, body }) => {
      const lots = await asApi(() =>
        services.auctions.events.addLots(query.EventId, body.AuctionIds, FLEET_SYSTEM),
      );
      return { EventId: query.EventId, Url: eventPath(query.EventId), Lots: lots };
    },
  });
}
