import { and, desc, eq, gt, gte, or, sql } from "drizzle-orm";
import {
  type CalculatorProperties,
  calculateLeasing,
  calculateRent,
  checkLeasingInput,
  checkRentInput,
} from "../../domain/calculator";
import { ErrorCode } from "../../domain/errors";
import {
  APPLICATIONS_PER_EMAIL_PER_DAY,
  type ApplicationCar,
  type ApplicationCompany,
  type ApplicationInput,
  type ApplicationStatus,
  type ApplicationTerms,
  FINANCIAL_STATEMENTS_ABOVE_NETTO,
  FINANCIAL_STATEMENTS_TEXT,
  RESERVATION_HOURS,
  type TimelineKind,
} from "../../domain/lease-application/application";
import { vatStatusFromRegister } from "../../domain/lease-application/company";
import {
  type ApplicationFacts,
  applicantReasons,
  type Decision,
  decide,
  financedNetto,
  type Rule,
} from "../../domain/lease-application/rules";
import { todayInPoland } from "../../domain/polish-time";
import type { CompanyLookup, CompanyRegistry } from "../accounts/company-registry";
import { randomToken, tokenHash } from "../accounts/secrets";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db, Tx } from "../db/client";
import {
  leaseApplicationDocuments,
  leaseApplicationEvents,
  leaseApplications,
  leaseRuleSets,
  offers,
} from "../db/schema/index";
import { ApiError, badRequest, notFound } from "../http/errors";
import type { MailService } from "../service-types";
import { applicantMail, salesApplicationMail } from "./mails";

/** The calculator's longest period when an offer does not say otherwise (as the calculator's API). */
const MAX_PERIOD = 80;

export type EventRow = typeof leaseApplicationEvents.$inferSelect;

/** Who opens an application: its secret link (a visitor), the signed-in bidder, or staff. */
export type ApplicationAccess = { key: string } | { userId: number } | { staff: true };

const NOT_FOUND = "Nie ma takiego wniosku albo link jest nieprawidłowy.";

/**
 * Online leasing applications: taken with the company from the VAT register and a preliminary
 * decision by the rules in force, stored with their timeline and e-mails in one transaction; the
 * car kept for the applicant for 48 hours after a positive preliminary decision.
 */
export class LeaseApplications {
  constructor(
    private db: Db,
    private config: Config,
    private mail: MailService,
    private registry: CompanyRegistry,
    private calculatorProperties: () => Promise<CalculatorProperties>,
    private clock: Clock,
  ) {}

  /** The rule set in force: the newest version. */
  async currentRules(db: Db | Tx = this.db): Promise<{ version: number; rules: Rule[] }> {
    const [row] = await db
      .select({ version: leaseRuleSets.version, rules: leaseRuleSets.rules })
      .from(leaseRuleSets)
      .orderBy(desc(leaseRuleSets.version))
      .limit(1);
    if (!row) throw new Error("Brak zestawu reguł wstępnej decyzji (migracja 0044)");
    return row;
  }

  /** Until when an offer is kept for an applicant (a positive preliminary decision), or null. */
  async reservedUntil(offerId: number): Promise<Date | null> {
    const [row] = await this.db
      .select({ until: leaseApplications.reservedUntil })
      .from(leaseApplications)
      .where(
        and(eq(leaseApplications.offerId, offerId), gt(leaseApplications.reservedUntil, this.clock.now())),
      )
      .orderBy(desc(leaseApplications.reservedUntil))
      .limit(1);
    return row?.until ?? null;
  }

  /** What the application form shows of an offer (active new or ex-lease, with leasing or rent), or null. */
  async offerForApplication(id: number) {
    const [o] = await this.db
      .select({
        AuctionId: offers.id,
        make: offers.make,
        model: offers.model,
        version: offers.version,
        Year: offers.year,
        net: offers.totalPriceNetto,
        netDiscount: offers.totalPriceNettoDiscount,
        IsLeasingAvailable: offers.isLeasingAvailable,
        IsRentAvailable: offers.isRentAvailable,
        status: offers.status,
        saleType: offers.saleType,
      })
      .from(offers)
      .where(eq(offers.id, id))
      .limit(1);
    const price = o ? (o.netDiscount ?? o.net) : null;
    if (!o || !price || o.status !== "active" || o.saleType === "auction") return null;
    if (!o.IsLeasingAvailable && !o.IsRentAvailable) return null;
    return {
      AuctionId: o.AuctionId,
      MakeModel: [o.make, o.model, o.version].filter(Boolean).join(" "),
      Year: o.Year,
      PriceNetto: price,
      IsLeasingAvailable: o.IsLeasingAvailable,
      IsRentAvailable: o.IsRentAvailable,
    };
  }

