import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../domain/errors";
import type { Config } from "../config";
import { securityHeaders } from "./csp";
import { ApiError, badUrl, toApiError, unknownPath } from "./errors";

/**
 * The errors Fastify and Node answer themselves, in the {ErrorCode, ErrorMessage} contract in Polish
 * like every API answer (pages keep React Router's own 404 page).
 */

/** Node's HTTP parser refuses a request before Fastify sees it (431 headers or URL too long, 400…). */
export function clientErrorHandler(config: Pick<Config, "publicUrl">) {
  const headers = Object.entries(securityHeaders(config))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return (err: NodeJS.ErrnoException, socket: Socket): void => {
    // A reset connection has nobody to answer.
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    const error =
      err.code === "HPE_HEADER_OVERFLOW"
        ? new ApiError(431, ErrorCode.Validation, "Nagłówki lub adres żądania są za długie.")
        : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? new ApiError(408, ErrorCode.Validation, "Żądanie nie dotarło w całości na czas.")
          : new ApiError(400, ErrorCode.Validation, "Nieprawidłowe żądanie HTTP.");
    const body = JSON.stringify(error.body());
    const reason = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" }[
      error.status as 400 | 408 | 431
    ];
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${error.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n${headers}Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

/** Fastify's router errors (e.g. FST_ERR_BAD_URL for `/api/%zz`), before any route or hook. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const apiError = error.code === "FST_ERR_BAD_URL" ? badUrl() : toApiError(error);
  void reply.status(apiError.status).type("application/json; charset=utf-8").send(apiError.body());
}

/**
 * Outside the /api scope: requests no route takes (a method the pages do not serve, or no web build),
 * missing files under /assets/ (a stale bundle asks for an old hash: a short 404, not the 404 page), and
 * errors of the non-API routes.
 */
export function registerEdgeErrors(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).type("application/json; charset=utf-8").send(unknownPath().body()),
  );
  app.setErrorHandler((err, request, reply) => {
    const apiError = toApiError(err);
    if (apiError.status >= 500) request.log.error({ err }, "Błąd serwera podczas obsługi żądania");
    return reply.status(apiError.status).type("application/json; charset=utf-8").send(apiError.body());
  });
}

export function registerMissingAssets(app: FastifyInstance): void {
  app.all("/assets/*", async (_request, reply) =>
    reply
      .status(404)
      .type("application/json; charset=utf-8")
      .send(new ApiError(404, ErrorCode.NotFound, "Nie ma takiego pliku.").body()),
  );
}
