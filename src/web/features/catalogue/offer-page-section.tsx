import type { ReactNode } from "react";

/**
 * One section of the offer page below its first screen (vehicle data, equipment, description, service
 * history, similar offers): a titled block the page's outline and screen readers name by its heading.
 */
export function OfferPageSection({
  id,
  title,
  spacing = "mt-10",
  children,
}: {
  id: string;
  title: string;
  spacing?: string;
  children: ReactNode;
}) {
  return (
    <section className={spacing} aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
