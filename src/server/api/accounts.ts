import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  acceptRulesSchema,
  changePasswordSchema,
  contractorUpdateSchema,
  loginSchema,
  marketingSchema,
  notificationsSchema,
  personSchema,
  refreshSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
  statementSchema,
} from "../../domain/account";
import {
  accountViewSchema,
  activatedSchema,
  biddingReadinessSchema,
  contractorSchema,
  registeredSchema,
  registrationInfoSchema,
  successSchema,
} from "../../domain/account-dto";
import type { AccountService } from "../accounts/service";
import type { BiddingService } from "../auctions/bidding-service";
import type { OpenApiRegistry } from "../http/openapi";
import { tooManyMessage } from "../http/rate-limit";
import { apiRoute } from "../http/route";
import { signedIn } from "../http/route-guards";
import type { ApiPlugin } from "./index";

const tokensResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  utoken: z.string(),
  UserName: z.string(),
  expires_in: z.number().describe("Czas życia access_token w sekundach"),
});

/**
 * Per client address per rate window. Registration hashes a password and mails an activation link;
 * a company registers once (an office behind one address a few times).
 */
export const REGISTRATIONS_PER_WINDOW = 10;
/** Reset links mailed on request: a person asks once or twice (per account it is 3 an hour too). */
export const RESET_REQUESTS_PER_WINDOW = 10;

/** Registration (spec section 7 "Registration") and the account (section 7 "Account"). */
export const accountsApi: ApiPlugin = (api, { services, docs }) => {
  registerRegistrationRoutes(api, docs, services.accounts);
  registerSessionRoutes(api, docs, services.accounts);
  registerAccountRoutes(api, docs, services.accounts, services.auctions.bidding);
  registerPasswordRoutes(api, docs, services.accounts);
};

/** Registration: what its form shows, a person's or a company's account, its activation. */
function registerRegistrationRoutes(api: FastifyInstance, docs: OpenApiRegistry, accounts: AccountService) {
  apiRoute(api, docs, {
    method: "GET",
    url: "/Register",
    tags: ["Rejestracja"],
    summary: "Co pokazuje formularz rejestracji: zgody, wersja regulaminu aukcji, zasady hasła",
    response: registrationInfoSchema,
    handler: async () => accounts.registrationInfo(),
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/Register/Contractor",
    tags: ["Rejestracja"],
    summary: "Sprawdza NIP i pobiera dane firmy z wykazu podatników VAT (biała lista)",
    description:
      "400 z ErrorCode 11, gdy suma kontrolna NIP się nie zgadza. Found=false i RegistryAvailable=false: rejestr nie odpowiada, dane wpisuje użytkownik.",
    query: z.object({ nip: z.string().max(20) }),
    response: contractorSchema,
    handler: async ({ query }) => accounts.contractor(query.nip),
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/Register",
    rateLimit: {
      name: "Register",
      perWindow: REGISTRATIONS_PER_WINDOW,
      message: tooManyMessage("prób rejestracji"),
      scaled: true,
    },
    tags: ["Rejestracja"],
    summary: "Zakłada konto przedsiębiorcy i wysyła e-mail z linkiem aktywacyjnym",
    description:
      "Odpowiedź jest taka sama, gdy adres e-mail ma już konto: formularz nie zdradza, kto jest zarejestrowany. Właściciel takiego adresu dostaje wtedy e-mail o próbie rejestracji z linkami do logowania i do ustawienia nowego hasła; nowe konto nie powstaje.",
    body: registerSchema,
    response: registeredSchema,
    handler: async ({ body }, request) => {
      return accounts.register(body, request.ip);
    },
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/Register/Activate",
    tags: ["Rejestracja"],
    summary: "Potwierdza adres e-mail linkiem aktywacyjnym; konto czeka potem na weryfikację firmy",
    description:
      "400 z ErrorCode 10 dla linku nieznanego, użytego lub wygasłego (komunikat mówi, który to przypadek).",
    query: z.object({ guid: z.string().min(1).max(100) }),
    response: activatedSchema,
    handler: async ({ query }) => accounts.activate(query.guid),
  });
}

