import { sql } from "drizzle-orm";
import type { OptionNames } from "../../domain/alerts/summary";
import { type AlertCriteria, emptyCriteria } from "../../domain/alerts/wizard";
import { formatPrice } from "../../domain/format";
import { headlineTerms } from "../../domain/headline-price";
import { offerImageUrl } from "../../domain/images";
import { todayInPoland } from "../../domain/polish-time";
import { offerPath } from "../../domain/slug";
import { bodyTypeName, fuelTypeName, gearBoxTypeName, type SaleType } from "../../domain/vehicles";
import type { Config } from "../config";
import { type Db, resultRows, type Tx } from "../db/client";
import { calculatorPropertiesForPricing } from "../leads/calculator-store";
import type { OutgoingMail } from "../mail/outbox";
import { type DigestOffer, type DigestSection, digestMail } from "./mails";
import { FACTS_COLUMNS, type FactsRow, factsFromRow, type MatchReason } from "./matching";

/*
 * The daily digests of the car alerts (ADR 011): what an owner's e-mail lists and how a digest pass
 * commits, apart from the alerts service that creates and matches alerts.
 */

/** The Polish names of the options the alerts and their e-mails show. */
export const optionNames: OptionNames = {
  bodyType: bodyTypeName,
  fuelType: fuelTypeName,
  gearboxType: gearBoxTypeName,
};

export interface AlertRow {
  guid: string;
  is_company: boolean;
  financing: number;
  price_from: number;
  price_to: number;
  body_types: string[];
  fuel_types: string[];
  gearbox_types: string[];
  makes: string[];
}

/** A stored alert in the wizard's terms, for the summaries in e-mails. */
export function criteriaOfRow(a: AlertRow): AlertCriteria {
  const c = emptyCriteria();
  c.buyerType = a.is_company ? 1 : 2;
  c.financing = a.financing as 0 | 1 | 2;
  const from = a.price_from ? String(a.price_from) : "";
  const to = a.price_to ? String(a.price_to) : "";
  if (a.financing === 1) {
    c.installmentFrom = from;
    c.installmentTo = to;
  } else {
    c.priceFrom = from;
    c.priceTo = to;
  }
  c.bodyTypes = a.body_types;
  c.fuelTypes = a.fuel_types;
  c.gearboxTypes = a.gearbox_types;
  c.makes = a.makes;
  return c;
}

type ListPrices = Pick<FactsRow, "cash_netto" | "cash_brutto" | "installment_netto">;

/** The price an alert's owner cares about, as the lists write it. */
function priceLine(a: AlertRow, f: ListPrices): string {
  const inst = f.installment_netto !== null ? `od ${formatPrice(f.installment_netto)} netto/mies.` : null;
  if (a.financing === 1) return inst ?? "";
  const cash = a.is_company
    ? f.cash_netto !== null
      ? `${formatPrice(f.cash_netto)} netto`
      : null
    : f.cash_brutto !== null
      ? `${formatPrice(f.cash_brutto)} brutto`
      : null;
  return cash ?? inst ?? "";
}

/**
 * The cash price as a buyer of the alert's kind reads it (polish.md: netto or brutto said each time):
 * a company's netto with the brutto beside it, a private person's brutto.
 */
function cashLine(isCompany: boolean, f: ListPrices): string | null {
  if (isCompany) {
    if (f.cash_netto === null) return null;
    const brutto = f.cash_brutto !== null ? ` / ${formatPrice(f.cash_brutto)} brutto` : "";
    return `${formatPrice(f.cash_netto)} netto${brutto}`;
  }
  return f.cash_brutto !== null ? `${formatPrice(f.cash_brutto)} brutto` : null;
}

/** The "od" instalment, for companies only (private persons buy for cash, ADR 046). */
const instalmentLine = (isCompany: boolean, f: ListPrices): string | null =>
  isCompany && f.installment_netto !== null ? `od ${formatPrice(f.installment_netto)} netto/mies.` : null;

type DropLines = Pick<DigestOffer, "price" | "previousPrice" | "instalment" | "previousInstalment">;

/**
 * A price drop's lines: the cash price now and before, and beside it the instalment now and before, so
 * the owner of an instalment alert sees what the car costs too. Each "before" only when known and
 * different; an offer without a cash price shows its instalment as the price.
 */
