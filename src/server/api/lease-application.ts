import { z } from "zod";
import { ErrorCode } from "../../domain/errors";
import { formatApiDateTime } from "../../domain/format";
import { APPLICATION_STATUSES, applicationSchema } from "../../domain/lease-application/application";
import { ApiError, badRequest } from "../http/errors";
import { tooManyMessage } from "../http/rate-limit";
import { apiRoute } from "../http/route";
import { signedIn } from "../http/route-guards";
import { applicationSummaryPdf } from "../lease-application/pdf";
import type { ApplicationAccess } from "../lease-application/service";
import { decisionView } from "../lease-application/service";
import { applicationView, applicationViewSchema, submittedSchema } from "../lease-application/view";
import type { ApiContext, ApiPlugin } from "./index";

/** Applications per client address per rate window (an e-mail address and an account have a daily limit too). */
export const APPLICATIONS_PER_WINDOW = 5;

/** A document the applicant sends: a PDF or a scan, up to 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
const DOCUMENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};
const DOCUMENT_FORMATS = "Niepoprawny format pliku. Obsługiwane formaty: pdf, jpg, jpeg, png.";

const tags = ["Wniosek leasingowy"];

const accessQuery = z.object({
  ApplicationId: z.coerce.number().int().min(1).max(2_147_483_647),
  Key: z.string().max(100).optional().describe("Sekret z linku w e-mailu (dla osoby bez konta)"),
});

/** The caller's right to an application: the link's key, or the signed-in bidder. */
function accessOf(key: string | undefined, userId: number | null): ApplicationAccess {
  if (key) return { key };
  if (userId) return { userId };
  throw new ApiError(404, ErrorCode.NotFound, "Nie ma takiego wniosku albo link jest nieprawidłowy.");
}

/**
 * Online leasing applications (ADR 057): submit with a preliminary decision in the answer, read one
 * with its timeline, the signed-in bidder's list, and the documents the applicant sends.
 */
