import { sql } from "drizzle-orm";
import { alertMatchKeys } from "../../domain/alerts/match-keys";
import { type CarAlertRequest, financingOf } from "../../domain/alerts/request";
import { ALERT_MESSAGES } from "../../domain/alerts/wizard";
import { ErrorCode } from "../../domain/errors";
import { sameMake } from "../../domain/make-names";
import {
  BODY_TYPES,
  bodyTypeName,
  FUEL_TYPES,
  fuelTypeName,
  GEARBOX_TYPES,
  gearBoxTypeName,
} from "../../domain/vehicles";
import { cachedValue } from "../cache";
import type { Clock } from "../clock";
import type { Config } from "../config";
import { type Db, resultRows, type Tx } from "../db/client";
import type { CaptchaService } from "../http/captcha";
import { ApiError, badRequest } from "../http/errors";
import { enforceRecipientLimit, recipientLimitedMessages } from "../mail/recipient-limit";
import { PeriodicJob } from "../periodic-job";
import { buildDigests, criteriaOfRow, type MailPort, optionNames } from "./digests";
import { activationMail, deactivationPath, unsubscribePath } from "./mails";
import { type MatchReason, matchOffer, offerFacts, type PreviousPrices } from "./matching";

// The option names live with the digests that print them; callers keep importing them from here.
export { optionNames };

/** An alert's life: pending until its activation link is clicked, then active until switched off. */
export type AlertState = "pending" | "active" | "deactivated";

export interface AlertOption {
  Name: string;
  Value: string;
}

/** GET /api/CarAlert: the values present on offers, with their Polish names. */
export interface AlertOptions {
  BodyTypes: AlertOption[];
  FuelTypes: AlertOption[];
  GearboxTypes: AlertOption[];
  AvailableAlertMakes: string[];
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuid = (s: string): boolean => GUID.test(s);

/**
 * Car alerts: creation with double opt-in, activation and deactivation, matching of changed offers
 * (a job table, so nothing is lost over a restart) and the daily digests.
 */
export class AlertsService {
  /** Tail of the matching passes of this process (see processJobs). */
  private passes: Promise<unknown> = Promise.resolve();
  /** The matcher polls every 2 s, and runs at once when woken. */
  private readonly matcher: PeriodicJob<number>;
  /** Digests every ALERTS_DIGEST_INTERVAL_MINUTES (0: only when a test builds them). */
  private readonly digests: PeriodicJob<unknown>;

  constructor(
    private readonly db: Db,
    private readonly mail: MailPort,
    private readonly captcha: CaptchaService,
    private readonly config: Config,
    private readonly clock: Clock,
    log: (msg: string, err?: unknown) => void = () => {},
  ) {
    this.matcher = new PeriodicJob({
      name: "dopasowanie alertów",
      everyMs: 2000,
      run: () => this.processJobs(),
      log,
    });
    this.digests = new PeriodicJob({
      name: "zestawienia alertów",
      everyMs: Math.max(1, config.ALERTS_DIGEST_INTERVAL_MINUTES) * 60_000,
      run: () => this.buildDigests(),
      log,
      runAtStart: false,
      passAgainIfWoken: false,
      // A test that moves the clock past midnight gets the next day's digests without waiting.
      clock,
    });
  }

  /** The wizard's choices: values present on active offers (kept until the catalogue changes). */
  readonly optionsCache = cachedValue(() => this.loadOptions(), {
    ttlMs: 60_000,
    clock: { now: () => this.clock.now() },
  });

  options(): Promise<AlertOptions> {
    return this.optionsCache.get();
  }

  private async loadOptions(): Promise<AlertOptions> {
    const distinct = async (column: string) =>
      resultRows<{ v: string }>(
        await this.db.execute(
          sql`select distinct ${sql.raw(column)} as v from offers where status = 'active' order by 1`,
        ),
      ).map((r) => r.v);
    const [body, fuel, gearbox, makes] = [
      await distinct("body_type"),
      await distinct("fuel_type"),
      await distinct("gearbox_type"),
      await distinct("make"),
    ];
    // In the vocabulary's order (as the filters show them); values it does not know go last.
    const named = (
      values: string[],
      vocabulary: readonly { value: string }[],
      name: (v: string) => string,
    ) => {
      const rank = (v: string) => {
        const i = vocabulary.findIndex((x) => x.value === v);
        return i < 0 ? vocabulary.length : i;
      };
      return [...values].sort((a, b) => rank(a) - rank(b)).map((v) => ({ Name: name(v), Value: v }));
    };
    const value: AlertOptions = {
      BodyTypes: named(body, BODY_TYPES, bodyTypeName),
      FuelTypes: named(fuel, FUEL_TYPES, fuelTypeName),
      GearboxTypes: named(gearbox, GEARBOX_TYPES, gearBoxTypeName),
      AvailableAlertMakes: makes.sort((a, b) => a.localeCompare(b, "pl")),
    };
    return value;
  }

