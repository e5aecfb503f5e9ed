import fs from "node:fs";
import { z } from "zod";
import {
  IMAGE_GET_PATH,
  IMAGE_WIDTHS,
  imageIdFromUrl,
  MAX_IMAGE_DIMENSION,
  offerImageUrl,
  snappedVariant,
} from "../../domain/images";
import { badRequest, notFound } from "../http/errors";
import { enforceAbuseLimit } from "../http/rate-limit";
import { apiRoute } from "../http/route";
import { canEnlarge, negotiateFormat } from "../images/resize";
import { getImageMeta } from "../images/store";
import type { ApiPlugin } from "./index";

const DIMENSION_MESSAGE = `musi być liczbą całkowitą od 1 do ${MAX_IMAGE_DIMENSION} (piksele).`;
/** A query-string size: digits only, 1..1920. "0", "-5", "12.5", "abc" and "2000" are refused. */
const dimension = z
  .string({ error: DIMENSION_MESSAGE })
  .regex(/^\d{1,6}$/, DIMENSION_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, DIMENSION_MESSAGE).max(MAX_IMAGE_DIMENSION, DIMENSION_MESSAGE))
  .optional()
  .meta({ description: `Szerokość lub wysokość ramki w pikselach, 1-${MAX_IMAGE_DIMENSION}.` });

const getQuery = z.object({
  attachmentId: z
    .string({ error: "podaj identyfikator zdjęcia." })
    .regex(/^[0-9a-fA-F]{64}$/, "nieprawidłowy identyfikator zdjęcia.")
    .transform((v) => v.toLowerCase())
    .meta({ description: "Identyfikator zdjęcia (sha256 jego treści, 64 znaki szesnastkowe)." }),
  width: dimension,
  height: dimension,
});

const MAX_URLS = 100;
const manyQuery = z.object({
  urls: z
    .union([z.string(), z.array(z.string())], { error: "podaj adresy zdjęć." })
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(","))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string())
        .min(1, "podaj co najmniej jeden adres zdjęcia.")
        .max(MAX_URLS, `podaj najwyżej ${MAX_URLS} adresów zdjęć.`),
    )
    .meta({
      description:
        "Adresy zdjęć oddzielone przecinkami (albo powtórzony parametr): /api/OfferImages/Get?attachmentId=… lub same identyfikatory.",
    }),
  width: dimension,
  height: dimension,
});

const manyResponse = z.array(
  z.object({
    SourceUrl: z.string().meta({ description: "Adres z zapytania." }),
    Url: z.string().meta({ description: "Adres zdjęcia w żądanym rozmiarze." }),
    Width: z.number().int().meta({ description: "Szerokość zdjęcia pod adresem Url, w pikselach." }),
    Height: z.number().int().meta({ description: "Wysokość zdjęcia pod adresem Url, w pikselach." }),
  }),
);

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Resizes (cache misses) one client address may cause per rate window. Cached variants are not
 * counted; browsing even a freshly deployed catalogue (a page shows about 20 photos, each at one
 * snapped width) stays far below it, while a crawler asking every width of every photo is stopped.
 */
export const IMAGE_RESIZES_PER_WINDOW = 600;
const imageResizesLimitedMessage = (minutes: number) =>
  `Zbyt wiele żądań zdjęć z tego adresu. Spróbuj ponownie za ${minutes} min.`;

export const offerImagesApi: ApiPlugin = (api, { services, docs }) => {
  apiRoute(api, docs, {
    method: "GET",
    url: "/OfferImages/Get",
    tags: ["Zdjęcia"],
    summary: "Zdjęcie oferty w żądanym rozmiarze",
    description:
      "Zdjęcie zmniejszone tak, by zmieściło się w ramce width x height (proporcje zachowane, bez kadrowania; " +
      "bez width i height: rozmiar oryginału, najwyżej 1920 px). Format wg nagłówka Accept: AVIF, WebP, " +
      "w przeciwnym razie JPEG (Vary: Accept). Adres jest niezmienny (identyfikator to skrót treści): " +
      "Cache-Control immutable na rok, ETag, 304 przy If-None-Match. Szerokość dopasowanego zdjęcia jest " +
      `zaokrąglana w górę do jednej z: ${IMAGE_WIDTHS.join(", ")} px (wysokość wg proporcji), ` +
      "rozmiary standardowe: 320, 640, 1280 px (proporcje zdjęć ofert 4:3). Brak zdjęcia: 404.",
    query: getQuery,
    response: z.string().meta({ format: "binary" }),
    responseContentType: "image/*",
    handler: async ({ query }, request, reply) => {
      const req = {
        id: query.attachmentId,
        width: query.width,
        height: query.height,
        format: negotiateFormat(request.headers.accept),
      };
      reply.header("vary", "Accept");
      const etag = services.images.etagOf(req);
      // The variant of a content-addressed image never changes: a browser holding it needs no bytes.
      if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) {
        return reply.status(304).header("etag", etag).header("cache-control", IMMUTABLE).send();
      }
      const result = await services.images.get(req, () =>
        enforceAbuseLimit(
          services,
          request,
          reply,
          "ImageResize",
          IMAGE_RESIZES_PER_WINDOW,
          imageResizesLimitedMessage,
        ),
      );
      if (!result) throw notFound("Nie znaleziono zdjęcia.");
      reply.header("etag", etag).header("cache-control", IMMUTABLE);
      return reply.type(result.contentType).send(fs.createReadStream(result.file));
    },
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/OfferImages/GetManyByUrl",
    tags: ["Zdjęcia"],
    summary: "Adresy wielu zdjęć w jednym rozmiarze",
    description:
      "Dla każdego podanego adresu zdjęcia (kolejność zachowana) zwraca adres jego wersji w ramce width x height " +
      "oraz wymiary, jakie ta wersja będzie miała, tak aby strona mogła zarezerwować miejsce na obraz. " +
      `Najwyżej ${MAX_URLS} adresów. Adres spoza ${IMAGE_GET_PATH}: 400; nieznane zdjęcie: 404.`,
    query: manyQuery,
    response: manyResponse,
    handler: async ({ query }) => {
      const ids = query.urls.map((url) => {
        const id = imageIdFromUrl(url);
        if (!id)
          throw badRequest(`Pole urls: adres „${url.slice(0, 200)}” nie wskazuje zdjęcia z tego serwisu.`);
        return id;
      });
      const meta = await getImageMeta(services.db, ids);
      return query.urls.map((url, i) => {
        const image = meta.get(ids[i]);
        if (!image) throw notFound(`Nie znaleziono zdjęcia: ${url.slice(0, 200)}`);
        const box = { width: query.width, height: query.height };
        return {
          SourceUrl: url,
          Url: offerImageUrl(ids[i], box),
          ...(({ width, height }) => ({ Width: width, Height: height }))(
            snappedVariant(image, box, canEnlarge(image.contentType)).size,
          ),
        };
      });
    },
  });
};