/** Signing in and out: tokens, their refresh and the session's end. */
function registerSessionRoutes(api: FastifyInstance, docs: OpenApiRegistry, accounts: AccountService) {
  apiRoute(api, docs, {
    method: "POST",
    url: "/Account/Login",
    tags: ["Konto"],
    summary: "Logowanie: krótko żyjący access_token, rotowany refresh_token, utoken i nazwa użytkownika",
    description:
      "Zły e-mail lub hasło: 401 {ErrorCode 35, ErrorMessage, Error: 'Invalid credentials'}. Za dużo prób: 429, ErrorCode 47. Konto nieaktywne: 403, ErrorCode 48. Zablokowane: 401, ErrorCode 45.",
    body: loginSchema,
    response: tokensResponse,
    handler: async ({ body }, request) =>
      accounts.login(body.Email, body.Password, request.ip, request.headers["user-agent"]),
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/Account/RefreshManually",
    tags: ["Konto"],
    summary: "Wymienia refresh_token na nowe tokeny (każdy refresh_token działa raz)",
    description:
      "Ponowne użycie refresh_token unieważnia całą sesję (wszystkie urządzenia, które ją dzielą): 401, ErrorCode 44.",
    body: refreshSchema,
    response: tokensResponse,
    handler: async ({ body }) => accounts.refresh(body.ExpiredAccessToken, body.RefreshToken),
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/Account/Logout",
    tags: ["Konto"],
    summary: "Wylogowanie: kończy sesję tokenu z nagłówka albo podanego refresh_token",
    body: z.strictObject({ RefreshToken: z.string().max(200).optional() }),
    response: successSchema,
    handler: async ({ body }, request) => {
      await accounts.logout(request.headers.authorization, body.RefreshToken);
      return { Success: true };
    },
  });
}

/** The signed-in person's account: its data, consents, notifications and bidding readiness. */
function registerAccountRoutes(
  api: FastifyInstance,
  docs: OpenApiRegistry,
  accounts: AccountService,
  bidding: Pick<BiddingService, "assertReady">,
) {
  apiRoute(api, docs, {
    method: "GET",
    url: "/Account",
    auth: "user",
    tags: ["Konto"],
    summary: "Dane zalogowanego użytkownika i firmy, zgody, powiadomienia, stan regulaminu i profilu",
    response: accountViewSchema,
    handler: async (_input, request) => accounts.view(signedIn(request).userId),
  });

  /** A change of the signed-in person's account, answered with the whole account as it is now. */
  const change = <B extends z.ZodType>(def: {
    method: "PUT" | "PATCH";
    url: string;
    summary: string;
    description?: string;
    body: B;
    apply: (userId: number, body: z.output<B>, ip: string) => Promise<unknown>;
  }) =>
    apiRoute(api, docs, {
      method: def.method,
      url: def.url,
      auth: "user",
      tags: ["Konto"],
      summary: def.summary,
      description: def.description,
      body: def.body,
      response: accountViewSchema,
      handler: async ({ body }, request) =>
        def.apply(signedIn(request).userId, body as z.output<B>, request.ip),
    });

  change({
    method: "PUT",
    url: "/Account/Update",
    summary: "Dane osoby: imię, nazwisko, telefon",
    body: personSchema,
    apply: (userId, body) => accounts.updatePerson(userId, body),
  });
  change({
    method: "PATCH",
    url: "/Account/UpdateContractor",
    summary: "Dane firmy: NIP, nazwa, REGON, adres",
    description: `Zmiana NIP-u lub nazwy firmy zweryfikowanego konta wymaga ponownej weryfikacji (CompanyReverification=true; do jej zakończenia licytowanie jest zablokowane, błąd 64) i powiadamia obsługę. Adres i REGON zmieniają się bez weryfikacji.`,
    body: contractorUpdateSchema,
    apply: (userId, body) => accounts.updateContractor(userId, body),
  });
  change({
    method: "PUT",
    url: "/Account/UpdateMarketing",
    summary: "Zgody marketingowe (e-mail, telefon); każda zmiana zapisana z czasem",
    body: marketingSchema,
    apply: (userId, body, ip) => accounts.updateMarketing(userId, body, ip),
  });
  change({
    method: "PUT",
    url: "/Account/UpdateNotifications",
    summary: "Które e-maile o aukcjach użytkownik dostaje",
    body: notificationsSchema,
    apply: (userId, body) => accounts.updateNotifications(userId, body),
  });
  change({
    method: "PUT",
    url: "/Account/UpdateStatement",
    summary: "Oświadczenie przedsiębiorcy (aukcje są tylko dla firm)",
    body: statementSchema,
    apply: (userId, _body, ip) => accounts.updateStatement(userId, ip),
  });
  change({
    method: "PUT",
    url: "/Account/AcceptNewRules",
    summary: "Akceptacja obowiązującego regulaminu aukcji: Accept musi być 'tak'",
    body: acceptRulesSchema,
    apply: (userId, _body, ip) => accounts.acceptRules(userId, ip),
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/Account/BiddingReadiness",
    auth: "user",
    tags: ["Konto"],
    summary:
      "Czy użytkownik może licytować: 403 z ErrorCode 64 (konto nie jest zweryfikowanym kontem firmy albo dane firmy są ponownie weryfikowane), 100 (regulamin) albo 101 (profil), inaczej CanBid",
    description:
      "Te same sprawdzenia co przy ofercie (POST /api/Bidding/Bid), zanim licytujący zobaczy pole oferty. Z auctionId: wersja regulaminu, która obowiązuje w tej aukcji (regulamin z chwili jej rozpoczęcia).",
    query: z.object({
      auctionId: z.coerce
        .number()
        .int()
        .min(1)
        .max(2 ** 31 - 1)
        .optional()
        .describe("Aukcja, w której licytujący chce złożyć ofertę."),
    }),
    response: biddingReadinessSchema,
    handler: async ({ query }, request) => {
      await bidding.assertReady(signedIn(request).user, query.auctionId);
      return { CanBid: true };
    },
  });
}

