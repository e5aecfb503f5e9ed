import { z } from "zod";
import { BRAND } from "../../domain/brand";
import { DOCUMENTS } from "../../domain/documents";
import { LITERAL_DEFAULTS } from "../../domain/literals";
import { notFound } from "../http/errors";
import { apiRoute } from "../http/route";
import type { ApiPlugin } from "./index";

const regulationSchema = z.object({
  Name: z.string().describe(`Nazwa pliku, np. „Regulamin aukcji ${BRAND.name}.pdf”`),
  Base64: z.string().describe("Treść pliku PDF zakodowana w Base64"),
});

const literalsSchema = z
  .object(Object.fromEntries(Object.keys(LITERAL_DEFAULTS).map((k) => [k, z.string()])))
  .catchall(z.string())
  .describe("Teksty i dane kontaktowe edytowane w tabeli literals, klucz → wartość");

/** Spec section 7, "Content" and "Regulations": literals and the two rule documents. */
export const contentApi: ApiPlugin = (api, { services, docs }) => {
  apiRoute(api, docs, {
    method: "GET",
    url: "/Literals/Get",
    summary: "Teksty i dane kontaktowe (m.in. numer przycisku połączenia, klauzula formularza)",
    tags: ["Content"],
    response: literalsSchema,
    handler: async () => services.content.literals(),
  });

  const regulation = async (kind: string, what: string) => {
    const doc = await services.content.currentDocument(kind);
    if (!doc) throw notFound(`${what} nie jest jeszcze opublikowany.`);
    return { Name: doc.name, Base64: doc.data.toString("base64") };
  };

  apiRoute(api, docs, {
    method: "GET",
    url: "/Regulations",
    summary: "Regulamin serwisu (aktualna wersja) jako PDF w Base64",
    tags: ["Regulations"],
    response: regulationSchema,
    handler: () => regulation(DOCUMENTS.siteRules.kind, "Regulamin serwisu"),
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/Regulations/auctionRules",
    summary: "Regulamin aukcji (wersja obowiązująca dziś) jako PDF w Base64",
    description:
      "Wersje regulaminu są przechowywane w tabeli documents; odpowiedź zawiera najnowszą wersję, której data wejścia w życie już minęła (pierwsza: 7.01.2021).",
    tags: ["Regulations"],
    response: regulationSchema,
    handler: () => regulation(DOCUMENTS.auctionRules.kind, "Regulamin aukcji"),
  });
};