export const leaseApplicationApi: ApiPlugin = async (api, { services, docs }) => {
  const applications = services.leaseApplications;

  apiRoute(api, docs, {
    method: "POST",
    url: "/LeaseApplication",
    auth: "optional",
    rateLimit: {
      name: "LeaseApplication",
      perWindow: APPLICATIONS_PER_WINDOW,
      message: tooManyMessage("wniosków"),
      scaled: true,
    },
    tags,
    summary: "Wniosek leasingowy online ze wstępną decyzją w odpowiedzi",
    description:
      "Samochód z oferty (AuctionId) albo podany (Car); warunki sprawdzane jak w kalkulatorze. Dane firmy pobierane z wykazu podatników VAT po NIP (gdy rejestr nie odpowiada, przyjmowane są wpisane). Wstępna decyzja według obowiązującej wersji reguł: accept, review albo refuse, z powodami i tym, co zmieniłoby decyzję. Przy decyzji pozytywnej samochód z oferty jest rezerwowany na 48 godzin (409 z ErrorCode 70, gdy jest zarezerwowany dla kogoś innego). Zalogowany użytkownik (Authorization: Bearer) ma wniosek na koncie; osoba bez konta dostaje e-mail z linkiem do wniosku. Limity: na adres klienta (429) i 3 wnioski na dobę na adres e-mail lub konto.",
    body: applicationSchema,
    response: submittedSchema,
    handler: async ({ body }, request) => {
      const r = await applications.submit(body, { userId: request.user?.userId ?? null, ip: request.ip });
      return {
        ApplicationId: r.id,
        Key: r.key,
        Url: applications.link(r.id, r.key),
        Status: r.status,
        Decision: decisionView(r.decision),
        ReservedUntil: r.reservedUntil ? formatApiDateTime(r.reservedUntil) : null,
        DocumentsNeeded: r.documentsNeeded,
      };
    },
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/LeaseApplication",
    auth: "optional",
    tags,
    summary:
      "Wniosek leasingowy z przebiegiem (złożenie, wstępna decyzja, dokumenty, decyzja końcowa, umowa)",
    description:
      "Z sekretem z linku (Key) albo jako zalogowany właściciel wniosku. Nieznany wniosek i cudzy: ta sama odpowiedź 404.",
    query: accessQuery,
    response: applicationViewSchema,
    handler: async ({ query }, request) => {
      const found = await applications.read(
        query.ApplicationId,
        accessOf(query.Key, request.user?.userId ?? null),
      );
      return applicationView(found, services.clock.now());
    },
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/LeaseApplication/Summary",
    auth: "optional",
    tags,
    summary: "Podsumowanie wniosku leasingowego (PDF)",
    description:
      "Z sekretem z linku (Key) albo jako zalogowany właściciel wniosku (wniosek otwarty z konta nie ma sekretu w adresie). Nieznany wniosek i cudzy: 404.",
    query: accessQuery,
    response: z.string().meta({ format: "binary" }),
    responseContentType: "application/pdf",
    handler: async ({ query }, request, reply) => {
      const found = await applications.read(
        query.ApplicationId,
        accessOf(query.Key, request.user?.userId ?? null),
      );
      const pdf = await applicationSummaryPdf(applicationView(found, services.clock.now()));
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="wniosek-leasingowy-${query.ApplicationId}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/LeaseApplication/Mine",
    auth: "user",
    tags,
    summary: "Wnioski leasingowe zalogowanego użytkownika, od najnowszego",
    response: z.object({
      Applications: z.array(
        z.object({
          ApplicationId: z.number().int(),
          CreatedAt: z.string(),
          MakeModel: z.string(),
          Status: z.string(),
          StatusName: z.string(),
        }),
      ),
    }),
    handler: async (_input, request) => {
      const rows = await applications.listForUser(signedIn(request).userId);
      return {
        Applications: rows.map((r) => ({
          ApplicationId: r.id,
          CreatedAt: formatApiDateTime(r.createdAt),
          MakeModel: r.car.MakeModel,
          Status: r.status,
          StatusName: APPLICATION_STATUSES[r.status],
        })),
      };
    },
  });

  await documentRoute(api, { services, docs });
};

/** A document arrives as the request body itself, named in the query (as the chat's files). */
async function documentRoute(
  api: Parameters<ApiPlugin>[0],
  { services, docs }: Pick<ApiContext, "services" | "docs">,
) {
  const applications = services.leaseApplications;
  await api.register(async (files) => {
    files.addHook("onRoute", (route) => {
      route.bodyLimit = DOCUMENT_MAX_BYTES + 1;
    });
    files.removeAllContentTypeParsers();
    files.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    files.setErrorHandler((err) => {
      throw (err as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? new ApiError(413, ErrorCode.PayloadTooLarge, "Plik jest za duży: dołącz plik do 10 MB.")
        : err;
    });
    apiRoute(files, docs, {
      method: "POST",
      url: "/LeaseApplication/Documents",
      auth: "optional",
      tags,
      summary:
        "Dokument do wniosku (sprawozdanie finansowe, dokumenty, o które prosi analityk): treścią żądania jest sam plik",
      description:
        "pdf, jpg, jpeg lub png, do 10 MB; nazwa pliku w parametrze name. Tylko do wniosku, który nie jest jeszcze rozpatrzony (409 z ErrorCode 71).",
      query: accessQuery.extend({ name: z.string().trim().min(1).max(200) }),
      response: z.object({ Added: z.literal(true) }),
      handler: async ({ query }, request) => {
        const data = request.body;
        if (!Buffer.isBuffer(data) || data.length === 0) throw badRequest("Pole name: plik jest pusty");
        const ext = query.name.split(".").pop()?.toLowerCase() ?? "";
        const type = DOCUMENT_TYPES[ext];
        if (!type || !looksLike(ext, data)) throw badRequest(DOCUMENT_FORMATS);
        await applications.addDocument(
          query.ApplicationId,
          accessOf(query.Key, request.user?.userId ?? null),
          {
            name: query.name,
            type,
            data,
          },
        );
        return { Added: true as const };
      },
    });
  });
}

/** The file's first bytes match its name: a PDF starts with %PDF, a JPEG with FF D8, a PNG with its signature. */
function looksLike(ext: string, data: Buffer): boolean {
  if (ext === "pdf") return data.subarray(0, 4).toString("latin1") === "%PDF";
  if (ext === "png") return data.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return data[0] === 0xff && data[1] === 0xd8;
}
