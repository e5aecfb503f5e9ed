import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { BRAND } from "../../domain/brand";
import type { fastCallSchema, SendQuestion, sendMarketingMailSchema } from "../../domain/lead-forms";
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
    const title = [o.make, o.model, o.version].filter(Boolean).join(" ");
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

  private async consumeCaptcha(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], id: string) {
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

  async sendQuestion(input: SendQuestion, ip: string): Promise<{ LeadId: number }> {
    const captchaId = await this.checkCaptcha(input.Captcha);
    const offer = await this.offer(input.AuctionId);
    const { Captcha: _captcha, ...payload } = input;
    const confirm = await this.confirmationAllowed(input.Email);
    const leadId = await this.db.transaction(async (tx) => {
      await this.consumeCaptcha(tx, captchaId);
      const [row] = await tx
        .insert(leads)
        .values({
          kind: "question",
          auctionId: offer?.id ?? null,
          name: input.Name,
          surname: input.Surname,
          email: input.Email,
          phoneNumber: input.PhoneNumber,
          messageBody: input.MessageBody,
          campaignId: input.CampaignId ?? null,
          clickId: input.ClickId ?? null,
          adsClickId: input.AdsClickId ?? null,
          payload,
          ip,
        })
        .returning({ id: leads.id });
      await recordConversion(tx, "lead", input, offer ? "offerQuestion" : "contact");
      const car = input.CarDetails;
      const subject = offer
        ? `Nowe zapytanie nr ${row.id}: ${offer.title} (${SALE_TYPE_PL[offer.saleType]}, nr ${offer.id})`
        : `Nowe zapytanie nr ${row.id}${car ? `: ${car.Make} ${car.Model} spoza oferty` : ""}`;
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
            leadId: row.id,
            offerTitle: offer?.title ?? null,
            certificateUrl:
              input.SendCertificateData && offer?.isCertified
                ? `${this.config.publicUrl}/certyfikat-${BRAND.slug}`
                : null,
          }),
        );
      return row.id;
    });
    this.mail.wake();
    return { LeadId: leadId };
  }

  async sendMarketingMail(
    input: z.output<typeof sendMarketingMailSchema>,
    ip: string,
  ): Promise<{ LeadId: number }> {
    const captchaId = await this.checkCaptcha(input.Captcha);
    const { Captcha: _captcha, ...payload } = input;
    const confirm = await this.confirmationAllowed(input.Email);
    const leadId = await this.db.transaction(async (tx) => {
      await this.consumeCaptcha(tx, captchaId);
      const [row] = await tx
        .insert(leads)
        .values({
          kind: "selfFinancing",
          name: input.Name,
          surname: input.Surname,
          email: input.Email,
          phoneNumber: input.PhoneNumber,
          messageBody: input.MessageBody,
          campaignId: input.CampaignId ?? null,
          clickId: input.ClickId ?? null,
          adsClickId: input.AdsClickId ?? null,
          payload,
          ip,
        })
        .returning({ id: leads.id });
      await recordConversion(tx, "lead", input, "selfFinancing");
      await this.mail.enqueue(
        tx,
        salesMail(
          this.config.SALES_EMAIL,
          `Nowe zgłoszenie samofinansowania nr ${row.id}`,
          "Klient wysłał formularz samofinansowania (FormType 2).",
          selfFinancingLines(input),
        ),
      );
      if (confirm)
        await this.mail.enqueue(
          tx,
          customerSelfFinancingMail({ to: input.Email, name: input.Name, leadId: row.id }),
        );
      return row.id;
    });
    this.mail.wake();
    return { LeadId: leadId };
  }

  /** Call-back: only the number is known, so only sales get an e-mail. */
  async fastCall(input: z.output<typeof fastCallSchema>, ip: string): Promise<{ LeadId: number }> {
    const leadId = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(leads)
        .values({
          kind: "callBack",
          phoneNumber: input.PhoneNumber,
          campaignId: input.CampaignId ?? null,
          clickId: input.ClickId ?? null,
          adsClickId: input.AdsClickId ?? null,
          payload: { ...input },
          ip,
        })
        .returning({ id: leads.id });
      await recordConversion(tx, "callBack", input);
      await this.mail.enqueue(
        tx,
        salesMail(
          this.config.SALES_EMAIL,
          `Prośba o oddzwonienie nr ${row.id}: ${input.PhoneNumber}`,
          "Klient prosi o oddzwonienie (pon. – pt., 9:00 – 19:00, w ciągu kilku minut).",
          callBackLines(input),
        ),
      );
      return row.id;
    });
    this.mail.wake();
    return { LeadId: leadId };
  }
}