function dropLines(r: MatchRow): DropLines {
  const before: ListPrices = {
    cash_netto: r.previous_cash_netto,
    cash_brutto: r.previous_cash_brutto,
    installment_netto: r.previous_installment_netto,
  };
  const changed = (now: string | null, then: string | null) => (then && then !== now ? then : null);
  const cash = cashLine(r.is_company, r);
  const inst = instalmentLine(r.is_company, r);
  if (!cash) {
    return {
      price: inst ?? "",
      previousPrice: changed(inst, instalmentLine(r.is_company, before)),
      instalment: null,
      previousInstalment: null,
    };
  }
  return {
    price: cash,
    previousPrice: changed(cash, cashLine(r.is_company, before)),
    instalment: inst,
    previousInstalment: inst ? changed(inst, instalmentLine(r.is_company, before)) : null,
  };
}

/** The outbox, as the alerts use it. */
export interface MailPort {
  enqueue(tx: Db | Tx, mail: OutgoingMail): Promise<number>;
  wake(): void;
}

/** What a digest pass needs from the alerts service. */
export interface DigestDeps {
  db: Db;
  mail: MailPort;
  config: Config;
  unsubscribeUrl(by: { guid: string } | { token: string }): string;
}

/** A pending match of an active alert, with its owner, its digest and the offer's facts. */
type MatchRow = AlertRow &
  FactsRow & {
    digest_id: number;
    email: string;
    token: string;
    alert_id: number;
    match_id: number;
    reason: MatchReason;
    previous_cash_netto: number | null;
    previous_cash_brutto: number | null;
    previous_installment_netto: number | null;
    live: boolean;
    sale_type: SaleType;
    model: string;
    version: string;
    image_id: string | null;
  };

/** One owner's e-mail of the day: its address, its unsubscribe token and a section per alert. */
type DigestDraft = { email: string; token: string; sections: Map<number, DigestSection> };

/**
 * Claims the day's digest of up to `batch` owners with pending matches who have none yet that day;
 * the unique owner and day makes another process's claim of the same owner a no-op.
 */
async function claimDigests(tx: Tx, day: string, batch: number) {
  return resultRows<{ id: number; owner_id: number }>(
    await tx.execute(sql`
      with pending as (
        select distinct a.owner_id from car_alert_matches m
        join car_alerts a on a.id = m.alert_id and a.status = 'active'
        where m.digest_id is null and m.dropped_at is null
          and not exists (select 1 from car_alert_digests d where d.owner_id = a.owner_id and d.day = ${day}::date)
        limit ${batch})
      insert into car_alert_digests (owner_id, day)
      select owner_id, ${day}::date from pending
      on conflict do nothing
      returning id, owner_id`),
  );
}

/** The claimed digests' pending matches, newest first within each alert, and whether each offer is still live at `now`. */
async function pendingMatches(tx: Tx, digestIds: number[], now: Date) {
  return resultRows<MatchRow>(
    await tx.execute(sql`
      select d.id as digest_id, w.email, w.unsubscribe_token as token,
        a.id as alert_id, a.guid, a.is_company, a.financing, a.price_from, a.price_to,
        a.body_types, a.fuel_types, a.gearbox_types, a.makes,
        m.id as match_id, m.reason, m.previous_cash_netto, m.previous_cash_brutto, m.previous_installment_netto,
        (o.status = 'active' and (o.sale_type <> 'auction' or o.auction_end > ${now.toISOString()}::timestamptz)) as live,
        o.sale_type, o.model, o.version, ${FACTS_COLUMNS},
        (select p.image_id from offer_photos p where p.offer_id = o.id order by p.position limit 1) as image_id
      from car_alert_digests d
      join car_alert_owners w on w.id = d.owner_id
      join car_alerts a on a.owner_id = d.owner_id and a.status = 'active'
      join car_alert_matches m on m.alert_id = a.id and m.digest_id is null and m.dropped_at is null
      join offers o on o.id = m.offer_id
      where d.id = any(${sql.param(digestIds)}::int[])
      order by d.id, a.id, m.id desc`),
  );
}

/**
 * The e-mails the matches make (by digest), which matches they mail (by digest) and which they drop:
 * an offer gone before the digest is never mailed, and an offer matched several times for one alert
 * is listed once.
 */
