import { sql } from "drizzle-orm";
import { todayInPoland } from "../../domain/polish-time";
import { parseOfferPath } from "../../domain/slug";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { PeriodicJob } from "../periodic-job";

/**
 * Visits of the offers' pages per Polish day (ADR 065). A visit is counted where the server answers
 * the page, the page cache's stored answers included (those never reach the route's loader), in this
 * process's memory; every `flushEverySeconds` the counts go to `offer_visits` in one statement that
 * adds them to what other processes wrote. A page is never slowed by a write of its own.
 */

/**
 * Crawlers, link previews, monitors and scripts: their user agent names them (or they send none).
 * A simple rule on purpose: the figures are for the sales team's comparisons, not billing.
 */
const BOT_AGENT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|headless|lighthouse|pingdom|uptime|monitor|curl|wget|python|java\/|go-http|axios|node-fetch|undici|okhttp|scrapy|httpclient|^node$/i;

export const isBotAgent = (userAgent: string | undefined): boolean =>
  !userAgent?.trim() || BOT_AGENT.test(userAgent);

/**
 * The offer a GET of `url` shows, when it is an offer's page: its HTML or its route data
 * (`….data`, what the browser fetches on a navigation inside the site).
 */
export function visitedOffer(url: string): number | null {
  const path = url.split("?")[0].replace(/\.data$/, "");
  return parseOfferPath(path)?.id ?? null;
}

/** What the request path knows of an answered page: enough to tell a person's visit of an offer. */
export interface AnsweredPage {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

const header = (h: AnsweredPage["headers"], name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v.join(",") : v;
};

/** Counts never grow past this many offer-days between two flushes (a flood of made-up numbers). */
const MAX_PENDING = 100_000;

export class OfferVisits {
  private pending = new Map<string, number>();
  private readonly job: PeriodicJob<number>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    log: (msg: string, err?: unknown) => void,
    flushEverySeconds: number,
  ) {
    this.job = new PeriodicJob({
      name: "zapis odwiedzin ofert",
      everyMs: Math.max(1, flushEverySeconds) * 1000,
      run: () => this.flush(),
      log,
      runAtStart: false,
      passAgainIfWoken: false,
    });
  }

  /** A page answered: counted when it is a person's successful GET of an offer's page. */
  seen(page: AnsweredPage): void {
    if (page.method !== "GET" || page.status !== 200) return;
    // A prefetch is not a visit: the person may never open the page.
    if (/prefetch/i.test(header(page.headers, "sec-purpose") ?? header(page.headers, "purpose") ?? ""))
      return;
    if (isBotAgent(header(page.headers, "user-agent"))) return;
    const id = visitedOffer(page.url);
    if (id !== null) this.count(id);
  }

  count(offerId: number): void {
    const key = `${todayInPoland(this.clock.now())}|${offerId}`;
    const n = this.pending.get(key);
    if (n === undefined && this.pending.size >= MAX_PENDING) return;
    this.pending.set(key, (n ?? 0) + 1);
  }

  /**
   * Adds the counts so far to the table in one statement (offers that do not exist are left out);
   * answers how many offer-days were written. After a failure the counts wait for the next flush.
   */
  async flush(): Promise<number> {
    if (!this.pending.size) return 0;
    const batch = this.pending;
    this.pending = new Map();
    const ids: number[] = [];
    const days: string[] = [];
    const visits: number[] = [];
    for (const [key, n] of batch) {
      const [day, id] = key.split("|");
      days.push(day);
      ids.push(Number(id));
      visits.push(n);
    }
    try {
      await this.db.execute(sql`insert into offer_visits (offer_id, day, visits)
        select v.offer_id, v.day, v.visits
        from unnest(${`{${ids.join(",")}}`}::int[], ${`{${days.join(",")}}`}::date[], ${`{${visits.join(",")}}`}::int[])
          as v(offer_id, day, visits)
        where exists (select 1 from offers o where o.id = v.offer_id)
        on conflict (offer_id, day) do update set visits = offer_visits.visits + excluded.visits`);
    } catch (err) {
      for (const [key, n] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + n);
      throw err;
    }
    return batch.size;
  }

  start(): void {
    this.job.start();
  }

  /** Stops the timer and writes what is counted (a restart loses nothing already seen). */
  async stop(): Promise<void> {
    await this.job.stop();
    await this.flush().catch(() => undefined);
  }
}
