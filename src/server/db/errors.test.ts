import { describe, expect, it } from "vitest";
import { toApiError } from "../http/errors";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors";

/** Drizzle's wrapper around a driver error, as a failed query throws it. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a stopped, restarting or unreachable server and a killed connection, also inside Drizzle's error", () => {
    for (const err of [
      wrapped(pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")),
      wrapped(pgError("57P01", "terminating connection due to administrator command")),
      wrapped(pgError("57P03", "the database system is starting up")),
      wrapped(pgError("08006", "connection failure")),
      wrapped(new Error("Connection terminated unexpectedly")),
      new Error("Client has encountered a connection error and is not queryable"),
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(true);
    }
  });

  it("leaves faults of the request or of the SQL alone", () => {
    for (const err of [
      wrapped(pgError("23505", "duplicate key value violates unique constraint")),
      wrapped(pgError("42601", "syntax error at or near")),
      new Error("something else"),
      null,
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
    expect(isUniqueViolation(wrapped(pgError("23505", "duplicate")))).toBe(true);
  });

  it("makes the API answer 503 with the Polish message", () => {
    const err = toApiError(wrapped(pgError("ECONNREFUSED", "connect ECONNREFUSED")));
    expect(err.status).toBe(503);
    expect(err.body()).toEqual({
      ErrorCode: 15,
      ErrorMessage: "Serwis jest chwilowo niedostępny. Spróbuj ponownie za chwilę.",
    });
    expect(toApiError(new Error("boom")).status).toBe(500);
  });
});
