import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ChatOverviewRowDto } from "../../domain/chat/dto";
import { formatApiDateTime } from "../../domain/format";
import type { Db } from "../db/client";
import { badRequest } from "../http/errors";

/** Days the overview shows unless asked otherwise: today and the six before (Polish time). */
export const OVERVIEW_DEFAULT_DAYS = 7;
/** A longer range is refused: a year of days per consultant is more than a table can show. */
const OVERVIEW_MAX_DAYS = 366;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Podaj datę w formacie RRRR-MM-DD.")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "Podaj istniejącą datę.");
export const overviewQuery = z.object({ from: day.optional(), to: day.optional() });

const DAY_MS = 86_400_000;
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The range asked for, or the last seven days ending today in Warsaw; a reversed or too long one is refused. */
export function overviewRange(q: z.infer<typeof overviewQuery>, now: Date): { from: string; to: string } {
  const to = q.to ?? formatApiDateTime(now).slice(0, 10);
  const from = q.from ?? addDays(to, 1 - OVERVIEW_DEFAULT_DAYS);
  if (from > to) throw badRequest("Data początkowa nie może być późniejsza niż końcowa.");
  if (Date.parse(to) - Date.parse(from) >= OVERVIEW_MAX_DAYS * DAY_MS) {
    throw badRequest(`Wybierz okres najwyżej ${OVERVIEW_MAX_DAYS} dni.`);
  }
  return { from, to };
}

/**
 * Ratings and volume per consultant and day (the day a chat started, in Polish time): chats the
 * consultant took, their messages and files, the average rating and how many rated, and the average
 * wait from the start of a chat to the consultant's first answer. A chat handed over counts for the
 * consultant who had it last, the one the customer rated.
 */
export async function chatOverview(db: Db, from: string, to: string): Promise<ChatOverviewRowDto[]> {
  const result = await db.execute(sql`
    select c.consultant_id as "ConsultantId",
           k.name as "ConsultantName",
           to_char((c.created_at at time zone 'Europe/Warsaw')::date, 'YYYY-MM-DD') as "Day",
           count(*)::int as "Chats",
           coalesce(sum(e.messages), 0)::int as "Messages",
           round(avg(c.rating)::numeric, 2)::float8 as "AverageRating",
           count(c.rating)::int as "Ratings",
           round(avg(extract(epoch from e.first_answer - c.created_at))::numeric)::float8 as "AverageFirstAnswerSeconds"
    from chats c
    join chat_consultants k on k.id = c.consultant_id
    cross join lateral (
      select count(*) filter (where ev.kind in ('message', 'file')) as messages,
             min(ev.created_at) filter (where ev.author = 'agent' and ev.kind in ('message', 'file')) as first_answer
      from chat_events ev where ev.chat_id = c.id
    ) e
    where (c.created_at at time zone 'Europe/Warsaw')::date between ${from}::date and ${to}::date
    group by 1, 2, 3
    order by 3 desc, 2`);
  return (result as unknown as { rows: ChatOverviewRowDto[] }).rows;
}
