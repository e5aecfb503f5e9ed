import Fastify, { type FastifyInstance } from "fastify";

/**
 * A local stand-in for the Ministry of Finance VAT payer register ("biała lista"), answering in its
 * documented format: GET /api/search/nip/{nip}?date=YYYY-MM-DD → { result: { subject, requestId,
 * requestDateTime } }, subject null when unknown; 400 { code: "WL-1xx", message } for a bad request.
 */
export const STAND_IN_COMPANIES: Record<string, Record<string, unknown>> = {
  "5260250274": {
    name: "MINISTERSTWO FINANSÓW",
    nip: "5260250274",
    statusVat: "Czynny",
    regon: "000002217",
    pesel: null,
    krs: null,
    residenceAddress: "ŚWIĘTOKRZYSKA 12, 00-916 WARSZAWA",
    workingAddress: null,
    representatives: [],
    authorizedClerks: [],
    partners: [],
    registrationLegalDate: "1995-01-01",
    registrationDenialBasis: null,
    registrationDenialDate: null,
    restorationBasis: null,
    restorationDate: null,
    removalBasis: null,
    removalDate: null,
    accountNumbers: ["16101010100000022231000000"],
    hasVirtualAccounts: false,
  },
  "1234563218": {
    name: "TRANSPORT NOWAK SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ",
    nip: "1234563218",
    statusVat: "Czynny",
    regon: "123456785",
    residenceAddress: null,
    workingAddress: "UL. JANA PAWŁA II 5/7, 90-001 ŁÓDŹ",
    accountNumbers: [],
    hasVirtualAccounts: false,
  },
};

export interface RegistryStandIn {
  url: string;
  requests: { nip: string; date: string | undefined }[];
  close(): Promise<void>;
}

export async function startRegistryStandIn(port = 0): Promise<RegistryStandIn> {
  const app: FastifyInstance = Fastify();
  const requests: RegistryStandIn["requests"] = [];
  app.get("/api/search/nip/:nip", async (req, reply) => {
    const { nip } = req.params as { nip: string };
    const { date } = req.query as { date?: string };
    requests.push({ nip, date });
    if (!date) return reply.status(400).send({ code: "WL-101", message: "Pole 'data' nie może być puste." });
    if (!/^\d{10}$/.test(nip)) {
      return reply.status(400).send({
        code: "WL-113",
        message: "Pole 'NIP' ma nieprawidłową długość. Wymagane 10 znaków (WL-113).",
      });
    }
    const subject = STAND_IN_COMPANIES[nip] ?? null;
    return { result: { subject, requestId: "d8l3s-8ad2k1f", requestDateTime: `${date} 12:00:00` } };
  });
  const url = await app.listen({ port, host: "127.0.0.1" });
  return { url, requests, close: () => app.close() };
}