function digestDrafts(rows: MatchRow[], publicUrl: string) {
  const mails = new Map<number, DigestDraft>();
  const mailed: { match: number; digest: number }[] = [];
  const dropped: number[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    // Gone before the digest (sold, withdrawn, auction over): never mailed.
    if (!r.live) {
      dropped.push(r.match_id);
      continue;
    }
    mailed.push({ match: r.match_id, digest: r.digest_id });
    // Several matches of one offer for one alert (published, then cheaper): listed once.
    const once = `${r.alert_id}:${r.id}`;
    if (seen.has(once)) continue;
    seen.add(once);
    let mail = mails.get(r.digest_id);
    if (!mail) {
      mail = { email: r.email, token: r.token, sections: new Map() };
      mails.set(r.digest_id, mail);
    }
    let section = mail.sections.get(r.alert_id);
    if (!section) {
      section = { guid: r.guid, criteria: criteriaOfRow(r), offers: [] };
      mail.sections.set(r.alert_id, section);
    }
    const facts = factsFromRow(r);
    const cheaper = r.reason === "priceDrop";
    section.offers.push({
      title: [facts.make, r.model, r.version].filter(Boolean).join(" "),
      url: `${publicUrl}${offerPath({ saleType: r.sale_type, make: facts.make, model: r.model, id: r.id })}`,
      photoUrl: r.image_id ? `${publicUrl}${offerImageUrl(r.image_id, "small")}` : null,
      cheaper,
      ...(cheaper
        ? dropLines(r)
        : { price: priceLine(r, r), previousPrice: null, instalment: null, previousInstalment: null }),
    });
  }
  return { mails, mailed, dropped };
}

/** Puts each digest's e-mail in the outbox and notes it on the digest; answers how many e-mails and offers. */
async function enqueueDigests(tx: Tx, deps: DigestDeps, mails: Map<number, DigestDraft>) {
  const sent = { digests: 0, offers: 0 };
  // The note on the instalments' parameters (ADR 020).
  const terms = mails.size ? headlineTerms(await calculatorPropertiesForPricing(tx)) : undefined;
  for (const [digestId, m] of mails) {
    const sections = [...m.sections.values()];
    const outboxId = await deps.mail.enqueue(
      tx,
      digestMail({
        publicUrl: deps.config.publicUrl,
        email: m.email,
        sections,
        names: optionNames,
        unsubscribeUrl: deps.unsubscribeUrl({ token: m.token }),
        terms,
      }),
    );
    await tx.execute(sql`update car_alert_digests set outbox_id = ${outboxId} where id = ${digestId}`);
    sent.digests++;
    sent.offers += sections.reduce((n, s) => n + s.offers.length, 0);
  }
  return sent;
}

/** Marks the matches mailed (with their digest) and the dropped ones, so no later pass lists them. */
async function markMatches(
  tx: Tx,
  mailed: { match: number; digest: number }[],
  dropped: number[],
  now: Date,
) {
  if (mailed.length) {
    await tx.execute(sql`
      update car_alert_matches m set digest_id = v.digest
      from unnest(${sql.param(mailed.map((x) => x.match))}::bigint[], ${sql.param(mailed.map((x) => x.digest))}::int[]) as v(match, digest)
      where m.id = v.match`);
  }
  if (dropped.length) {
    await tx.execute(
      sql`update car_alert_matches set dropped_at = ${now.toISOString()}::timestamptz where id = any(${sql.param(dropped)}::bigint[])`,
    );
  }
}

/**
 * Builds the digests of `now`'s day: one e-mail per owner with pending matches and no digest yet
 * that day, listing each active alert's new or cheaper offers. Owners go in batches, each batch one
 * transaction: the digest row (unique per owner and day), the e-mails and the "mailed" marks commit
 * together, so a crash repeats a batch whole or not at all, and several processes never double up.
 */
export async function buildDigests(
  deps: DigestDeps,
  now: Date,
  batch = 500,
): Promise<{ digests: number; offers: number }> {
  // The calendar day in Poland, which "at most one e-mail a day" counts in.
  const day = todayInPoland(now);
  const totals = { digests: 0, offers: 0 };
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const digests = await claimDigests(tx, day, batch);
      if (!digests.length) return 0;
      const rows = await pendingMatches(
        tx,
        digests.map((d) => d.id),
        now,
      );
      const { mails, mailed, dropped } = digestDrafts(rows, deps.config.publicUrl);
      const sent = await enqueueDigests(tx, deps, mails);
      totals.digests += sent.digests;
      totals.offers += sent.offers;
      await markMatches(tx, mailed, dropped, now);
      // Owners whose every match was dropped got no e-mail: their day stays free.
      const empty = digests.filter((d) => !mails.has(d.id)).map((d) => d.id);
      if (empty.length) {
        await tx.execute(sql`delete from car_alert_digests where id = any(${sql.param(empty)}::int[])`);
      }
      return digests.length;
    });
    if (done < batch) break;
  }
  if (totals.digests) deps.mail.wake();
  return totals;
}