  /** Offered values only, spelled as offered; anything else is a 400 naming the field. */
  private async canonical(req: CarAlertRequest) {
    const o = await this.options();
    const pick = (
      field: string,
      values: string[],
      offered: string[],
      same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase(),
    ) =>
      values.map((v) => {
        const hit = offered.find((x) => same(x, v));
        if (!hit) throw badRequest(`Pole ${field}: nieznana wartość „${v}”.`);
        return hit;
      });
    const uniq = (values: string[]) => [...new Set(values)];
    return {
      bodyTypes: uniq(
        pick(
          "BodyTypes",
          req.BodyTypes,
          o.BodyTypes.map((x) => x.Value),
        ),
      ),
      fuelTypes: uniq(
        pick(
          "FuelTypes",
          req.FuelTypes,
          o.FuelTypes.map((x) => x.Value),
        ),
      ),
      gearboxTypes: uniq(
        pick(
          "GearboxTypes",
          req.GearboxTypes,
          o.GearboxTypes.map((x) => x.Value),
        ),
      ),
      // Any spelling of a make ("Skoda") is the make as offered ("Škoda"), so its cars match.
      makes: uniq(pick("Makes", req.Makes, o.AvailableAlertMakes, sameMake)),
    };
  }

  /** POST /api/CarAlert: an inactive alert and its activation e-mail, in one transaction. */
  async create(req: CarAlertRequest): Promise<{ guid: string }> {
    const check = await this.captcha.verify(req.Captcha);
    if (!check.ok) throw badRequest(`Pole Captcha: ${ALERT_MESSAGES.captcha}`);
    const lists = await this.canonical(req);
    const financing = financingOf(req);
    const [priceFrom, priceTo] =
      financing === 1
        ? [req.InstallmentBruttoFrom, req.InstallmentBruttoTo]
        : [req.TotalPriceBruttoFrom, req.TotalPriceBruttoTo];
    const criteria = { isCompany: req.IsCompany, financing, priceFrom, priceTo, ...lists };
    const keys = alertMatchKeys(criteria);
    const email = req.Email.trim();
    // Counted once the robot check passed, so nobody can use up someone's limit without solving it.
    await enforceRecipientLimit(
      { db: this.db, config: this.config, clock: this.clock },
      "CarAlert",
      email,
      recipientLimitedMessages.CarAlert,
    );

    const guid = await this.db.transaction(async (tx) => {
      // One solution, one form: the shared replay register refuses a solution used before.
      if (!(await this.captcha.consume(tx, check.id)))
        throw badRequest(`Pole Captcha: ${ALERT_MESSAGES.captcha}`);
      const inserted = await insertAlert(
        tx,
        { email, ...criteria, captchaId: check.id, keys },
        this.clock.now(),
      );
      // A captcha solution already used for another alert: the robot check has to be solved again.
      if (!inserted) throw badRequest(`Pole Captcha: ${ALERT_MESSAGES.captcha}`);
      const guid = inserted.guid;
      await this.mail.enqueue(
        tx,
        activationMail({
          publicUrl: this.config.publicUrl,
          email,
          guid,
          criteria: criteriaOfRow({
            guid,
            is_company: req.IsCompany,
            financing,
            price_from: priceFrom,
            price_to: priceTo,
            body_types: lists.bodyTypes,
            fuel_types: lists.fuelTypes,
            gearbox_types: lists.gearboxTypes,
            makes: lists.makes,
          }),
          names: optionNames,
          unsubscribeUrl: this.unsubscribeUrl({ guid }),
        }),
      );
      return guid;
    });
    this.mail.wake();
    return { guid };
  }

  /**
   * The List-Unsubscribe address of an alert e-mail (RFC 8058): the page of the deactivation link (one
   * alert) or of the unsubscribe link (every alert of the address). Opened (GET) it asks for a click;
   * the mail program's one-click POST to it unsubscribes.
   */
  private unsubscribeUrl(by: { guid: string } | { token: string }): string {
    return `${this.config.publicUrl}${"guid" in by ? deactivationPath(by.guid) : unsubscribePath(by.token)}`;
  }

  /** An alert's state for the pages of its e-mail links (nothing changes); null for an unknown guid. */
  async linkState(guid: string): Promise<AlertState | null> {
    if (!isGuid(guid)) return null;
    const rows = resultRows<{ status: AlertState }>(
      await this.db.execute(sql`select status from car_alerts where guid = ${guid}::uuid`),
    );
    return rows[0]?.status ?? null;
  }

