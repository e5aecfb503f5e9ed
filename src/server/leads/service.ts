import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { BRAND } from "../../domain/brand";
import type { fastCallSchema, SendQuestion, sendMarketingMailSchema } from "../../domain/lead-forms";
import { carTitle } from "../../domain/vehicles";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { leads, offers } from "../db/schema/index";
import type { CaptchaService } from "../http/captcha";
import { badRequest } from "../http/errors";
import { countRecipientMail } from "../mail/recipient-limit";
import type { MailService } from "../service-types";
import { recordConversion } from "../tracking/conversions";
import { callBackLines, questionLines, selfFinancingLines } from "./lead-lines";
import { customerQuestionMail, customerSelfFinancingMail, salesMail } from "./mails";

const SALE_TYPE_PL = {
  new: "samochód nowy",
  afterLease: "samochód poleasingowy",
  auction: "aukcja",
} as const;
const SALE_PATH = {
  new: "nowe-samochody",
  afterLease: "samochody-poleasingowe",
  auction: "aukcje-samochodowe",
} as const;

const slug = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

type PersonField = "Name" | "Surname" | "Email" | "PhoneNumber" | "MessageBody";
type CampaignField = "CampaignId" | "ClickId" | "AdsClickId";

/** The campaign ids every lead form carries, as the lead row keeps them. */
const campaignColumns = (input: Pick<SendQuestion, CampaignField>) => ({
  campaignId: input.CampaignId ?? null,
  clickId: input.ClickId ?? null,
  adsClickId: input.AdsClickId ?? null,
});

/**
 * The lead row of a form a person fills in (contact, self-financing): their details and message, the
 * campaign ids, the form as sent without its captcha, and the sender's address.
 */
function personLead<T extends Pick<SendQuestion, PersonField | CampaignField | "Captcha">>(
  input: T,
  ip: string,
) {
  const { Captcha: _captcha, ...payload } = input;
  return {
    name: input.Name,
    surname: input.Surname,
    email: input.Email,
    phoneNumber: input.PhoneNumber,
    messageBody: input.MessageBody,
    ...campaignColumns(input),
    payload,
    ip,
  };
}

type OfferInfo = {
  id: number;
  title: string;
  saleType: keyof typeof SALE_TYPE_PL;
  isCertified: boolean;
  url: string;
};

/**
 * Leads: every form is stored and its e-mails queued in one transaction (transactional outbox), so a
 * lead that got an answer is never lost, and the mail goes out even if SMTP is down right now.
 */
export class LeadsService {
  constructor(
    private db: Db,
    private mail: MailService,
    private captcha: CaptchaService,
    private config: Config,
    private clock: Clock,
  ) {}

  private async offer(auctionId: number | null | undefined): Promise<OfferInfo | null> {
    if (!auctionId) return null;
    const [o] = await this.db
      .select({
        id: offers.id,
        make: offers.make,
        model: offers.model,
        version: offers.version,
        saleType: offers.saleType,
        isCertified: offers.isCertified,
      })
      .from(offers)
      .where(eq(offers.id, auctionId))
      .limit(1);
    if (!o) throw badRequest("Pole AuctionId: nie ma oferty o tym numerze");
    const title = carTitle(o);
    return {
      id: o.id,
      title,
      saleType: o.saleType,
      isCertified: o.isCertified,
      url: `${this.config.publicUrl}/${SALE_PATH[o.saleType]}/${slug(`${o.make} ${o.model}`)}-id-${o.id}`,
    };
  }

  /** What the lead components need to know about an active offer, or null. */
  async offerSummary(auctionId: number) {
    const [o] = await this.db
      .select({
        AuctionId: offers.id,
        make: offers.make,
        model: offers.model,
        version: offers.version,
        SaleType: offers.saleType,
        IsCertified: offers.isCertified,
        IsRentAvailable: offers.isRentAvailable,
        IsLeasingAvailable: offers.isLeasingAvailable,
        IsCashAvailable: offers.isCashAvailable,
        TotalPriceNetto: offers.totalPriceNetto,
        TotalPriceNettoDiscount: offers.totalPriceNettoDiscount,
        TotalPriceBrutto: offers.totalPriceBrutto,
        TotalPriceBruttoDiscount: offers.totalPriceBruttoDiscount,
      })
      .from(offers)
      .where(and(eq(offers.id, auctionId), eq(offers.status, "active")))
      .limit(1);
    if (!o) return null;
    const { make, model, version, ...rest } = o;
    return { ...rest, MakeModel: [make, model, version].filter(Boolean).join(" ") };
  }

  /** The cheapest active new offer of a model, for a one-model landing page. */
  async cheapestNewOffer(make: string, model: string) {
    const [o] = await this.db
      .select({ id: offers.id })
      .from(offers)
      .where(
        and(
          eq(offers.saleType, "new"),
          eq(offers.status, "active"),
          sql`lower(${offers.make}) = lower(${make})`,
          sql`lower(${offers.model}) = lower(${model})`,
        ),
      )
      .orderBy(asc(offers.totalPriceNetto))
      .limit(1);
    return o ? this.offerSummary(o.id) : null;
  }

