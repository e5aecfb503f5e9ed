import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";

describe("configuration from the environment", () => {
  it("refuses a buffer size PostgreSQL would not take, naming the variable, before anything starts", () => {
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: "dużo" })).toThrow(
      'Nieprawidłowa zmienna środowiskowa PGLITE_SHARED_BUFFERS="dużo": podaj rozmiar, np. 32MB lub 128MB',
    );
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: "128MB -c fsync=off" })).toThrow(
      /PGLITE_SHARED_BUFFERS/,
    );
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "128MB" }).PGLITE_SHARED_BUFFERS).toBe("128MB");
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS).toBe("32MB");
  });
});