  private async car(input: ApplicationInput): Promise<ApplicationCar> {
    if (!input.AuctionId) {
      const c = input.Car!;
      return { ...c, AuctionId: null };
    }
    const [o] = await this.db
      .select({
        id: offers.id,
        make: offers.make,
        model: offers.model,
        version: offers.version,
        year: offers.year,
        status: offers.status,
        saleType: offers.saleType,
        net: offers.totalPriceNetto,
        netDiscount: offers.totalPriceNettoDiscount,
        leasing: offers.isLeasingAvailable,
        rent: offers.isRentAvailable,
      })
      .from(offers)
      .where(eq(offers.id, input.AuctionId))
      .limit(1);
    if (o?.status !== "active" || o.saleType === "auction")
      throw badRequest("Pole AuctionId: nie ma oferty o tym numerze");
    if (input.Terms.Product === "leasing" && !o.leasing)
      throw badRequest("Pole Terms.Product: ta oferta nie jest dostępna w leasingu");
    if (input.Terms.Product === "rent" && !o.rent)
      throw badRequest("Pole Terms.Product: ta oferta nie jest dostępna w najmie długoterminowym");
    const price = o.netDiscount ?? o.net;
    if (!price) throw badRequest("Pole AuctionId: oferta nie ma ceny netto");
    const MakeModel = [o.make, o.model, o.version].filter(Boolean).join(" ");
    return { AuctionId: o.id, MakeModel, Year: o.year, PriceNetto: price };
  }

  /** The terms checked against the calculator's ranges, with the monthly instalment they give. */
  private async terms(input: ApplicationInput, price: number): Promise<ApplicationTerms> {
    const props = await this.calculatorProperties();
    const t = input.Terms;
    const common = {
      PriceNetto: price,
      Period: t.Period,
      OwPercent: t.OwPercent,
      AdditionalServices: t.AdditionalServices,
      Insurance: "financed" as const,
    };
    if (t.Product === "leasing") {
      const li = { ...common, RvPercent: t.RvPercent ?? props.Leasing.Rv.Min };
      const bad = checkLeasingInput(li, props, MAX_PERIOD, "Car.PriceNetto");
      if (bad)
        throw badRequest(
          `Pole ${bad.field.startsWith("Car") ? bad.field : `Terms.${bad.field}`}: ${bad.message}`,
        );
      const r = calculateLeasing(li, props.Leasing, props.Insurance);
      return {
        ...t,
        RvPercent: li.RvPercent,
        Mileage: undefined,
        InstallmentPriceNetto: r.InstallmentPriceNetto,
      };
    }
    const ri = { ...common, Mileage: t.Mileage ?? props.LongTimeRent.MileageLimits[0] };
    const bad = checkRentInput(ri, props, MAX_PERIOD, "Car.PriceNetto");
    if (bad)
      throw badRequest(
        `Pole ${bad.field.startsWith("Car") ? bad.field : `Terms.${bad.field}`}: ${bad.message}`,
      );
    const r = calculateRent(ri, props.LongTimeRent, props.Insurance);
    return {
      ...t,
      Mileage: ri.Mileage,
      RvPercent: undefined,
      InstallmentPriceNetto: r.InstallmentPriceNetto,
    };
  }

  /** The company: the register's data when it knows the NIP, else what the person typed. */
  private company(input: ApplicationInput, found: CompanyLookup): ApplicationCompany {
    const typed = input.Company;
    if (found.status === "found") {
      const c = found.company;
      return {
        Nip: typed.Nip,
        CompanyName: c.CompanyName,
        Street: c.Street || typed.Street,
        PostalCode: c.PostalCode || typed.PostalCode,
        City: c.City || typed.City,
        RegisteredOn: c.RegisteredOn ?? (typed.RegisteredOn || null),
        LegalForm: c.LegalForm ?? typed.LegalForm ?? "other",
        VatStatus: vatStatusFromRegister(c.VatStatus, c.RemovedOn),
        Source: "register",
      };
    }
    return {
      Nip: typed.Nip,
      CompanyName: typed.CompanyName,
      Street: typed.Street,
      PostalCode: typed.PostalCode,
      City: typed.City,
      RegisteredOn: typed.RegisteredOn || null,
      LegalForm: typed.LegalForm ?? "other",
      VatStatus: found.status === "not-found" ? "missing" : "unknown",
      Source: "typed",
    };
  }