  /**
   * The activation link's confirming click: a pending alert becomes active. Idempotent: the state
   * after the click ("active", or "deactivated" for an alert switched off meanwhile) and whether this
   * click activated it; null for an unknown guid.
   */
  async activateByLink(guid: string): Promise<{ state: AlertState; activated: boolean } | null> {
    try {
      await this.activate(guid);
      return { state: "active", activated: true };
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
    }
    const state = await this.linkState(guid);
    return state ? { state, activated: false } : null;
  }

  /** How many alerts of the unsubscribe token's address are still on; null for an unknown token. */
  async ownerActiveAlerts(token: string): Promise<number | null> {
    if (!isGuid(token)) return null;
    const rows = resultRows<{ active: number }>(
      await this.db.execute(sql`
        select count(a.id) filter (where a.status <> 'deactivated')::int as active
        from car_alert_owners w left join car_alerts a on a.owner_id = w.id
        where w.unsubscribe_token = ${token}::uuid group by w.id`),
    );
    return rows[0]?.active ?? null;
  }

  /** PATCH /api/CarAlert?guid=: a pending alert becomes active; an unknown or used guid is a 404. */
  async activate(guid: string): Promise<void> {
    if (!isGuid(guid)) throw notFoundAlert();
    const rows = resultRows<{ id: number }>(
      await this.db.execute(sql`
        update car_alerts set status = 'active', activated_at = ${this.clock.now().toISOString()}::timestamptz
        where guid = ${guid}::uuid and status = 'pending' returning id`),
    );
    if (!rows.length) throw notFoundAlert();
  }

  /** DELETE /api/CarAlert?guid=: the alert stops; an unknown or already stopped one is a 404. */
  async deactivate(guid: string): Promise<void> {
    if (!isGuid(guid)) throw notFoundAlert();
    const rows = resultRows<{ id: number }>(
      await this.db.execute(sql`
        update car_alerts set status = 'deactivated', deactivated_at = ${this.clock.now().toISOString()}::timestamptz
        where guid = ${guid}::uuid and status <> 'deactivated' returning id`),
    );
    if (!rows.length) throw notFoundAlert();
  }

  /**
   * One-click unsubscribe (RFC 8058) from an e-mail header: by an alert's guid (activation mail) or
   * by the owner's token (digest: every alert of that address). Repeating it is harmless.
   */
  async unsubscribe(by: { guid?: string; token?: string }): Promise<number> {
    if (by.guid && isGuid(by.guid)) {
      const rows = resultRows<{ id: number }>(
        await this.db.execute(sql`
          update car_alerts set status = 'deactivated',
            deactivated_at = coalesce(deactivated_at, ${this.clock.now().toISOString()}::timestamptz)
          where guid = ${by.guid}::uuid returning id`),
      );
      if (rows.length) return rows.length;
    } else if (by.token && isGuid(by.token)) {
      const owner = resultRows<{ id: number }>(
        await this.db.execute(
          sql`select id from car_alert_owners where unsubscribe_token = ${by.token}::uuid`,
        ),
      );
      if (owner.length) {
        const rows = resultRows<{ id: number }>(
          await this.db.execute(sql`
            update car_alerts set status = 'deactivated',
              deactivated_at = coalesce(deactivated_at, ${this.clock.now().toISOString()}::timestamptz)
            where owner_id = ${owner[0].id} and status <> 'deactivated' returning id`),
        );
        return rows.length;
      }
    }
    throw notFoundAlert();
  }

  /**
   * Call when an offer is published or its price falls (with its prices before the fall), inside the
   * transaction of that change when there is one: the job is then committed with the change, and the
   * matcher picks it up.
   */
  async onOfferChanged(
    offerId: number,
    opts: { tx?: Db | Tx; reason?: MatchReason; previous?: PreviousPrices } = {},
  ): Promise<void> {
    const p = opts.previous;
    await (opts.tx ?? this.db).execute(
      sql`insert into car_alert_jobs (offer_id, reason, previous_cash_netto, previous_cash_brutto,
        previous_installment_netto)
      values (${offerId}, ${opts.reason ?? "published"}, ${p?.cashNetto ?? null}::int,
        ${p?.cashBrutto ?? null}::int, ${p?.installmentNetto ?? null}::int)`,
    );
    if (!opts.tx) void this.wakeJobs();
  }

  /**
   * Matches pending jobs until none is left. Passes in this process run one after another: a pass
   * beside the timer's would skip the rows that one holds (skip locked) and return before they are
   * matched, so a caller could not rely on "jobs queued before the call are done when it resolves".
   */
  processJobs(batch = 50): Promise<number> {
    const run = this.passes.then(() => this.matchPending(batch));
    this.passes = run.catch(() => undefined);
    return run;
  }

