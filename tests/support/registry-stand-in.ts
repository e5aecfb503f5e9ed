import Fastify, { type FastifyInstance } from "fastify";

/**
 * A local stand-in for the Ministry of Finance VAT payer register ("biała lista"), answering in its
 * documented format: GET /api/search/nip/{nip}?date=YYYY-MM-DD → { result: { subject, requestId,
 * requestDateTime } }, subject null when unknown; 400 { code: "WL-1xx", message } for a bad request.
 */
/** NIPs of the register's cases (valid checksums); MISSING is one the register does not know. */
export const YOUNG_COMPANY_NIP = "7770001111";
export const EXEMPT_COMPANY_NIP = "7770002228";
export const REMOVED_COMPANY_NIP = "7770003334";
export const MISSING_COMPANY_NIP = "7770004440";
/** A date field the stand-in fills from the request's date, so the company's age holds on any day. */
const MONTHS_BEFORE_REQUEST = (months: number) => ({ monthsBeforeRequest: months });

function answerDates(subject: Record<string, unknown>, date: string): Record<string, unknown> {
  const out = { ...subject };
  for (const [k, v] of Object.entries(subject)) {
    if (v && typeof v === "object" && "monthsBeforeRequest" in v) {
      const [y, m, d] = date.split("-").map(Number);
      const t = new Date(Date.UTC(y, m - 1 - (v as { monthsBeforeRequest: number }).monthsBeforeRequest, d));
      out[k] = t.toISOString().slice(0, 10);
    }
  }
  return out;
}

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
    registrationLegalDate: "2015-03-10",
    accountNumbers: [],
    hasVirtualAccounts: false,
  },
  // The leasing application's cases: a company registered three months before the day asked about
  // (its date follows the request's), one exempt from VAT, one removed from the register. Any other
  // valid NIP is a company the register does not know (subject null).
  [YOUNG_COMPANY_NIP]: {
    name: "NOWA FIRMA KURIERSKA SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ",
    nip: YOUNG_COMPANY_NIP,
    statusVat: "Czynny",
    regon: "380000111",
    krs: "0000990001",
    workingAddress: "UL. PIOTRKOWSKA 100, 90-004 ŁÓDŹ",
    registrationLegalDate: MONTHS_BEFORE_REQUEST(3),
    accountNumbers: [],
  },
  [EXEMPT_COMPANY_NIP]: {
    name: "ANNA ZIELIŃSKA PRACOWNIA KRAWIECKA",
    nip: EXEMPT_COMPANY_NIP,
    statusVat: "Zwolniony",
    regon: "380000222",
    pesel: "85010112345",
    krs: null,
    residenceAddress: "UL. DŁUGA 3, 80-827 GDAŃSK",
    registrationLegalDate: "2019-06-01",
    accountNumbers: [],
  },
  [REMOVED_COMPANY_NIP]: {
    name: "ZAMKNIĘTY HANDEL SPÓŁKA JAWNA",
    nip: REMOVED_COMPANY_NIP,
    statusVat: "Niezarejestrowany",
    regon: "380000333",
    krs: "0000990003",
    residenceAddress: "UL. WROCŁAWSKA 8, 61-838 POZNAŃ",
    registrationLegalDate: "2012-02-01",
    removalBasis: "Art. 96 ust. 9 ustawy o VAT",
    removalDate: "2025-09-30",
    accountNumbers: [],
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
    const known = STAND_IN_COMPANIES[nip];
    const subject = known ? answerDates(known, date) : null;
    return { result: { subject, requestId: "d8l3s-8ad2k1f", requestDateTime: `${date} 12:00:00` } };
  });
  const url = await app.listen({ port, host: "127.0.0.1" });
  return { url, requests, close: () => app.close() };
}
