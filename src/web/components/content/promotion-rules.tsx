import type { ReactNode } from "react";
import { BRAND } from "../../../domain/brand";
import { Container } from "./layout";

type Paragraph = { heading: string; items: readonly ReactNode[] };

/**
 * Layout of a promotion rules page: the promotion's name, its period and numbered paragraphs (§),
 * the first naming the organiser (and what `organiser` adds to it).
 */
export function PromotionRules({
  name,
  period,
  organiser = [],
  paragraphs: rest,
}: {
  name: string;
  period: string;
  organiser?: readonly ReactNode[];
  paragraphs: readonly Paragraph[];
}) {
  const paragraphs: readonly Paragraph[] = [
    {
      heading: "Organizator",
      items: [
        `Organizatorem promocji jest ${BRAND.legalName} z siedzibą w Warszawie (dalej: Organizator).`,
        ...organiser,
      ],
    },
    ...rest,
  ];
  return (
    <main>
      <Container narrow className="py-10">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Regulamin promocji</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">Promocja „{name}”</h1>
        <p className="mt-2 text-slate-700">{period}</p>
        {paragraphs.map((p, i) => (
          <section key={p.heading} aria-labelledby={`par-${i + 1}`} className="mt-8">
            <h2 id={`par-${i + 1}`} className="text-xl font-semibold text-slate-900">
              § {i + 1}. {p.heading}
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-700">
              {p.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed legal text, never reordered
                <li key={j}>{item}</li>
              ))}
            </ol>
          </section>
        ))}
      </Container>
    </main>
  );
}