  private async checkCaptcha(payload: string): Promise<string> {
    const r = await this.captcha.verify(payload);
    if (r.ok) return r.id;
    throw badRequest(
      r.reason === "expired"
        ? "Pole Captcha: potwierdzenie wygasło, potwierdź ponownie, że nie jesteś robotem"
        : "Pole Captcha: Potwierdź, że nie jesteś robotem",
    );
  }

  private async consumeCaptcha(tx: Tx, id: string) {
    if (!(await this.captcha.consume(tx, id))) {
      throw badRequest(
        "Pole Captcha: to potwierdzenie zostało już użyte, potwierdź ponownie, że nie jesteś robotem",
      );
    }
  }

  /**
   * May the customer's "we got your message" copy go to this address? Over its recipient limit the
   * lead is still taken and sales still mailed; only the copy is left out, silently, so someone else
   * flooding an address never turns its real owner away (mail/recipient-limit.ts).
   */
  private async confirmationAllowed(email: string): Promise<boolean> {
    return (
      (await countRecipientMail(
        { db: this.db, config: this.config, clock: this.clock },
        "LeadConfirmation",
        email,
      )) === null
    );
  }

  /**
   * Stores a lead and, in the same transaction, uses up its captcha (forms that have one) and queues
   * what `mails` queues for it; then wakes the mail worker.
   */
  private async storeLead(
    lead: typeof leads.$inferInsert,
    captchaId: string | null,
    mails: (tx: Tx, leadId: number) => Promise<void>,
  ): Promise<{ LeadId: number }> {
    const leadId = await this.db.transaction(async (tx) => {
      if (captchaId) await this.consumeCaptcha(tx, captchaId);
      const [row] = await tx.insert(leads).values(lead).returning({ id: leads.id });
      await mails(tx, row.id);
      return row.id;
    });
    this.mail.wake();
    return { LeadId: leadId };
  }

  async sendQuestion(input: SendQuestion, ip: string): Promise<{ LeadId: number }> {
    const captchaId = await this.checkCaptcha(input.Captcha);
    const offer = await this.offer(input.AuctionId);
    const confirm = await this.confirmationAllowed(input.Email);
    const lead = { kind: "question", auctionId: offer?.id ?? null, ...personLead(input, ip) } as const;
    return this.storeLead(lead, captchaId, async (tx, leadId) => {
      await recordConversion(tx, "lead", input, offer ? "offerQuestion" : "contact");
      const car = input.CarDetails;
      const subject = offer
        ? `Nowe zapytanie nr ${leadId}: ${offer.title} (${SALE_TYPE_PL[offer.saleType]}, nr ${offer.id})`
        : `Nowe zapytanie nr ${leadId}${car ? `: ${car.Make} ${car.Model} spoza oferty` : ""}`;
      await this.mail.enqueue(
        tx,
        salesMail(
          this.config.SALES_EMAIL,
          subject,
          "Klient wysłał formularz kontaktowy.",
          questionLines(input, offer),
        ),
      );
      if (confirm)
        await this.mail.enqueue(
          tx,
          customerQuestionMail({
            to: input.Email,
            name: input.Name,
            leadId,
            offerTitle: offer?.title ?? null,
            certificateUrl:
              input.SendCertificateData && offer?.isCertified
                ? `${this.config.publicUrl}/certyfikat-${BRAND.slug}`
                : null,
          }),
        );
    });
  }

  async sendMarketingMail(
    input: z.output<typeof sendMarketingMailSchema>,
    ip: string,
  ): Promise<{ LeadId: number }> {
    const captchaId = await this.checkCaptcha(input.Captcha);
    const confirm = await this.confirmationAllowed(input.Email);
    const lead = { kind: "selfFinancing", ...personLead(input, ip) } as const;
    return this.storeLead(lead, captchaId, async (tx, leadId) => {
      await recordConversion(tx, "lead", input, "selfFinancing");
      await this.mail.enqueue(
        tx,
        salesMail(
          this.config.SALES_EMAIL,
          `Nowe zgłoszenie samofinansowania nr ${leadId}`,
          "Klient wysłał formularz samofinansowania (FormType 2).",
          selfFinancingLines(input),
        ),
      );
      if (confirm)
        await this.mail.enqueue(tx, customerSelfFinancingMail({ to: input.Email, name: input.Name, leadId }));
    });
  }

  /** Call-back: only the number is known, so only sales get an e-mail. */
  async fastCall(input: z.output<typeof fastCallSchema>, ip: string): Promise<{ LeadId: number }> {
    const lead = {
      kind: "callBack",
      phoneNumber: input.PhoneNumber,
      ...campaignColumns(input),
      payload: { ...input },
      ip,
    } as const;
    return this.storeLead(lead, null, async (tx, leadId) => {
      await recordConversion(tx, "callBack", input);
      await this.mail.enqueue(
        tx,
        salesMail(
          this.config.SALES_EMAIL,
          `Prośba o oddzwonienie nr ${leadId}: ${input.PhoneNumber}`,
          "Klient prosi o oddzwonienie (pon. – pt., 9:00 – 19:00, w ciągu kilku minut).",
          callBackLines(input),
        ),
      );
    });
  }
}