  /** One matching pass; each batch commits its matches with its "done" marks. */
  private async matchPending(batch: number): Promise<number> {
    let matched = 0;
    for (;;) {
      const result = await this.db.transaction(async (tx) => {
        const jobs = resultRows<{
          id: number;
          offer_id: number;
          reason: MatchReason;
          previous_cash_netto: number | null;
          previous_cash_brutto: number | null;
          previous_installment_netto: number | null;
        }>(
          await tx.execute(sql`
            select id, offer_id, reason, previous_cash_netto, previous_cash_brutto, previous_installment_netto
            from car_alert_jobs
            where processed_at is null order by id limit ${batch} for update skip locked`),
        );
        let n = 0;
        for (const job of jobs) {
          const facts = await offerFacts(tx, job.offer_id, this.clock.now());
          const previous =
            job.reason === "priceDrop"
              ? {
                  cashNetto: job.previous_cash_netto,
                  cashBrutto: job.previous_cash_brutto,
                  installmentNetto: job.previous_installment_netto,
                }
              : null;
          if (facts) n += (await matchOffer(tx, facts, job.reason, previous)).length;
        }
        if (jobs.length) {
          await tx.execute(
            sql`update car_alert_jobs set processed_at = ${this.clock.now().toISOString()}::timestamptz where id = any(${sql.param(jobs.map((j) => j.id))}::bigint[])`,
          );
        }
        return { jobs: jobs.length, n };
      });
      matched += result.n;
      if (result.jobs < batch) return matched;
    }
  }

  /** Runs the matcher now (or right after the pass in progress). */
  async wakeJobs(): Promise<number> {
    return (await this.matcher.wake()) ?? 0;
  }

  /** The digests of `now`'s day (digests.ts). */
  buildDigests(now = this.clock.now(), batch = 500): Promise<{ digests: number; offers: number }> {
    const deps = {
      db: this.db,
      mail: this.mail,
      config: this.config,
      unsubscribeUrl: this.unsubscribeUrl.bind(this),
    };
    return buildDigests(deps, now, batch);
  }

  /** Timers: the matcher polls every 2 s (and runs at once when woken); digests every N minutes. */
  start(): void {
    this.matcher.start();
    if (this.config.ALERTS_DIGEST_INTERVAL_MINUTES > 0) this.digests.start();
  }

  async stop(): Promise<void> {
    await Promise.all([this.matcher.stop(), this.digests.stop()]);
  }
}

export interface NewAlert {
  email: string;
  isCompany: boolean;
  financing: 0 | 1 | 2;
  priceFrom: number;
  priceTo: number;
  bodyTypes: string[];
  fuelTypes: string[];
  gearboxTypes: string[];
  makes: string[];
  captchaId: string;
  keys?: string[];
  status?: "pending" | "active";
}

/**
 * Stores an alert (and its owner, one per address). Null when the captcha id was used before. Also
 * used by the benchmark and tests to create many alerts without solving captchas.
 */
export async function insertAlert(
  tx: Db | Tx,
  a: NewAlert,
  now: Date,
): Promise<{ guid: string; ownerId: number } | null> {
  const [owner] = resultRows<{ id: number }>(
    await tx.execute(sql`
      insert into car_alert_owners (email) values (${a.email})
      on conflict ((lower(email))) do update set email = excluded.email
      returning id`),
  );
  const keys = a.keys ?? alertMatchKeys(a);
  const status = a.status ?? "pending";
  const at = now.toISOString();
  const rows = resultRows<{ guid: string }>(
    await tx.execute(sql`
      insert into car_alerts (owner_id, email, is_company, financing, price_from, price_to,
        body_types, fuel_types, gearbox_types, makes, makes_lower, match_keys,
        rules_accepted_at, marketing_accepted_at, captcha_id, status, activated_at)
      values (${owner.id}, ${a.email}, ${a.isCompany}, ${a.financing}, ${a.priceFrom}, ${a.priceTo},
        ${sql.param(a.bodyTypes)}::text[], ${sql.param(a.fuelTypes)}::text[],
        ${sql.param(a.gearboxTypes)}::text[], ${sql.param(a.makes)}::text[],
        ${sql.param(a.makes.map((m) => m.toLowerCase()))}::text[], ${sql.param(keys)}::text[],
        ${at}::timestamptz, ${at}::timestamptz, ${a.captchaId}, ${status},
        ${status === "active" ? sql`${at}::timestamptz` : null})
      on conflict (captcha_id) do nothing
      returning guid`),
  );
  return rows[0] ? { guid: rows[0].guid, ownerId: owner.id } : null;
}

export const notFoundAlert = () =>
  new ApiError(
    404,
    ErrorCode.NotFound,
    "Nie znaleziono alertu o podanym identyfikatorze albo link został już użyty.",
  );
