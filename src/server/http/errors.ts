import type { FastifyError, FastifyInstance } from "fastify";
import { z } from "zod";
import { type ApiErrorBody, ErrorCode, SERVICE_UNAVAILABLE_MESSAGE } from "../../domain/errors";
import { findInputProblem, inputProblemText } from "../../domain/input-safety";
import { isDatabaseUnavailable } from "../db/errors";
// For its side effect: zod's default messages in Polish sentences, for every schema on the server.
import "./zod-messages";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** A 429's wait, sent as Retry-After (http/response-rules.ts says a minute when it is not known). */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }

  body(): ApiErrorBody {
    return { ErrorCode: this.code, ErrorMessage: this.message };
  }
}

export const notFound = (what = "Nie znaleziono zasobu.") => new ApiError(404, ErrorCode.NotFound, what);
export const badRequest = (message: string, code: number = ErrorCode.Validation) =>
  new ApiError(400, code, message);

/** Turns a zod failure into one Polish sentence naming the field, e.g. "Pole Email: Nieprawidłowy email". */
export function zodToApiError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue.path.length ? issue.path.join(".") : null;
  const message = field ? `Pole ${field}: ${issue.message}` : issue.message;
  return badRequest(message);
}

/**
 * Parses input with a zod schema; bad input becomes a 400 naming the field, never a 500. With it, the
 * rule every input obeys (domain/input-safety.ts): no control characters (checked before the schema,
 * so a mangled e-mail is not called merely invalid), no number beyond the database's integers
 * (after it: a query's numbers are read from text, and a schema's own bound says more).
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  refuseUnsafeInput(data, false);
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw zodToApiError(result.error);
  refuseUnsafeInput(result.data, true);
  return result.data;
}

/**
 * The same rule for every API route, before its own parsing: a query parameter or body field that
 * no schema reads (or reads as a number, which would only say "expected a number") is still input,
 * and a route without a schema of its own is covered as well as one added tomorrow. Text only here:
 * a number's bound is the schema's to say first (parseInput).
 */
export function registerInputSafety(api: FastifyInstance): void {
  api.addHook("preValidation", async (request) => {
    refuseUnsafeInput(request.query, false);
    refuseUnsafeInput(request.body, false);
  });
}

/** A 400 naming the field of the input's first control character (or out-of-range number). */
function refuseUnsafeInput(data: unknown, numbers: boolean): void {
  const problem = findInputProblem(data, numbers);
  if (problem) throw badRequest(inputProblemText(problem));
}

/** Fastify's own errors outside any route (frameworkErrors, http/edge-errors.ts). */
export const badUrl = () => badRequest("Nieprawidłowy adres: niepoprawne kodowanie znaków (%).");
export const unknownPath = () => new ApiError(404, ErrorCode.NotFound, "Nie ma takiej ścieżki.");

const FASTIFY_CODES: Record<string, () => ApiError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    badRequest("Treść żądania nie jest poprawnym JSON-em.", ErrorCode.MalformedBody),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    badRequest("Treść żądania jest pusta, a oczekiwano JSON-a.", ErrorCode.MalformedBody),
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new ApiError(413, ErrorCode.PayloadTooLarge, "Treść żądania jest za duża."),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ApiError(415, ErrorCode.UnsupportedMediaType, "Nieobsługiwany typ treści żądania."),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    badRequest("Nieprawidłowa długość treści żądania.", ErrorCode.MalformedBody),
  FST_ERR_BAD_URL: badUrl,
};

/** Maps any error thrown in an API route to the {ErrorCode, ErrorMessage} contract. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof z.ZodError) return zodToApiError(err);
  if (isDatabaseUnavailable(err))
    return new ApiError(503, ErrorCode.ServiceUnavailable, SERVICE_UNAVAILABLE_MESSAGE);
  const fe = err as FastifyError;
  if (fe?.code && FASTIFY_CODES[fe.code]) return FASTIFY_CODES[fe.code]();
  if (fe?.validation) return badRequest(`Nieprawidłowe dane: ${fe.message}`);
  if (fe?.statusCode === 429)
    return new ApiError(429, ErrorCode.RateLimited, "Za dużo żądań. Spróbuj ponownie za chwilę.");
  if (fe?.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new ApiError(fe.statusCode, ErrorCode.Validation, "Nieprawidłowe żądanie.");
  }
  return new ApiError(500, ErrorCode.Internal, "Wystąpił błąd po stronie serwera.");
}

/** `onDatabaseError`: told when a request failed because the database connection was lost (metrics). */
export function registerApiErrorHandling(app: FastifyInstance, onDatabaseError: () => void = () => {}): void {
  app.setErrorHandler((err, request, reply) => {
    const apiError = toApiError(err);
    if (isDatabaseUnavailable(err)) onDatabaseError();
    if (apiError.status === 503) {
      // The database is away (ADR 014): expected during a restart, and the client may simply retry.
      request.log.warn({ reason: (err as Error)?.message }, "Baza danych nie odpowiada: odpowiedź 503");
      reply.header("retry-after", "5");
    } else if (apiError.status >= 500) request.log.error({ err }, "Błąd serwera podczas obsługi żądania");
    else request.log.info({ code: apiError.code, reason: apiError.message }, "Żądanie odrzucone");
    if (apiError.retryAfterS !== undefined) reply.header("retry-after", String(apiError.retryAfterS));
    return reply.status(apiError.status).type("application/json; charset=utf-8").send(apiError.body());
  });
}
