import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { OpenApiRegistry } from "./openapi";
import { apiRoute, machineTimesOutsideUtcFields } from "./route";

type Doc = { paths: Record<string, { get: { description?: string } }> };

describe("a route's description in /api/docs", () => {
  it("of a route for the signed-in user begins with the token it needs; other routes say only their own", () => {
    const app = Fastify();
    const docs = new OpenApiRegistry();
    const route = (url: string, auth: "user" | undefined, description?: string) =>
      apiRoute(app, docs, {
        method: "GET",
        url,
        tags: ["Test"],
        summary: url,
        auth,
        description,
        handler: async () => ({}),
      });
    route("/Mine", "user");
    route("/MineExplained", "user", "Odpowiada 403, gdy konto nie może licytować.");
    route("/Public", undefined, "Dla każdego.");
    const { paths } = docs.document("http://localhost") as Doc;
    expect(paths["/api/Mine"].get.description).toBe("Wymaga nagłówka Authorization: Bearer {access_token}.");
    expect(paths["/api/MineExplained"].get.description).toBe(
      "Wymaga nagłówka Authorization: Bearer {access_token}. Odpowiada 403, gdy konto nie może licytować.",
    );
    expect(paths["/api/Public"].get.description).toBe("Dla każdego.");
  });
});

describe("times in an answer, checked under test for every API answer", () => {
  it("are in the spec's format, or ISO 8601 only in a …Utc field or the server's clock", () => {
    expect(
      machineTimesOutsideUtcFields({
        AuctionEnd: "2026-12-01 14:22:00",
        AuctionEndUtc: "2026-12-01T13:22:00.000Z",
        ServerTime: "2026-11-28T06:00:00.000Z",
        Text: "2026 rok",
      }),
    ).toEqual([]);
    expect(
      machineTimesOutsideUtcFields({
        Events: [{ CreatedAt: "2026-11-28T06:00:00.000Z" }],
        Rules: { EffectiveFrom: "2021-01-06T23:00:00.000Z" },
      }),
    ).toEqual(["$.Events[0].CreatedAt", "$.Rules.EffectiveFrom"]);
  });
});