/** Passwords: a change when signed in, a reset by a mailed link. */
function registerPasswordRoutes(api: FastifyInstance, docs: OpenApiRegistry, accounts: AccountService) {
  apiRoute(api, docs, {
    method: "POST",
    url: "/Account/ChangePassword",
    auth: "user",
    tags: ["Konto"],
    summary: "Zmiana hasła (wymaga obecnego); inne urządzenia zostają wylogowane (409)",
    description: `Złe obecne hasło: 400, ErrorCode 35.`,
    body: changePasswordSchema,
    response: successSchema,
    handler: async ({ body }, request) => {
      await accounts.changePassword(signedIn(request), body);
      return { Success: true };
    },
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/Account/ResetPassword",
    rateLimit: {
      name: "ResetPassword",
      perWindow: RESET_REQUESTS_PER_WINDOW,
      message: tooManyMessage("próśb o link do ustawienia hasła"),
      scaled: true,
    },
    tags: ["Konto"],
    summary: "Wysyła e-mail z jednorazowym linkiem do ustawienia nowego hasła (ważnym 60 minut)",
    description: "Odpowiedź jest taka sama, czy adres ma konto, czy nie.",
    body: resetRequestSchema,
    response: successSchema,
    handler: async ({ body }) => {
      await accounts.requestReset(body.Email);
      return { Success: true };
    },
  });

  apiRoute(api, docs, {
    method: "POST",
    url: "/Account/ResetPassword/Confirm",
    tags: ["Konto"],
    summary: "Ustawia nowe hasło z linku; wszystkie sesje konta zostają zakończone",
    description: "400 z ErrorCode 10 dla linku nieznanego, użytego lub wygasłego.",
    body: resetConfirmSchema,
    response: successSchema,
    handler: async ({ body }) => {
      await accounts.confirmReset(body.Token, body.NewPassword);
      return { Success: true };
    },
  });
}
