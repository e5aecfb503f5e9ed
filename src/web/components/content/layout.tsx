import type { ReactNode } from "react";
import { Link } from "react-router";
import { keepNumbersTogether } from "./format";

/** Width and padding shared by every content page. */
export function Container({
  children,
  className = "",
  narrow = false,
}: {
  children: ReactNode;
  className?: string;
  /** Reading width for long legal text and short confirmation screens. */
  narrow?: boolean;
}) {
  return (
    <div className={`mx-auto w-full px-4 sm:px-6 ${narrow ? "max-w-3xl" : "max-w-6xl"} ${className}`}>
      {children}
    </div>
  );
}

export interface Cta {
  to: string;
  label: string;
  /** Download links go straight to the file, not through the router. */
  download?: boolean;
}

/** Top band of a content page: the page's one h1, a lead and up to two calls to action. */
export function PageHero({
  eyebrow,
  title,
  lead,
  primary,
  secondary,
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  primary?: Cta;
  secondary?: Cta;
}) {
  return (
    <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <Container className="py-12 sm:py-16">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold leading-tight sm:text-4xl">{title}</h1>
        <div className="mt-4 max-w-2xl text-lg text-brand-50">{lead}</div>
        {(primary || secondary) && (
          <div className="mt-8 flex flex-wrap gap-3">
            {primary && <CtaLink cta={primary} variant="primary" />}
            {secondary && <CtaLink cta={secondary} variant="ghost" />}
          </div>
        )}
      </Container>
    </div>
  );
}

const ctaStyles = {
  primary: "bg-accent-500 text-slate-900 hover:bg-amber-400",
  ghost: "border border-white/70 text-white hover:bg-white/10",
  brand: "bg-brand-600 text-white hover:bg-brand-700",
  outline: "border border-brand-600 text-brand-700 hover:bg-brand-50",
} as const;

export function CtaLink({ cta, variant }: { cta: Cta; variant: keyof typeof ctaStyles }) {
  const className = `inline-flex min-h-11 items-center rounded-lg px-5 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 ${ctaStyles[variant]}`;
  if (cta.download || /^(https?:|tel:|mailto:)/.test(cta.to)) {
    return (
      <a href={cta.to} className={className} download={cta.download ? "" : undefined}>
        {cta.label}
      </a>
    );
  }
  return (
    <Link to={cta.to} className={className}>
      {cta.label}
    </Link>
  );
}

/**
 * A titled page section; `id` makes it linkable and labels the region. `more` is the link that ends
 * it, to more on its subject (the whole list, the FAQ).
 */
export function Section({
  id,
  title,
  intro,
  children,
  more,
  tone = "white",
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  more?: Cta;
  tone?: "white" | "muted";
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-tytul`}
      className={`scroll-mt-20 py-12 ${tone === "muted" ? "bg-slate-50" : "bg-white"}`}
    >
      <Container>
        <h2 id={`${id}-tytul`} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {intro && <div className="mt-3 max-w-3xl text-slate-700">{intro}</div>}
        <div className="mt-8">{children}</div>
        {more && (
          <div className="mt-6">
            <CtaLink cta={more} variant="outline" />
          </div>
        )}
      </Container>
    </section>
  );
}

/** Cards with a title and a text, two to four in a row depending on width. */
export function FeatureGrid({ items }: { items: readonly { title: string; text: ReactNode }[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
          <div className="mt-2 text-slate-700">
            {typeof item.text === "string" ? keepNumbersTogether(item.text) : item.text}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps of a process (e.g. three steps to a subsidy, workshop to certificate). */
export function Steps({ steps }: { steps: readonly { title: string; text: ReactNode }[] }) {
  return (
    <ol className="grid gap-4 md:grid-cols-3">
      {steps.map((step, i) => (
        <li key={step.title} className="relative rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
          >
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">
            <span className="sr-only">Krok {i + 1}: </span>
            {step.title}
          </h3>
          <div className="mt-2 text-slate-700">
            {typeof step.text === "string" ? keepNumbersTogether(step.text) : step.text}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Paragraphs of a plain-text answer (paragraphs separated by an empty line). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((p) => (
        <p key={p} className="mt-2 first:mt-0">
          {keepNumbersTogether(p)}
        </p>
      ))}
    </>
  );
}
