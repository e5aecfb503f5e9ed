import type { CompanyDetails } from "../../domain/account";
import { legalFormFromRegister } from "../../domain/lease-application/company";
import type { LegalForm } from "../../domain/lease-application/rules";
import { todayInPoland } from "../../domain/polish-time";
/**
 * Company data from a NIP, behind an adapter so the registration does not depend on one registry.
 * The real implementation asks the Ministry of Finance VAT payer register ("Wykaz podatników VAT",
 * "biała lista"): public REST, no key, GET {base}/api/search/nip/{nip}?date=YYYY-MM-DD answering
 * { result: { subject: {...} | null, requestId, requestDateTime } }, or { code: "WL-1xx", message }
 * with HTTP 400 for a wrong request.
 */

export interface CompanyData extends CompanyDetails {
  /** VAT status in the register: "Czynny", "Zwolniony" or "Niezarejestrowany" (informative). */
  VatStatus: string | null;
  /** The date of registration as a VAT payer (YYYY-MM-DD), when the register gives it. */
  RegisteredOn: string | null;
  /** The date the company was removed from the register, if it was. */
  RemovedOn: string | null;
  /** The legal form its name and numbers show (src/domain/lease-application/company.ts), or null. */
  LegalForm: LegalForm | null;
}

export type CompanyLookup =
  | { status: "found"; company: CompanyData }
  | { status: "not-found" }
  /** The registry did not answer (network, timeout, its own error): the person types the data in. */
  | { status: "unavailable"; reason: string };

export interface CompanyRegistry {
  lookupByNip(nip: string): Promise<CompanyLookup>;
}

/** A subject of the register, as documented (only the fields we read). */
interface WhiteListSubject {
  name?: string | null;
  nip?: string | null;
  statusVat?: string | null;
  regon?: string | null;
  residenceAddress?: string | null;
  workingAddress?: string | null;
  krs?: string | null;
  pesel?: string | null;
  registrationLegalDate?: string | null;
  removalDate?: string | null;
}

const isoDate = (v: string | null | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/**
 * The register gives an address as one line, e.g. "UL. PRZYKŁADOWA 1/2, 00-950 WARSZAWA" (upper
 * case). Split it into street, postal code and city; when it does not fit, keep it whole as the street
 * so the person can correct it.
 */
export function parseRegistryAddress(
  line: string | null | undefined,
): Pick<CompanyData, "Street" | "PostalCode" | "City"> {
  const text = (line ?? "").trim().replace(/\s+/g, " ");
  const m = /^(.*?),?\s*(\d{2}-\d{3})\s+(.+)$/.exec(text);
  if (!m) return { Street: text, PostalCode: "", City: "" };
  return { Street: titleCase(m[1].replace(/,$/, "").trim()), PostalCode: m[2], City: titleCase(m[3].trim()) };
}

const LOWER_WORDS = new Set(["ul.", "al.", "pl.", "os.", "i", "w", "z", "nad", "pod", "przy"]);

/** "UL. JANA PAWŁA II 5" → "ul. Jana Pawła II 5": registry text in the form people write it. */
function titleCase(s: string): string {
  if (s !== s.toUpperCase()) return s;
  return s
    .toLowerCase()
    .split(" ")
    .map((w, i) => {
      if (/^[ivxlcdm]+$/.test(w) && w.length > 1) return w.toUpperCase();
      if (i > 0 && LOWER_WORDS.has(w)) return w;
      if (i === 0 && LOWER_WORDS.has(w)) return w;
      return w
        .split("-")
        .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
        .join("-");
    })
    .join(" ");
}

export class WhiteListRegistry implements CompanyRegistry {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly now: () => Date,
  ) {}

  async lookupByNip(nip: string): Promise<CompanyLookup> {
    // The register asks for the date the status is checked on; today in Poland.
    const date = todayInPoland(this.now());
    const url = `${this.baseUrl.replace(/\/$/, "")}/api/search/nip/${encodeURIComponent(nip)}?date=${date}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      return {
        status: "unavailable",
        reason: (err as Error).name === "TimeoutError" ? "timeout" : "network",
      };
    }
    let body: { result?: { subject?: WhiteListSubject | null }; code?: string; message?: string };
    try {
      body = await res.json();
    } catch {
      return { status: "unavailable", reason: `HTTP ${res.status}, treść nie jest JSON-em` };
    }
    if (!res.ok) {
      // WL-1xx: request errors (e.g. WL-113 wrong NIP length); the checksum was checked before we
      // asked, so any of them means the register cannot help now.
      return { status: "unavailable", reason: `${body.code ?? `HTTP ${res.status}`}: ${body.message ?? ""}` };
    }
    const subject = body.result?.subject;
    if (!subject?.name) return { status: "not-found" };
    const address = parseRegistryAddress(subject.workingAddress || subject.residenceAddress);
    return {
      status: "found",
      company: {
        Nip: subject.nip ?? nip,
        CompanyName: subject.name,
        Regon: subject.regon ?? "",
        ...address,
        VatStatus: subject.statusVat ?? null,
        RegisteredOn: isoDate(subject.registrationLegalDate),
        RemovedOn: isoDate(subject.removalDate),
        LegalForm: legalFormFromRegister(subject),
      },
    };
  }
}
