import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AFTER_WIN_STEPS, afterWinSchema, pickUpBookingSchema } from "../../domain/auctions/after-win";
import { antiSnipingText } from "../../domain/auctions/anti-sniping-text";
import { MAX_BID_PRICE } from "../../domain/auctions/bidding";
import {
  auctionTileSchema,
  auctionTilesSchema,
  biddingHistorySchema,
  bidResultSchema,
  maxBidResultSchema,
  maxBidViewSchema,
  takingPartTileSchema,
  technicalReportSchema,
  wonTileSchema,
} from "../../domain/auctions/dto";
import { BidErrorCode } from "../../domain/auctions/errors";
import type { AfterWinService } from "../auctions/after-win";
import { MAX_FAVOURITE_AUCTIONS, replaceAuctionFavourites } from "../auctions/favourites";
import { renderAuctionOfferPdf } from "../auctions/offer-pdf";
import {
  auctionsTakingPart,
  biddingHistory,
  printableAuction,
  technicalReport,
  upcomingAuctions,
  wonAuctions,
} from "../auctions/queries";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import type { OpenApiRegistry } from "../http/openapi";
import { apiRoute } from "../http/route";
import { signedIn } from "../http/route-guards";
import type { ApiPlugin } from "./index";

const auctionId = z.coerce
  .number({ error: "Podaj numer aukcji." })
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** An amount in whole złoty up to the bid limit; `name` names it in the messages ("Kwota oferty"). */
const amount = (name: string, missing: string) =>
  z
    .number({ error: missing })
    .int(`${name} musi być w pełnych złotych.`)
    .positive(`${name} musi być większa od zera.`)
    .max(MAX_BID_PRICE, `${name} jest za duża.`);

const bidSchema = z.strictObject({
  AuctionId: z
    .number({ error: "Podaj numer aukcji." })
    .int()
    .positive()
    .max(2 ** 31 - 1),
  Price: amount("Kwota oferty", "Podaj kwotę oferty w złotych."),
  ConnectionId: z.string().max(100).nullish(),
});

const buyNowSchema = z.strictObject({
  AuctionId: bidSchema.shape.AuctionId,
  Price: amount("Cena „Kup teraz”", "Podaj potwierdzaną cenę „Kup teraz” w złotych."),
  ConnectionId: z.string().max(100).nullish(),
});

const maxBidSchema = z.strictObject({
  AuctionId: bidSchema.shape.AuctionId,
  MaxPrice: amount("Maksymalna kwota", "Podaj maksymalną kwotę w złotych."),
  ConnectionId: z.string().max(100).nullish(),
});

