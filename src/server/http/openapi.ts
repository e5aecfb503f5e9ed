import { z } from "zod";

type Operation = {
  method: string;
  url: string;
  summary: string;
  tags: string[];
  description?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  responseContentType?: string;
  /** Other forms of the same answer a query asks for (the data export's CSV), by content type. */
  alsoAnswers?: Record<string, z.ZodType>;
  /** "user"/"apiKey": the operation needs a bearer token; "optional": it reads one when sent. */
  auth?: "user" | "optional" | "apiKey";
};

/**
 * Collects the documentation of every API route as it is registered, so /api/docs always describes
 * what the server really answers. Schemas are the same zod schemas that validate the requests.
 */
export class OpenApiRegistry {
  private ops: Operation[] = [];

  /** checksAnswers: every answer is checked against its documented schema (tests; http/route.ts). */
  constructor(readonly checksAnswers = false) {}

  add(op: Operation): void {
    this.ops.push(op);
  }

  document(serverUrl: string): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    const jsonSchema = (s: z.ZodType, io: "input" | "output") =>
      z.toJSONSchema(s, { io, unrepresentable: "any", target: "openapi-3.0" });
    for (const op of this.ops) {
      const path = op.url.replace(/:(\w+)/g, "{$1}");
      const parameters: unknown[] = [];
      if (op.query) {
        const schema = jsonSchema(op.query, "input") as {
          properties?: Record<string, unknown>;
          required?: string[];
        };
        for (const [name, s] of Object.entries(schema.properties ?? {})) {
          parameters.push({
            name,
            in: "query",
            required: schema.required?.includes(name) ?? false,
            schema: s,
          });
        }
      }
      for (const m of op.url.matchAll(/:(\w+)/g)) {
        parameters.push({ name: m[1], in: "path", required: true, schema: { type: "string" } });
      }
      paths[path] ??= {};
      paths[path][op.method.toLowerCase()] = {
        summary: op.summary,
        description: op.description,
        tags: op.tags,
        parameters: parameters.length ? parameters : undefined,
        security:
          op.auth === "user" || op.auth === "apiKey"
            ? [{ [op.auth === "user" ? "accessToken" : "offersApiKey"]: [] }]
            : op.auth === "optional"
              ? [{}, { accessToken: [] }]
              : undefined,
        requestBody: op.body
          ? { required: true, content: { "application/json": { schema: jsonSchema(op.body, "input") } } }
          : undefined,
        responses: {
          "200": {
            description: "OK",
            content: op.response
              ? {
                  [op.responseContentType ?? "application/json"]: {
                    schema: jsonSchema(op.response, "output"),
                  },
                  ...Object.fromEntries(
                    Object.entries(op.alsoAnswers ?? {}).map(([type, schema]) => [
                      type,
                      { schema: jsonSchema(schema, "output") },
                    ]),
                  ),
                }
              : undefined,
          },
          default: {
            description: "Błąd: { ErrorCode, ErrorMessage } (kody opisane w info.description)",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
          },
        },
      };
    }
    return {
      openapi: "3.0.3",
      info: {
        title: "API marketplace",
        version: "1",
        description: ERROR_CODES_DOC,
      },
      servers: [{ url: serverUrl }],
      paths,
      components: {
        schemas: {
          ApiError: {
            type: "object",
            required: ["ErrorCode", "ErrorMessage"],
            properties: { ErrorCode: { type: "integer" }, ErrorMessage: { type: "string" } },
          },
        },
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          accessToken: {
            type: "http",
            scheme: "bearer",
            description: "access_token z POST /api/Account/Login (ważny ACCESS_TOKEN_TTL_SECONDS).",
          },
          offersApiKey: {
            type: "http",
            scheme: "bearer",
            description: "Klucz OFFERS_API_KEY systemu flotowego.",
          },
        },
      },
    };
  }
}

/** Every ErrorCode the API answers: [code, HTTP status, meaning]; the docs' table in both forms. */
export const ERROR_CODES: [code: string, http: string, meaning: string][] = [
  ["1", "400", "nieprawidłowe dane wejściowe (komunikat wskazuje pole)"],
  ["2", "400", "treść żądania nie jest poprawnym JSON-em"],
  ["3", "404", "nie znaleziono zasobu lub ścieżki API"],
  ["4", "413", "treść żądania jest za duża"],
  ["5", "429", "za dużo żądań, spróbuj później"],
  ["6", "415", "nieobsługiwany typ treści"],
  ["7", "500", "błąd po stronie serwera"],
  [
    "8",
    "401",
    "brak tokenu, token nieznany lub wygasły: klient odświeża tokeny (RefreshManually) i powtarza żądanie",
  ],
  [
    "9",
    "409",
    "sesja zastąpiona: hasło zmieniono lub ustawiono na nowo na innym urządzeniu; klient czyści tokeny i przechodzi do /login",
  ],
  ["10", "400", "link aktywacyjny lub link do ustawienia hasła jest nieznany, użyty albo wygasł"],
  ["11", "400", "nieprawidłowy NIP (suma kontrolna)"],
  [
    "12",
    "—",
    "nieużywany: dawniej „konto z tym adresem e-mail już istnieje”; rejestracja odpowiada teraz tak samo dla zajętego adresu (numer nie zostanie użyty ponownie)",
  ],
  [
    "35",
    "401/400",
    'zły e-mail lub hasło przy logowaniu (401, w treści także "Error": "Invalid credentials", więc klient nie odświeża tokenów), złe obecne hasło przy zmianie hasła (400); pokazywany wywołującemu',
  ],
  [
    "47",
    "429",
    "za dużo nieudanych prób logowania na konto (5 w 15 min) lub z adresu IP (20 w 15 min); pokazywany wywołującemu",
  ],
  [
    "48",
    "403",
    "konto nieaktywne: adres e-mail niepotwierdzony (link wysyłany ponownie) albo konto czeka na weryfikację firmy; pokazywany wywołującemu",
  ],
  [
    "44",
    "401",
    "odmowa dostępu: sesja zakończona (wylogowanie, ponowne użycie refresh_token, nieznany lub wygasły refresh_token); klient czyści tokeny i przechodzi do /login",
  ],
  ["45", "401", "odmowa dostępu: konto zablokowane"],
  ["46", "401", "odmowa dostępu: konto przestało być zweryfikowane"],
  ["100", "403", "trzeba zaakceptować nowy regulamin aukcji (klient przechodzi do /zaakceptuj-regulamin)"],
  ["101", "403", "trzeba uzupełnić dane profilu (klient przechodzi do /ustawienia?editmode=true)"],
  ["(HTTP 409)", "409", "sesja zastąpiona nowszą (ErrorCode 9)"],
];

const ERROR_CODES_DOC = `Każdy błąd ma postać {"ErrorCode": n, "ErrorMessage": "…"}.

| ErrorCode | HTTP | znaczenie |
|---|---|---|
${ERROR_CODES.map((row) => `| ${row.join(" | ")} |`).join("\n")}`;