  /** A limit per e-mail address and per account, beside the per-address limit of the route. */
  private async checkDailyLimit(email: string, userId: number | null) {
    const since = new Date(this.clock.now().getTime() - 24 * 3_600_000);
    const who = userId
      ? or(sql`lower(${leaseApplications.email}) = lower(${email})`, eq(leaseApplications.userId, userId))
      : sql`lower(${leaseApplications.email}) = lower(${email})`;
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leaseApplications)
      .where(and(who, gte(leaseApplications.createdAt, since)));
    if (n >= APPLICATIONS_PER_EMAIL_PER_DAY)
      throw new ApiError(
        429,
        ErrorCode.RateLimited,
        `Z tego adresu e-mail złożono już ${APPLICATIONS_PER_EMAIL_PER_DAY} wnioski w ciągu doby. Spróbuj ponownie jutro albo zadzwoń do nas.`,
      );
  }

  /** Takes an application: the decision is made now, with the rules in force. */
  async submit(input: ApplicationInput, who: { userId: number | null; ip: string }) {
    await this.checkDailyLimit(input.Applicant.Email, who.userId);
    const car = await this.car(input);
    const terms = await this.terms(input, car.PriceNetto);
    const company = this.company(input, await this.registry.lookupByNip(input.Company.Nip));
    const now = this.clock.now();
    const today = todayInPoland(now);
    const facts: ApplicationFacts = {
      VatStatus: company.VatStatus,
      RegisteredOn: company.RegisteredOn,
      LegalForm: company.LegalForm,
      PriceNetto: car.PriceNetto,
      DownPaymentPercent: terms.OwPercent,
      CarYear: car.Year,
      TermMonths: terms.Period,
    };
    const key = randomToken();
    const { id, decision, reservedUntil, status } = await this.db.transaction(async (tx) => {
      const ruleSet = await this.currentRules(tx);
      const decision = decide(ruleSet.rules, facts, today);
      if (car.AuctionId && decision.Outcome === "accept")
        await this.checkNotReserved(tx, car.AuctionId, input.Applicant.Email, who.userId);
      const reservedUntil =
        car.AuctionId && decision.Outcome === "accept"
          ? new Date(now.getTime() + RESERVATION_HOURS * 3_600_000)
          : null;
      const needsStatements =
        decision.Outcome !== "refuse" && financedNetto(facts) > FINANCIAL_STATEMENTS_ABOVE_NETTO;
      const status: ApplicationStatus =
        decision.Outcome === "refuse" ? "refused" : needsStatements ? "documents" : "review";
      const [row] = await tx
        .insert(leaseApplications)
        .values({
          accessTokenHashes: [tokenHash(key)],
          userId: who.userId,
          offerId: car.AuctionId,
          email: input.Applicant.Email,
          car,
          terms,
          company,
          applicant: input.Applicant,
          signatory: input.Signatory,
          statements: input.Statements,
          facts,
          ruleSetVersion: ruleSet.version,
          preliminary: decision.Outcome,
          preliminaryResults: decision.Results,
          status,
          reservedUntil,
          ip: who.ip,
          createdAt: now,
        })
        .returning({ id: leaseApplications.id });
      const events: { kind: TimelineKind; note: string }[] = [
        { kind: "submitted", note: "" },
        { kind: "preliminary", note: decision.Title },
      ];
      if (needsStatements) events.push({ kind: "documentsRequested", note: FINANCIAL_STATEMENTS_TEXT });
      await tx
        .insert(leaseApplicationEvents)
        .values(events.map((e, i) => ({ applicationId: row.id, ...e, at: new Date(now.getTime() + i) })));
      const link = this.link(row.id, key);
      await this.mail.enqueue(
        tx,
        applicantMail.submitted({
          to: input.Applicant.Email,
          name: input.Applicant.Name,
          id: row.id,
          car: car.MakeModel,
          decision,
          reservedUntil,
          link,
          documents: needsStatements ? FINANCIAL_STATEMENTS_TEXT : null,
          accountUrl: who.userId ? null : `${this.config.publicUrl}/rejestracja`,
        }),
      );
      await this.mail.enqueue(
        tx,
        salesApplicationMail(
          this.config.SALES_EMAIL,
          row.id,
          car.MakeModel,
          company.CompanyName,
          decision,
          this.panelLink(row.id),
        ),
      );
      return { id: row.id, decision, reservedUntil, status };
    });
    this.mail.wake();
    return {
      id,
      key,
      decision,
      reservedUntil,
      status,
      documentsNeeded: status === "documents" ? FINANCIAL_STATEMENTS_TEXT : null,
    };
  }

  /**
   * Refuses a positive application for a car kept for someone else. The person who holds the
   * reservation (the same e-mail address or account) may apply again, e.g. on other terms after
   * reading the decision: the new application takes the reservation over, the older ones let go of it.
   */
  private async checkNotReserved(tx: Tx, offerId: number, email: string, userId: number | null) {
    const now = this.clock.now();
    const held = and(eq(leaseApplications.offerId, offerId), gt(leaseApplications.reservedUntil, now));
    const mine = userId
      ? or(sql`lower(${leaseApplications.email}) = lower(${email})`, eq(leaseApplications.userId, userId))
      : sql`lower(${leaseApplications.email}) = lower(${email})`;
    const [row] = await tx
      .select({ id: leaseApplications.id })
      .from(leaseApplications)
      .where(and(held, sql`not (${mine})`))
      .limit(1);
    if (row)
      throw new ApiError(
        409,
        ErrorCode.CarReserved,
        "Ten samochód jest już zarezerwowany dla innego wnioskodawcy. Wybierz inną ofertę albo spróbuj po wygaśnięciu rezerwacji.",
      );
    await tx.update(leaseApplications).set({ reservedUntil: null }).where(and(held, mine));
  }

  /**
   * A new secret link to the application for an e-mail of a later step (only hashes are kept, so
   * the first e-mail's link cannot be sent again); written in the caller's transaction.
   */
  async newLink(tx: Tx, id: number): Promise<string> {
    const key = randomToken();
    await tx
      .update(leaseApplications)
      .set({
        accessTokenHashes: sql`${leaseApplications.accessTokenHashes} || ${JSON.stringify([tokenHash(key)])}::jsonb`,
      })
      .where(eq(leaseApplications.id, id));
    return this.link(id, key);
  }

  link(id: number, key: string) {
    return `${this.config.publicUrl}/wniosek-leasingowy/${id}?klucz=${encodeURIComponent(key)}`;
  }

  panelLink(id: number) {
    return `${this.config.publicUrl}/panel/wnioski-leasingowe/${id}`;
  }

  /** One application with its timeline and documents, if the caller may open it. */
  async read(id: number, access: ApplicationAccess) {
    const [row] = await this.db.select().from(leaseApplications).where(eq(leaseApplications.id, id)).limit(1);
    const allowed =
      row &&
      ("staff" in access ||
        ("key" in access && row.accessTokenHashes.includes(tokenHash(access.key))) ||
        ("userId" in access && row.userId === access.userId));
    if (!allowed) throw notFound(NOT_FOUND);
    const events = await this.db
      .select()
      .from(leaseApplicationEvents)
      .where(eq(leaseApplicationEvents.applicationId, id))
      .orderBy(leaseApplicationEvents.at, leaseApplicationEvents.id);
    const documents = await this.db
      .select({
        id: leaseApplicationDocuments.id,
        fileName: leaseApplicationDocuments.fileName,
        createdAt: leaseApplicationDocuments.createdAt,
      })
      .from(leaseApplicationDocuments)
      .where(eq(leaseApplicationDocuments.applicationId, id))
      .orderBy(leaseApplicationDocuments.id);
    return { row, events, documents };
  }

  /** The signed-in bidder's applications, newest first. */
  async listForUser(userId: number) {
    return this.db
      .select({
        id: leaseApplications.id,
        car: leaseApplications.car,
        status: leaseApplications.status,
        preliminary: leaseApplications.preliminary,
        createdAt: leaseApplications.createdAt,
      })
      .from(leaseApplications)
      .where(eq(leaseApplications.userId, userId))
      .orderBy(desc(leaseApplications.createdAt));
  }

  /** The applicant sends a document (financial statements, what the analyst asked for). */
  async addDocument(
    id: number,
    access: ApplicationAccess,
    file: { name: string; type: string; data: Buffer },
  ) {
    const { row } = await this.read(id, access);
    if (row.status !== "documents" && row.status !== "review")
      throw new ApiError(
        409,
        ErrorCode.ApplicationClosed,
        "Wniosek jest już rozpatrzony: nie można dodać dokumentu.",
      );
    await this.db.transaction(async (tx) => {
      await tx.insert(leaseApplicationDocuments).values({
        applicationId: id,
        fileName: file.name,
        contentType: file.type,
        data: file.data,
        createdAt: this.clock.now(),
      });
      await tx
        .insert(leaseApplicationEvents)
        .values({ applicationId: id, kind: "documentAdded", note: file.name, at: this.clock.now() });
      if (row.status === "documents")
        await tx.update(leaseApplications).set({ status: "review" }).where(eq(leaseApplications.id, id));
      await this.mail.enqueue(tx, {
        to: this.config.SALES_EMAIL,
        subject: `Wniosek leasingowy nr ${id}: nowy dokument`,
        text: `Wnioskodawca dołączył dokument „${file.name}”.\n\n${this.panelLink(id)}`,
      });
    });
    this.mail.wake();
  }
}

/** The decision as an answer shows it: outcome, title and the reasons with what would change them. */
export function decisionView(d: Pick<Decision, "Outcome" | "Title" | "Results">) {
  return {
    Outcome: d.Outcome,
    Title: d.Title,
    Reasons: applicantReasons(d as Decision).map((r) => ({
      Verdict: r.Verdict,
      Reason: r.Reason,
      Change: r.Change,
    })),
  };
}
