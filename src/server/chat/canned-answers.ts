import { and, asc, eq, isNull, or } from "drizzle-orm";
import { cannedAnswerInput } from "../../domain/chat/canned-answer-input";
import type { CannedAnswerDto } from "../../domain/chat/dto";
import type { Db } from "../db/client";
import { chatCannedAnswers } from "../db/schema/index";
import { notFound, parseInput } from "../http/errors";
import type { Consultant } from "./consultants";

const dto = (row: typeof chatCannedAnswers.$inferSelect, consultant: Consultant): CannedAnswerDto => ({
  Id: row.id,
  Shortcut: row.shortcut,
  Text: row.text,
  Shared: row.consultantId === null,
  Mine: row.consultantId === consultant.id,
});

/**
 * Canned answers of the consultants' console: each consultant's own and the team's shared ones
 * (no owner). Any consultant manages the shared ones; nobody sees or touches another's own.
 */
export class CannedAnswers {
  constructor(private readonly db: Db) {}

  private visibleTo(consultant: Consultant) {
    return or(isNull(chatCannedAnswers.consultantId), eq(chatCannedAnswers.consultantId, consultant.id));
  }

  async list(consultant: Consultant): Promise<CannedAnswerDto[]> {
    const rows = await this.db
      .select()
      .from(chatCannedAnswers)
      .where(this.visibleTo(consultant))
      .orderBy(asc(chatCannedAnswers.shortcut), asc(chatCannedAnswers.id));
    return rows.map((r) => dto(r, consultant));
  }

  async add(consultant: Consultant, input: unknown): Promise<CannedAnswerDto> {
    const v = parseInput(cannedAnswerInput, input);
    const [row] = await this.db
      .insert(chatCannedAnswers)
      .values({ consultantId: v.Shared ? null : consultant.id, shortcut: v.Shortcut, text: v.Text })
      .returning();
    return dto(row, consultant);
  }

  async remove(consultant: Consultant, id: number): Promise<void> {
    const gone = await this.db
      .delete(chatCannedAnswers)
      .where(and(eq(chatCannedAnswers.id, id), this.visibleTo(consultant)))
      .returning({ id: chatCannedAnswers.id });
    if (!gone.length) throw notFound("Nie ma takiej gotowej odpowiedzi.");
  }
}
