/**
 * The condition grade (ADR 067): one number from 1 (poor) to 5 (very good) derived from the condition
 * report, so bidders compare cars at a glance before reading the whole report.
 *
 * 1. Each rated part counts 5 ("bardzo dobry"), 4 ("dobry"), 3 ("dostateczny") or 2 ("wymaga
 *    naprawy"); the grade starts from their mean.
 * 2. Each tyre below 3 mm of tread takes 0.5 off; below the legal 1.6 mm, 1.
 * 3. Each listed damage takes 0.5 off, at most 2 for all of them.
 * 4. A part that needs repair keeps the grade at 3 or below.
 * 5. Rounded half up, then kept within 1–5. A report without any rated part has no grade.
 */

export type PartRating = "bardzo dobry" | "dobry" | "dostateczny" | "wymaga naprawy";

const POINTS: Record<PartRating, number> = {
  "bardzo dobry": 5,
  dobry: 4,
  dostateczny: 3,
  "wymaga naprawy": 2,
};

export function conditionGrade(r: {
  parts: readonly { Rating: PartRating }[];
  tyres: readonly { TreadDepthMm: number }[];
  damages: readonly unknown[];
}): number | null {
  if (!r.parts.length) return null;
  let grade = r.parts.reduce((sum, p) => sum + POINTS[p.Rating], 0) / r.parts.length;
  for (const t of r.tyres) grade -= t.TreadDepthMm < 1.6 ? 1 : t.TreadDepthMm < 3 ? 0.5 : 0;
  grade -= Math.min(2, r.damages.length * 0.5);
  if (r.parts.some((p) => p.Rating === "wymaga naprawy")) grade = Math.min(grade, 3);
  return Math.min(5, Math.max(1, Math.floor(grade + 0.5)));
}

/** "4 z 5": the grade as the printed offer says it. */
export const conditionGradeText = (grade: number) => `${grade} z 5`;