/** Live auctions (spec section 7 "Auctions"): bidding, history, condition report, account lists, print. */
export const auctionsApi: ApiPlugin = (api, { services, docs }) => {
  const { db, auctions } = services;

  apiRoute(api, docs, {
    method: "POST",
    url: "/Bidding/Bid",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Składa ofertę w aukcji",
    description: `Oferty jednej aukcji są rozstrzygane po kolei, każda jednym wywołaniem funkcji bazy danych (auction_decide), która blokuje aukcję tylko na czas własnej pracy: sprawdza kwotę, zapisuje ofertę i odpowiedź maksymalnych ofert innych osób. Ponowione żądanie (ta sama osoba, aukcja i kwota) nie jest liczone drugi raz: odpowiedź ma Repeated=true. Odrzucenia: ${BidErrorCode.BidTooLow} za niska kwota, ${BidErrorCode.AuctionEnded} aukcja zakończona, ${BidErrorCode.AuctionNotStarted} aukcja jeszcze się nie rozpoczęła, ${BidErrorCode.NotAnAuction} to nie jest aukcja, ${BidErrorCode.BidNotAllowed} konto nie może licytować (403), 100 nowy regulamin aukcji do akceptacji (403), 101 niepełne dane konta (403). ${antiSnipingText(services.config.ANTI_SNIPING_WINDOW_SECONDS, services.config.ANTI_SNIPING_EXTENSION_SECONDS)} (Extended=true, nowy AuctionEnd).`,
    body: bidSchema,
    response: bidResultSchema,
    handler: async ({ body }, request) => auctions.bidding.placeBid(signedIn(request).user, body),
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/Bidding/MaxBid",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Ustawia lub zmienia maksymalną ofertę (licytacja automatyczna)",
    description: `Serwer licytuje w imieniu osoby najmniejszą kwotą potrzebną do prowadzenia, najwyżej do MaxPrice, ilekroć ktoś inny ją przelicytuje; przy równych maksymalnych ofertach prowadzi wcześniej ustawiona. Kwoty nie widzi nikt poza właścicielem: inni widzą zwykłe oferty. Odpowiedź jak przy /Bidding/Bid oraz MaxPrice, Leading (czy osoba prowadzi) i Exceeded (czyjaś maksymalna oferta jest wyższa). Odrzucenia jak przy /Bidding/Bid oraz ${BidErrorCode.MaxBidTooLow}: kwota poniżej minimalnej kolejnej oferty albo poniżej własnej prowadzącej oferty.`,
    body: maxBidSchema,
    response: maxBidResultSchema,
    handler: async ({ body }, request) => auctions.bidding.setMaxBid(signedIn(request).user, body),
  });

  registerBuyNow(api, docs, auctions.bidding);

  registerFavouriteAuctions(api, docs, db, services.clock);

  apiRoute(api, docs, {
    method: "GET",
    url: "/Bidding/MaxBid",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Moja maksymalna oferta w aukcji (null: nie ustawiono)",
    query: z.object({ auctionId }),
    response: maxBidViewSchema,
    handler: async ({ query }, request) =>
      auctions.bidding.maxBidOf(signedIn(request).userId, query.auctionId),
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/Bidding/BiddingHistory",
    auth: "optional",
    tags: ["Aukcje"],
    summary: "Historia ofert aukcji (licytujący zanonimizowani, własne oferty oznaczone jako 'Ty')",
    query: z.object({ auctionId }),
    response: biddingHistorySchema,
    handler: async ({ query }, request) => biddingHistory(db, query.auctionId, request.user?.userId ?? null),
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/Ost/GetForAuction",
    tags: ["Aukcje"],
    summary: "Opis stanu technicznego pojazdu z aukcji: nadwozie, wnętrze, opony, uszkodzenia, zdjęcia",
    query: z.object({ auctionId }),
    response: technicalReportSchema,
    handler: async ({ query }) => technicalReport(db, query.auctionId),
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/OfferDetails/Auctions/PrintOffer",
    tags: ["Aukcje"],
    summary: "Oferta aukcji do wydruku (PDF)",
    query: z.object({ printingId: auctionId }),
    response: z.string().meta({ format: "binary" }),
    responseContentType: "application/pdf",
    handler: async ({ query }, _request, reply) => {
      const pdf = await renderAuctionOfferPdf(
        await printableAuction(db, query.printingId),
        services.config,
        services.clock.now(),
      );
      return reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="oferta-aukcja-${query.printingId}.pdf"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/IncommingAuctions/Get",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Aukcje wkrótce w sprzedaży (jeszcze nierozpoczęte)",
    response: auctionTilesSchema(auctionTileSchema),
    handler: async () => upcomingAuctions(db, services.clock.now()),
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/UserTakeingPartAuctions/Get",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Aukcje, w których licytuję, z moim statusem (leading, outbid, won, lost)",
    response: auctionTilesSchema(takingPartTileSchema),
    handler: async (_input, request) =>
      auctionsTakingPart(db, signedIn(request).userId, services.clock.now()),
  });

  registerWonAuctions(api, docs, db, services.clock, auctions.afterWin);
};

/**
 * The person's won auctions, and the winner's steps after the win (ADR 066): read them, download the
 * pro-forma, book a pick-up slot.
 */
function registerWonAuctions(
  api: FastifyInstance,
  docs: OpenApiRegistry,
  db: Db,
  clock: Clock,
  afterWin: AfterWinService,
) {
  apiRoute(api, docs, {
    method: "GET",
    url: "/WonAuctions/Get",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Wygrane aukcje",
    response: auctionTilesSchema(wonTileSchema),
    handler: async (_input, request) => {
      const { userId } = signedIn(request);
      return wonAuctions(db, userId, clock.now(), (ids) => afterWin.forWinnerList(userId, ids));
    },
  });

  const steps = `Kroki: ${AFTER_WIN_STEPS.join(", ")} (faktura pro forma, wpłata otrzymana, dokumenty gotowe, odbiór umówiony); pierwsze trzy ustawiamy w panelu, odbiór umawia zwycięzca, wybierając jeden z zaproponowanych terminów. O każdym kroku zwycięzca dostaje e-mail.`;
  apiRoute(api, docs, {
    method: "GET",
    url: "/WonAuctions/AfterWin",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Kroki po wygranej aukcji",
    description: `${steps} Tylko dla zwycięzcy, dopóki sprzedaż trwa (404 także po zwolnieniu samochodu).`,
    query: z.object({ auctionId }),
    response: afterWinSchema,
    handler: async ({ query }, request) => afterWin.forWinner(signedIn(request).userId, query.auctionId),
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/WonAuctions/ProForma",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Faktura pro forma wygranej aukcji (PDF)",
    description: `Dane firmy z konta zwycięzcy, samochód, cena końcowa netto, opłata aukcyjna i transport (jeśli wybrany), VAT według sposobu fakturowania (VAT 23 % albo VAT-marża) i kwota do zapłaty brutto. Tylko dla zwycięzcy (404); przed wystawieniem 409 z ErrorCode ${BidErrorCode.AfterWinNotReady}.`,
    query: z.object({ auctionId }),
    response: z.string().meta({ format: "binary" }),
    responseContentType: "application/pdf",
    handler: async ({ query }, request, reply) => {
      const pdf = await afterWin.proFormaPdf(signedIn(request).userId, query.auctionId);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="pro-forma-aukcja-${query.auctionId}.pdf"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/WonAuctions/PickUp",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Umawia odbiór samochodu w jednym z zaproponowanych terminów",
    description: `Zwycięzca wybiera termin (SlotId z PickUpSlots); wybór innego terminu zastępuje poprzedni. Termin miniony albo spoza tej aukcji: 409 z ErrorCode ${BidErrorCode.PickUpSlotGone}. Tylko dla zwycięzcy, dopóki sprzedaż trwa (404). Odpowiedź: kroki po wygranej.`,
    body: pickUpBookingSchema,
    response: afterWinSchema,
    handler: async ({ body }, request) =>
      afterWin.book(signedIn(request).userId, body.AuctionId, body.SlotId),
  });
}

/** A signed-in person's favourite auctions, copied from their browser for the e-mails that concern them. */
function registerFavouriteAuctions(api: FastifyInstance, docs: OpenApiRegistry, db: Db, clock: Clock) {
  apiRoute(api, docs, {
    method: "PUT",
    url: "/Favorites/Auctions",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Ulubione aukcje zalogowanej osoby (cała lista z przeglądarki zastępuje poprzednią)",
    description: `Ulubione trzyma przeglądarka; ta kopia służy tylko powiadomieniom: kto ma aukcję w ulubionych, dostaje e-mail, gdy przed jej rozpoczęciem poprawiono opis stanu technicznego, a jeśli w ustawieniach konta ma włączone powiadomienia o aukcjach z ulubionych, także gdy aukcja się rozpoczyna i na godzinę przed jej końcem. Zapisywane są tylko aukcje (najwyżej ${MAX_FAVOURITE_AUCTIONS}); odpowiedź podaje zapisane numery.`,
    body: z.strictObject({
      AuctionIds: z.array(auctionId).max(MAX_FAVOURITE_AUCTIONS).describe("Numery ulubionych aukcji."),
    }),
    response: z.object({ AuctionIds: z.array(z.number().int()) }),
    handler: async ({ body }, request) => ({
      AuctionIds: await replaceAuctionFavourites(db, signedIn(request).userId, body.AuctionIds, clock.now()),
    }),
  });
}

/** POST /api/Bidding/BuyNow (ADR 056): buy now, decided under the auction's row lock like a bid. */
function registerBuyNow(
  api: Parameters<ApiPlugin>[0],
  docs: Parameters<ApiPlugin>[1]["docs"],
  bidding: Parameters<ApiPlugin>[1]["services"]["auctions"]["bidding"],
) {
  apiRoute(api, docs, {
    method: "POST",
    url: "/Bidding/BuyNow",
    auth: "user",
    tags: ["Aukcje"],
    summary: "Kupuje samochód od razu za cenę „Kup teraz” (kończy aukcję)",
    description: `Rozstrzygane jednym wywołaniem funkcji bazy danych (auction_buy_now) pod tą samą blokadą aukcji co oferty: z dwóch osób potwierdzających jednocześnie kupuje dokładnie jedna, druga dostaje ${BidErrorCode.AuctionEnded}. Price to potwierdzana cena „Kup teraz”. Aukcja kończy się w chwili zakupu, a cena końcowa to cena „Kup teraz”. Odrzucenia jak przy /Bidding/Bid oraz ${BidErrorCode.BuyNowClosed}: opcja niedostępna (oferta osiągnęła cenę minimalną, a bez ceny minimalnej: ktoś już licytował), ${BidErrorCode.BuyNowPriceChanged}: cena „Kup teraz” jest inna niż potwierdzana.`,
    body: buyNowSchema,
    response: bidResultSchema,
    handler: async ({ body }, request) => bidding.buyNow(signedIn(request).user, body),
  });
}
