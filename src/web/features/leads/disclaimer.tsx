import { useId, useState } from "react";
import { PrivacyNote } from "../../components/privacy-note";

/** Spec section 5: the disclaimer is shortened to 306 characters (short) or 751 (long). */
export const DISCLAIMER_LENGTH = { short: 306, long: 751 } as const;

/** Cuts a text to at most `max` characters at a word boundary, with an ellipsis. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The form disclaimer (literal FormDisclaimer) with an expand control when it is longer than its mode allows. */
export function Disclaimer({
  text,
  length = "short",
}: {
  text: string;
  length?: keyof typeof DISCLAIMER_LENGTH;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const max = DISCLAIMER_LENGTH[length];
  const long = text.length > max;
  return (
    <div className="text-xs leading-relaxed text-slate-600">
      <p id={id} data-testid="disclaimer">
        {open || !long ? text : shorten(text, max)}
      </p>
      <PrivacyNote />
      {long && (
        <button
          type="button"
          className="mt-1 font-semibold text-brand-700 underline"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Zwiń" : "Rozwiń"}
        </button>
      )}
    </div>
  );
}
